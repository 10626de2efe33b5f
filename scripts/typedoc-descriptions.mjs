// TypeDoc plugin for the API reference: every page gets a `description` in its front matter,
// the first sentence of its TSDoc as plain text. Without it Docusaurus takes the page's first
// line of Markdown and strips it with patterns made for prose, which on a TypeDoc page is the
// signature or "Defined in: [file](…)": that made "Defined in33", "Readonly\" and "zandnwc"
// (underscores read as emphasis) in the pages' <meta name="description"> and in llms.txt,
// which both use this one description.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ReflectionKind } from "typedoc";
import { MarkdownPageEvent } from "typedoc-plugin-markdown";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (!page.contents) return;
    page.contents = withDescription(page.contents, pageDescription(page.model));
  });
}

/**
 * Comment parts (TypeDoc's display parts) as plain text: code keeps its text without the
 * backticks, a `{@link}` its label, a Markdown link its text; nothing else is changed, so a
 * literal such as `zand_nwc` reads exactly as in the code.
 *
 * @param {readonly { kind: string; text: string }[]} [parts] - The summary's display parts.
 * @returns {string} The text, its line breaks kept (they separate paragraphs and list items).
 */
export function plainText(parts = []) {
  return parts
    .map((part) =>
      part.kind === "code" ? part.text.replace(/^(`+)([\s\S]*)\1$/, "$2") : part.text,
    )
    .join("")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .trim();
}

/** Abbreviations whose full stop does not end a sentence. */
const abbreviation = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|incl|approx|resp)\.$/;

/** Longer than this, a sentence is cut at its first colon (what follows it is detail). */
const longSentence = 160;

/**
 * The first sentence of a text, on one line: from the first paragraph (up to a blank line or a
 * list), up to the first full stop, question or exclamation mark followed by a space or the end,
 * unless it closes an abbreviation ("e.g.", "i.e.") or sits inside a number ("1.0"). A long
 * sentence ends at its first colon; a paragraph that introduces a list ("…by year:") ends in a
 * full stop.
 *
 * @param {string} text - Plain text, possibly several paragraphs.
 * @returns {string} The first sentence, ending in a full stop (or ? or !); "" for no text.
 */
export function firstSentence(text) {
  const paragraph = text.trim().split(/\n\s*\n|\n\s*(?:[-*+]|\d+\.)\s/)[0] ?? "";
  const flat = paragraph.replace(/\s+/g, " ").trim();
  if (!flat) return "";
  let sentence = `${flat.replace(/[\s:;,]+$/, "")}.`;
  for (const m of flat.matchAll(/[.!?](?=\s|$)/g)) {
    const upTo = flat.slice(0, m.index + 1);
    if (m[0] === "." && abbreviation.test(upTo)) continue;
    sentence = upTo;
    break;
  }
  const colon = sentence.indexOf(": ");
  return sentence.length > longSentence && colon > 0 ? `${sentence.slice(0, colon)}.` : sentence;
}

/** What TypeDoc calls each kind, as a reader would say it. */
const kindNames = {
  [ReflectionKind.Function]: "function",
  [ReflectionKind.Class]: "class",
  [ReflectionKind.Interface]: "interface",
  [ReflectionKind.TypeAlias]: "type",
  [ReflectionKind.Variable]: "constant",
  [ReflectionKind.Enum]: "enum",
  [ReflectionKind.Namespace]: "namespace",
};

/** The packages in the order they depend on each other, as the API landing lists them. */
const dependencyOrder = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"];
const dependencyRank = (name) => {
  const i = dependencyOrder.indexOf(name);
  return i === -1 ? dependencyOrder.length : i;
};

/** The package a reflection belongs to ("fdm-core"), from its module's name "fdm-core/src". */
function packageOf(reflection) {
  let r = reflection;
  while (r && r.kind !== ReflectionKind.Module) r = r.parent;
  return r?.name.split("/")[0] ?? "";
}

/** The package.json description of a package under packages/. */
function packageDescription(name) {
  const file = path.join("packages", name, "package.json");
  return JSON.parse(readFileSync(file, "utf8")).description ?? "";
}

/**
 * A page's description: the first sentence of its TSDoc (a function's from its first
 * signature); a package's index says what the package is; a member without TSDoc is named with
 * its kind and package, which is true if short.
 *
 * @param {import("typedoc").Reflection} model - The page's reflection.
 * @returns {string} One sentence of plain text.
 */
export function pageDescription(model) {
  if (model.kind === ReflectionKind.Project) {
    const names = (model.children ?? [])
      .filter((c) => c.kind === ReflectionKind.Module)
      .map((c) => c.name.split("/")[0])
      .toSorted((a, b) => dependencyRank(a) - dependencyRank(b));
    return `The reference of every export of the FDM packages ${names.join(", ")}, generated from their source and TSDoc.`;
  }
  if (model.kind === ReflectionKind.Module) {
    const name = model.name.split("/")[0];
    return firstSentence(plainText(model.comment?.summary) || packageDescription(name));
  }
  const signature = /** @type {any} */ (model).signatures?.[0];
  const own = firstSentence(plainText(signature?.comment?.summary ?? model.comment?.summary));
  if (own) return own;
  const kind = kindNames[model.kind] ?? ReflectionKind.singularString(model.kind).toLowerCase();
  const parent = model.parent?.kind === ReflectionKind.Namespace ? ` (${model.parent.name})` : "";
  return `${model.name}, a ${kind} of ${packageOf(model)}${parent}.`;
}

/**
 * A page's Markdown with `description` in its front matter (a YAML double-quoted string, which
 * JSON's string syntax is); a page without front matter gets one.
 *
 * @param {string} contents - The page as TypeDoc wrote it.
 * @param {string} description - One sentence.
 * @returns {string} The page with its description.
 */
export function withDescription(contents, description) {
  if (!description) return contents;
  const field = `description: ${JSON.stringify(description)}`;
  const front = contents.match(/^---\n([\s\S]*?)\n---\n/);
  if (!front) return `---\n${field}\n---\n\n${contents}`;
  const fields = (front[1] ?? "").split("\n").filter((l) => !l.startsWith("description:"));
  return `---\n${[...fields, field].join("\n")}\n---\n${contents.slice(front[0].length)}`;
}
