/**
 * The REST API's endpoint reference, generated from the OpenAPI document the service serves
 * (GET /v1/openapi.json): one MDX page per operation in api/fdm-api/rest/endpoints/, beside fdm-api's
 * TypeDoc pages. There they are part of the API reference's docs instance, whose routes and
 * sidebar load only on API pages (lean-client-data.ts), so the other pages carry nothing of
 * them; in the docs instance, 86 pages put 6 KB gzip into every page. TypeDoc empties api/ when
 * it renders, so this plugin only prepares the pages (`globalThis.fdmRestReference`), and
 * scripts/typedoc-rest-reference.mjs writes them once TypeDoc has rendered. Plain Markdown
 * tables, so the pages add no JavaScript of their own.
 *
 * The document comes from a child process (scripts/openapi-document.mts) that builds the
 * app and asks it for the document. It is cached under node_modules/.cache by a hash of
 * what it is made from (fdm-api's sources, fdm-core's schema with the enumerations, that
 * script), so a warm build runs no child process. Each schema whose name is an export of
 * fdm-core, fdm-calculator, fdm-data or fdm-api links to that export's API page, and so does each
 * function an operation calls (named by its operationId or its summary).
 * FDM_BUILD_TIMINGS=1 prints how long the generation took (cold: the child process).
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { LoadContext, Plugin } from "@docusaurus/types";
import { reportTiming } from "./build-timings";

/** The folder of the generated pages, in the API reference's docs folder. */
export const referenceDir = "api/fdm-api/rest/endpoints";

// ------------------------------------------------------------------ the document

/** The parts of an OpenAPI 3.1 document the pages show. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  example?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: OpenApiSchema;
  prefixItems?: OpenApiSchema[];
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
}
interface Content {
  [mediaType: string]: { schema?: OpenApiSchema };
}
export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Content };
  responses: Record<string, { description: string; content?: Content }>;
  security?: Array<Record<string, string[]>>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/** Every file below `dir`, sorted, as paths relative to `root`. */
function filesBelow(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      return entry.isDirectory() ? filesBelow(root, rel) : [rel];
    });
}

/** What the document is made from: a change to any of these makes a new one. */
export function documentInputs(root: string): string[] {
  return [
    ...filesBelow(root, "packages/fdm-api/src").filter((f) => !f.endsWith(".test.ts")),
    "packages/fdm-core/src/schema.ts",
    "scripts/openapi-document.mts",
  ];
}

