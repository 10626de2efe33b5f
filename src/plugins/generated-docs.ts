/**
 * Generated docs pages for the e2e build (FDM_GENERATED_DOCS, docusaurus.config.ts): the
 * site with many more pages, to show that an existing page's first load stays the same.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The folder under docs/ (git-ignored) that holds them. */
export const generatedDocsFolder = "generated-for-test";

/** The sidebar they are in, of their own: the docs' sidebar stays what it is. */
export const generatedSidebar = "generatedSidebar";

/** Writes `count` pages into `folder`, in sub-folders of 100, replacing what was there. */
export function writeGeneratedDocs(folder: string, count: number): void {
  rmSync(folder, { recursive: true, force: true });
  for (let n = 1; n <= count; n++) {
    const group = path.join(folder, `group-${Math.ceil(n / 100)}`);
    mkdirSync(group, { recursive: true });
    writeFileSync(
      path.join(group, `page-${n}.md`),
      `---\ndescription: Generated page ${n}, one of ${count} that only the e2e build has.\n---\n\n# Generated page ${n}\n\nA page that only the e2e build has (FDM_GENERATED_DOCS). Its number is ${n}.\n`,
    );
  }
}
