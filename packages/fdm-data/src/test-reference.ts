import { readFileSync } from "node:fs";

/**
 * Reads a CSV table of the repository's `reference/` folder (tests and the
 * generator script): RFC 4180 quoting, first row the header; a row whose field
 * count differs from the header's is an error. The catalogues never read these files.
 *
 * @param path - Path inside `reference/`, e.g. `nl-2025/brp-gewascodes.csv`.
 * @returns The rows as records keyed by the header.
 */
export function readReferenceCsv(path: string): Record<string, string>[] {
  const text = readFileSync(new URL(`../../../reference/${path}`, import.meta.url), "utf8").replace(
    /^\uFEFF/,
    "",
  );
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((v) => v !== ""));
  if (!header) throw new Error(`${path} is empty`);
  return body.map((r) => {
    if (r.length !== header.length) throw new Error(`${path}: row with ${r.length} fields`);
    return Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""]));
  });
}

/** A reference cell as a number, or `null` when empty. */
export const numberOrNull = (value: string | undefined) =>
  value === undefined || value === "" ? null : Number(value);