/** The hash of the document's inputs: their paths and contents. */
export function documentHash(root: string): string {
  const hash = createHash("sha256");
  for (const file of documentInputs(root)) {
    const full = path.join(root, file);
    if (!existsSync(full) || !statSync(full).isFile()) continue;
    hash.update(`${file}\0`).update(readFileSync(full)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The OpenAPI document: from the cache when its inputs are unchanged, else from the app.
 * Asynchronous, so the other plugins' setup (TypeDoc's) goes on while the child runs.
 */
export async function loadDocument(root: string): Promise<OpenApiDocument> {
  const cacheDir = path.join(root, "node_modules/.cache/fdm-rest-api");
  const cached = path.join(cacheDir, `openapi-${documentHash(root)}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as OpenApiDocument;
  const { stdout: text } = await promisify(execFile)(
    process.execPath,
    ["--conditions=source", "--import", "tsx", "scripts/openapi-document.mts"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const document = JSON.parse(text) as OpenApiDocument;
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, text);
  return document;
}

// ------------------------------------------------------------------ API reference links

// fdm-core first: a name both it and fdm-api export (none today) is fdm-core's type.
const packages = ["fdm-core", "fdm-calculator", "fdm-data", "fdm-api"];

/** The folder TypeDoc gives a declaration of this kind. */
function kindFolder(source: string, name: string): string | null {
  const n = name.replace(/\$/g, "\\$");
  const tests: Array<[RegExp, string]> = [
    [new RegExp(`^export (?:declare )?(?:async )?function\\*? ${n}\\b`, "m"), "functions"],
    [new RegExp(`^export const ${n}\\s*(?::[^=]*)?=\\s*(?:async\\s*)?\\(`, "m"), "functions"],
    [new RegExp(`^export (?:abstract )?class ${n}\\b`, "m"), "classes"],
    [new RegExp(`^export interface ${n}\\b`, "m"), "interfaces"],
    [new RegExp(`^export type ${n}\\b`, "m"), "type-aliases"],
    [new RegExp(`^export (?:const|let) ${n}\\b`, "m"), "variables"],
  ];
  for (const [pattern, folder] of tests) if (pattern.test(source)) return folder;
  return null;
}

/** The module file an import specifier (`./farm.js`) names, relative to `from`. */
function moduleFile(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ""));
  for (const file of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(file)) return file;
  }
  return null;
}

/** Where `name` is declared, following `export { … } from` re-exports from `file`. */
function declarationFolder(file: string, name: string, depth = 0): string | null {
  const source = readFileSync(file, "utf8");
  const own = kindFolder(source, name);
  if (own || depth > 5) return own;
  for (const m of source.matchAll(/export (?:type )?\{([^}]*)\} from "([^"]+)"/g)) {
    const names = (m[1] ?? "").split(",").map((s) => s.trim().replace(/^type /, ""));
    const target = moduleFile(file, m[2] ?? "");
    if (!target) continue;
    for (const entry of names) {
      const [original, alias] = entry.split(/\s+as\s+/);
      if ((alias ?? original) === name && original)
        return declarationFolder(target, original, depth + 1);
    }
  }
  return null;
}

/**
 * The API reference page of every name the packages export from their entry, as the site
 * path TypeDoc gives it (`/api/fdm-core/src/functions/addFarm`). Read from the sources with
 * a few patterns rather than the compiler, so it costs milliseconds; a path that does not
 * exist fails the build (onBrokenLinks: "throw").
 */
export function apiPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const pkg of packages) {
    const entry = path.join(root, `packages/${pkg}/src/index.ts`);
    if (!existsSync(entry)) continue;
    const source = readFileSync(entry, "utf8");
    for (const m of source.matchAll(/export (?:type )?\{([^}]*)\} from "([^"]+)"/g)) {
      const target = moduleFile(entry, m[2] ?? "");
      if (!target) continue;
      for (const raw of (m[1] ?? "").split(",")) {
        const [original, alias] = raw
          .trim()
          .replace(/^type /, "")
          .split(/\s+as\s+/);
        const name = alias ?? original;
        if (!name || !original || pages.has(name)) continue;
        const folder = declarationFolder(target, original);
        if (folder) pages.set(name, `/api/${pkg}/src/${folder}/${name}`);
      }
    }
  }
  return pages;
}

// ------------------------------------------------------------------ Markdown

/** Text for MDX outside code: braces and angle brackets escaped; inline code kept as is. */
function prose(text: string, links: Map<string, string>): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => {
      if (i % 2 === 1) {
        const name = part.slice(1, -1).replace(/\(\)$/, "");
        const link = links.get(name);
        return link ? `[${part}](${link})` : part;
      }
      return part.replace(/[{}<>]/g, (c) => `\\${c}`);
    })
    .join("");
}

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

/** Inline code that may hold backticks or pipes. */
function code(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, "");
export const schemaAnchor = (name: string) => `schema-${name.toLowerCase()}`;

/** The schemas named by `$ref` anywhere in `value`. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") into.add(refName(v));
      else refsIn(v, into);
    }
  }
  return into;
}

/** A number as the docs write it: thousands separated from 10,000 on, so years stay 2025. */
const number = (n: number) => (Math.abs(n) >= 10_000 ? n.toLocaleString("en-US") : String(n));

/** Rules on a value besides its type: ranges, lengths, formats. */
function constraints(s: OpenApiSchema): string[] {
  const out: string[] = [];
  if (s.format) out.push(s.format);
  if (s.minimum !== undefined && s.maximum !== undefined)
    out.push(`${number(s.minimum)} to ${number(s.maximum)}`);
  else if (s.minimum !== undefined) out.push(`at least ${number(s.minimum)}`);
  else if (s.maximum !== undefined) out.push(`at most ${number(s.maximum)}`);
  if (s.minLength !== undefined && s.maxLength !== undefined)
    out.push(`${number(s.minLength)}–${number(s.maxLength)} characters`);
  else if (s.maxLength !== undefined) out.push(`at most ${number(s.maxLength)} characters`);
  else if (s.minLength !== undefined) out.push(`at least ${number(s.minLength)} characters`);
  if (s.pattern) out.push(`matching ${code(s.pattern)}`);
  return out;
}

/** How many items an array holds, as " (1–20,000 items)"; empty when unbounded. */
function itemCount(s: OpenApiSchema): string {
  const items = (n: number) => `${number(n)} item${n === 1 ? "" : "s"}`;
  if (s.minItems !== undefined && s.maxItems !== undefined)
    return ` (${number(s.minItems)}–${items(s.maxItems)})`;
  if (s.minItems !== undefined) return ` (at least ${items(s.minItems)})`;
  if (s.maxItems !== undefined) return ` (at most ${items(s.maxItems)})`;
  return "";
}

/** A short description of a value's type, with links to the schemas it names. */
export function typeOf(s: OpenApiSchema | undefined): string {
  if (!s) return "any";
  if (s.$ref) {
    const name = refName(s.$ref);
    return `[${code(name)}](#${schemaAnchor(name)})`;
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return alternatives.map(typeOf).join(" or ");
  if (s.allOf) return s.allOf.map(typeOf).join(" and ");
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nullable = types.includes("null");
  const base = types.filter((t) => t !== "null");
  let text: string;
  if (s.enum?.length === 1) text = code(JSON.stringify(s.enum[0]));
  else if (s.enum) text = `one of ${s.enum.map((v) => code(JSON.stringify(v))).join(", ")}`;
  else if (base[0] === "array" && s.prefixItems) text = `[${s.prefixItems.map(typeOf).join(", ")}]`;
  else if (base[0] === "array") text = `array${itemCount(s)} of ${typeOf(s.items)}`;
  else if (base[0] === "object" && !s.properties && s.additionalProperties) {
    text =
      s.additionalProperties === true ? "object" : `map: key → ${typeOf(s.additionalProperties)}`;
  } else text = base.join(" or ") || "any";
  const rules = constraints(s);
  if (rules.length) text += ` (${rules.join(", ")})`;
  return nullable && !s.enum?.includes(null) ? `${text} or null` : text;
}

/** Notes on a value: its description, default and example. */
function notes(s: OpenApiSchema | undefined, links: Map<string, string>): string {
  if (!s) return "";
  const out: string[] = [];
  if (s.description) out.push(prose(s.description, links));
  if (s.default !== undefined) out.push(`Default ${code(JSON.stringify(s.default))}.`);
  if (s.example !== undefined && !s.enum) out.push(`Example: ${code(JSON.stringify(s.example))}.`);
  return out.join(" ");
}

/** Rows of a properties table: each property, and those of inline objects under it. */
function propertyRows(
  s: OpenApiSchema,
  links: Map<string, string>,
  prefix = "",
  depth = 0,
): string[] {
  const rows: string[] = [];
  const required = new Set(s.required ?? []);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const key = `${prefix}${name}`;
    rows.push(
      `| ${code(key)} | ${cell(typeOf(prop))} | ${required.has(name) ? "yes" : "no"} | ${cell(notes(prop, links))} |`,
    );
    if (depth < 3) rows.push(...nestedRows(prop, links, key, depth + 1));
  }
  return rows;
}

/** Rows for the inside of an inline object, a map of inline objects or an array of them. */
function nestedRows(
  prop: OpenApiSchema,
  links: Map<string, string>,
  key: string,
  depth: number,
): string[] {
  if (prop.properties) return propertyRows(prop, links, `${key}.`, depth);
  const value = prop.additionalProperties;
  if (value && typeof value === "object" && value.properties)
    return propertyRows(value, links, `${key}.<key>.`, depth);
  if (prop.items?.properties) return propertyRows(prop.items, links, `${key}[].`, depth);
  return [];
}

const tableHead = ["| Property | Type | Required | Description |", "| --- | --- | --- | --- |"];

/** A schema's section: its description, the fdm export it mirrors, its properties. */
function schemaSection(name: string, s: OpenApiSchema, links: Map<string, string>): string {
  const lines = [`### ${code(name)} {#${schemaAnchor(name)}}`, ""];
  const page = links.get(name);
  if (page) {
    const pkg = page.split("/")[2];
    lines.push(`The JSON form of ${pkg}'s [${code(name)}](${page}).`, "");
  }
  if (s.description) lines.push(prose(s.description, links), "");
  const body = (part: OpenApiSchema): string[] => {
    if (part.properties) {
      const rows = propertyRows(part, links);
      const closed =
        part.additionalProperties === false ? ["No other properties are accepted."] : [];
      return [...tableHead, ...rows, "", ...closed];
    }
    return [`${typeOf(part)}.`];
  };
  if (s.allOf) {
    for (const part of s.allOf) {
      if (part.$ref) lines.push(`Every property of ${typeOf(part)}, and:`, "");
      else lines.push(...body(part), "");
    }
  } else if (s.oneOf ?? s.anyOf) {
    const variants = (s.oneOf ?? s.anyOf) as OpenApiSchema[];
    lines.push("One of:", "");
    variants.forEach((variant, i) => {
      lines.push(`${i + 1}. ${variant.properties ? "an object:" : typeOf(variant)}`, "");
      if (variant.properties) lines.push(...body(variant).map((l) => (l ? `   ${l}` : l)), "");
    });
  } else lines.push(...body(s), "");
  return lines.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** The schemas a set of names needs, each followed through its own references. */
function closure(names: Set<string>, schemas: Record<string, OpenApiSchema>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !schemas[name]) return;
    seen.add(name);
    for (const inner of refsIn(schemas[name], new Set())) visit(inner);
  };
  for (const name of names) visit(name);
  return [...seen];
}

const yamlString = (text: string) => JSON.stringify(text.replace(/\s+/g, " ").trim());
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The fdm functions an operation calls: its operationId and the names in its summary. */
function calledFunctions(op: Operation, links: Map<string, string>): string[] {
  const names = new Set<string>();
  if (links.get(op.operationId)?.includes("/functions/")) names.add(op.operationId);
  const named = op.summary?.match(/\((fdm-(?:core|calculator)) ([^)]*)\)\.?$/);
  for (const word of named?.[2]?.split(/[^\w]+/) ?? []) {
    if (links.get(word)?.includes("/functions/")) names.add(word);
  }
  return [...names];
}

/** The sentence of a summary without the fdm function it names at the end. */
const shortSummary = (summary: string) =>
  summary.replace(/\s*\(fdm-(?:core|calculator) [^)]*\)\.?$/, ".").replace(/\.\.$/, ".");

/** One operation's page. */
export function operationPage(
  method: string,
  route: string,
  op: Operation,
  document: OpenApiDocument,
  links: Map<string, string>,
  position: number,
): string {
  const base = document.servers?.[0]?.url ?? "";
  const fullPath = `${base}${route}`;
  const verb = method.toUpperCase();
  const schemas = document.components?.schemas ?? {};
  const summary = op.summary ?? op.operationId;
  const lines = [
    "---",
    `title: ${yamlString(`${verb} ${fullPath}`)}`,
    `sidebar_label: ${yamlString(op.operationId)}`,
    `sidebar_position: ${position}`,
    `description: ${yamlString(`${verb} ${fullPath}: ${shortSummary(summary)}`)}`,
    "---",
    "",
    prose(shortSummary(summary), links),
    "",
    `Operation id (for client generators): ${code(op.operationId)}.`,
    "",
  ];
  if (op.description) lines.push(prose(op.description, links), "");
  const called = calledFunctions(op, links);
  if (called.length) {
    const list = called.map((name) => `[${code(name)}](${links.get(name)})`).join(" or ");
    lines.push(`It calls ${list} as the authenticated principal, so fdm-core decides access.`, "");
  }
  lines.push(
    op.security?.length
      ? "Authentication: an API key (`Authorization: Bearer fdm_…`) or a session cookie; see [Authentication and keys](/api/fdm-api/rest/authentication)."
      : "Authentication: none.",
    "",
  );

  lines.push("## Request", "");
  const params = op.parameters ?? [];
  if (params.length) {
    lines.push(
      "### Parameters",
      "",
      "| Name | In | Type | Required | Description |",
      "| --- | --- | --- | --- | --- |",
      ...params.map(
        (p) =>
          `| ${code(p.name)} | ${p.in} | ${cell(typeOf(p.schema))} | ${p.required ? "yes" : "no"} | ${cell(
            notes({ ...p.schema, description: p.description ?? p.schema?.description }, links),
          )} |`,
      ),
      "",
    );
  }
  const used = new Set<string>();
  const requestContent = op.requestBody?.content ?? {};
  const requestTypes = Object.entries(requestContent);
  if (requestTypes.length) {
    lines.push("### Body", "");
    for (const [type, { schema }] of requestTypes) {
      lines.push(`${code(type)}: ${typeOf(schema)}.`, "");
      refsIn(schema, used);
    }
  } else lines.push(params.length ? "No body." : "No parameters and no body.", "");

  lines.push("## Responses", "", "| Status | Meaning | Body |", "| --- | --- | --- |");
  for (const [status, response] of Object.entries(op.responses)) {
    const bodies = Object.entries(response.content ?? {}).map(
      ([type, { schema }]) => `${typeOf(schema)} as ${code(type)}`,
    );
    refsIn(response.content, used);
    const bodyText = bodies.length ? bodies.join("; ") : "none";
    lines.push(`| ${status} | ${cell(prose(response.description, links))} | ${cell(bodyText)} |`);
  }
  lines.push("");
  if (used.has("Problem")) {
    lines.push(
      "A problem's `code`, `field` and `rule` are described in [Errors](/api/fdm-api/rest/errors).",
      "",
    );
  }

  const names = closure(used, schemas);
  if (names.length) {
    lines.push("## Schemas", "");
    for (const name of names)
      lines.push(schemaSection(name, schemas[name] as OpenApiSchema, links), "");
  }
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}

/** The reference's index page: every operation by tag, with its method, path and summary. */
function indexPage(
  groups: Map<string, Array<{ file: string; verb: string; path: string; summary: string }>>,
  document: OpenApiDocument,
  links: Map<string, string>,
): string {
  const lines = [
    "---",
    'title: "Endpoint reference"',
    "sidebar_label: Endpoint reference",
    "sidebar_position: 0",
    `description: ${yamlString(`Every operation of the ${document.info.title} ${document.info.version}, generated from its OpenAPI document.`)}`,
    "---",
    "",
    `Every operation of the ${document.info.title} (document version ${document.info.version}), generated at build time from the OpenAPI 3.1 document the service serves at \`GET /v1/openapi.json\`. Each page lists the operation's parameters, its body and its responses with their schemas.`,
    "",
  ];
  if (document.info.description) lines.push(`> ${prose(document.info.description, links)}`, "");
  for (const [tag, ops] of groups) {
    lines.push(`## ${tag}`, "", "| Operation | Summary |", "| --- | --- |");
    for (const o of ops) {
      lines.push(
        `| [${code(`${o.verb} ${o.path}`)}](./${o.file}.mdx) | ${cell(prose(shortSummary(o.summary), links))} |`,
      );
    }
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** All pages of the reference: relative file name → content. */
export function referencePages(
  document: OpenApiDocument,
  links: Map<string, string>,
): Map<string, string> {
  const files = new Map<string, string>();
  const groups = new Map<
    string,
    Array<{ file: string; verb: string; path: string; summary: string }>
  >();
  const base = document.servers?.[0]?.url ?? "";
  const methods = ["get", "put", "post", "patch", "delete"];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const group = groups.get(tag) ?? [];
      groups.set(tag, group);
      const file = `${slug(tag)}/${op.operationId}.mdx`;
      files.set(file, operationPage(method, route, op, document, links, group.length + 1));
      group.push({
        file: file.replace(/\.mdx$/, ""),
        verb: method.toUpperCase(),
        path: `${base}${route}`,
        summary: op.summary ?? "",
      });
    }
  }
  // endpoints/ after the guide pages of api/fdm-api/rest/; its index.mdx is the category's page.
  files.set(
    "_category_.json",
    `${JSON.stringify({ label: "Endpoint reference", position: 20, collapsed: true }, null, 2)}\n`,
  );
  [...groups.keys()].forEach((tag, i) => {
    files.set(
      `${slug(tag)}/_category_.json`,
      `${JSON.stringify({ label: tag, position: i + 1, collapsed: true }, null, 2)}\n`,
    );
  });
  files.set("index.mdx", indexPage(groups, document, links));
  return files;
}

declare global {
  /** The pages, relative file name → content, for scripts/typedoc-rest-reference.mjs. */
  var fdmRestReference: Promise<Map<string, string>> | undefined;
}

/**
 * Prepares the reference's pages when the config loads, while TypeDoc converts the packages;
 * the plugin itself adds nothing to the site.
 */
export default function restApiReferencePlugin({ siteDir }: LoadContext): Plugin {
  const started = performance.now();
  globalThis.fdmRestReference = loadDocument(siteDir).then((document) => {
    const pages = referencePages(document, apiPages(siteDir));
    reportTiming("rest-api-reference pages", performance.now() - started);
    return pages;
  });
  // Not awaited here; a failure fails TypeDoc's render, which awaits it.
  globalThis.fdmRestReference.catch(() => {});
  return { name: "fdm-rest-api-reference" };
}
