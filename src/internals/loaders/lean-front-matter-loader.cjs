// Browser build only, docs pages (see lean-client-data.ts): compiled Markdown exports
// its front matter, which the theme reads for display keys only (hide_title, toc levels,
// keywords, image, unlisted, draft). Title, description, tags and sidebar keys are the
// build's: the page's metadata already carries what the browser shows of them.
const buildOnly = [
  "title",
  "description",
  "sidebar_position",
  "sidebar_label",
  "tags",
  "slug",
  "id",
];
const exported = /^export const frontMatter = (\{[\s\S]*?\});$/m;

module.exports = function leanFrontMatter(source) {
  const match = exported.exec(source);
  if (!match) return source;
  // The object is what the mdx-loader wrote from the page's YAML (stringify-object).
  const frontMatter = new Function(`return (${match[1]});`)();
  for (const key of buildOnly) delete frontMatter[key];
  return source.replace(
    match[0],
    () => `export const frontMatter = ${JSON.stringify(frontMatter)};`,
  );
};
