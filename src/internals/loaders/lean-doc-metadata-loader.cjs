// Browser build only (see lean-client-data.ts): a docs page's metadata module without
// what nothing in the browser reads. The theme reads the id, title, description,
// permalink, edit URL, tags' labels and links, previous and next, the sidebar, and front
// matter's display keys (hide_title, toc levels, keywords, image, unlisted, draft);
// the source path, slug, version name, sidebar position, the tags' descriptions and the
// front matter's copies of title, description, tags and position are the build's
// (about 0.2-0.3 KB gzip on every docs page).
const frontMatterCopies = ["title", "description", "tags", "sidebar_position", "slug", "id"];

module.exports = function leanDocMetadata(source) {
  const metadata = JSON.parse(source);
  if (typeof metadata !== "object" || metadata === null || !("permalink" in metadata)) {
    return source;
  }
  for (const key of ["source", "sourceDirName", "slug", "version", "sidebarPosition"]) {
    delete metadata[key];
  }
  for (const key of ["draft", "unlisted"]) {
    if (metadata[key] === false) delete metadata[key];
  }
  if (Array.isArray(metadata.tags)) {
    metadata.tags = metadata.tags.map(({ label, permalink }) => ({ label, permalink }));
  }
  if (metadata.frontMatter) {
    for (const key of frontMatterCopies) delete metadata.frontMatter[key];
  }
  return JSON.stringify(metadata);
};
