/**
 * Generated docs pages for the e2e build (FDM_GENERATED_DOCS, docusaurus.config.ts): the
 * site with many more pages, to show that an existing page's first load stays the same.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The folder under docs/ (git-ignored) that holds them. */
export const generatedDocsFolder = "generated-for-test";

/** The sidebar they are in, of their own: the docs' sidebar stays what it is. */
export const generatedSidebar = "generatedSidebar";

/** The text of generated page `n` of `count`. */
const pageText = (n: number, count: number): string =>
  `---\ndescription: Generated page ${n}, one of ${count} that only the e2e build has.\n---\n\n# Generated page ${n}\n\nA page that only the e2e build has (FDM_GENERATED_DOCS). Its number is ${n}.\n`;

/**
 * Writes `count` pages into `folder`, in sub-folders of 100. A page already there as it
 * should be is left alone, and none is removed: tests that read docs/ may run alongside
 * the e2e build (.ci/run), and must not see a file vanish.
 */
export function writeGeneratedDocs(folder: string, count: number): void {
  for (let n = 1; n <= count; n++) {
    const group = path.join(folder, `group-${Math.ceil(n / 100)}`);
    const file = path.join(group, `page-${n}.md`);
    const text = pageText(n, count);
    if (existsSync(file) && readFileSync(file, "utf8") === text) continue;
    mkdirSync(group, { recursive: true });
    writeFileSync(file, text);
  }
}
