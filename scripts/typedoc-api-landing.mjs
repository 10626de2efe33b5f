// TypeDoc plugin for the API reference's landing pages, written from the
// packages themselves each time the reference is generated, so they cannot
// drift from the code:
// - /api (the reference's index): each package with its package.json
//   description and where to start;
// - each package's index: its functions grouped by the source file (the area)
//   that defines them, each with the first sentence of its TSDoc, above the
//   generated lists of every export.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ReflectionKind } from "typedoc";
import { MarkdownPageEvent } from "typedoc-plugin-markdown";

/** A package's getting-started page: the first thing to read before its reference. */
const startHere = {
  "fdm-data": "/docs/getting-started/using-catalogues-fdm-data",
  "fdm-core": "/docs/getting-started/basic-usage-fdm-core",
  "fdm-calculator": "/docs/getting-started/running-calculations-fdm-calculator",
};

/**
 * Guides a package has besides its TypeScript reference, shown on the landing and on the
 * package's index: fdm-api is read first as a REST service, by callers in any language.
 */
const guides = {
  "fdm-api":
    "Calling it over HTTP, from any language? Read [the REST API guide](/api/fdm-api/rest/overview) " +
    "and the [endpoint reference](/api/fdm-api/rest/endpoints): every operation with its parameters, " +
    "body and responses. Its TypeScript functions build the app and serve it.",
};

/**
 * What the landing says of a package where its package.json description says less than the
 * package does (the description is the package's own; when it says it all, this goes).
 */
const landingDescriptions = {
  "fdm-calculator":
    "Calculations on the farm data model: the Dutch 2025 and 2026 fertilizer application norms " +
    "and their filling, the dose, the nitrogen and organic-matter balances, and nutrient advice.",
};

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (!page.contents) return;
    if (page.model.kind === ReflectionKind.Project && page.url === "index.md") {
      page.contents = projectLanding(page.model, page.contents);
    } else if (page.model.kind === ReflectionKind.Module && page.url.endsWith("/src/index.md")) {
      page.contents = moduleLanding(page.model, page.contents);
    }
  });
}

const packageName = (module) => module.name.split("/")[0];

/** The packages in the order they depend on each other: each imports only those before it. */
const dependencyOrder = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"];
const dependencyRank = (name) => {
  const i = dependencyOrder.indexOf(name);
  return i === -1 ? dependencyOrder.length : i;
};

/** A count as a word, as the docs write small numbers. */
const count = (n) => ["no", "one", "two", "three", "four", "five", "six", "seven"][n] ?? String(n);

/** Plain text of a comment's parts. */
const text = (parts = []) =>
  parts
    .map((part) => part.text)
    .join("")
    .trim();

/** The first sentence of a summary, on one line. */
function firstSentence(parts) {
  const flat = text(parts).replace(/\s+/g, " ");
  const end = flat.search(/[.:;](\s|$)/);
  return end === -1 ? flat : flat.slice(0, end + 1).replace(/[:;]$/, ".");
}

function description(name) {
  const file = path.join("packages", name, "package.json");
  return JSON.parse(readFileSync(file, "utf8")).description ?? "";
}

/** @param {import("typedoc").ProjectReflection} project */
function projectLanding(project, contents) {
  const modules = (project.children ?? []).filter((c) => c.kind === ReflectionKind.Module);
  const blocks = modules
    .toSorted((a, b) => dependencyRank(packageName(a)) - dependencyRank(packageName(b)))
    .map((module) => {
      const name = packageName(module);
      const functions = (module.children ?? []).filter((c) => c.kind === ReflectionKind.Function);
      const own = description(name);
      const lines = [
        `## ${name}`,
        "",
        landingDescriptions[name] && !/organic-matter/.test(own) ? landingDescriptions[name] : own,
        "",
        ...(guides[name] ? [guides[name], ""] : []),
        `The [${name} reference](${module.name}/index.md) lists its ${functions.length} functions by task.` +
          (startHere[name] ? ` New to it? Start with [the guide](${startHere[name]}).` : ""),
      ];
      return lines.join("\n");
    });
  const intro =
    `The reference of the toolkit's ${count(modules.length)} packages, generated from their source and TSDoc. ` +
    `They depend one way: ${dependencyOrder.join(" ← ")} (each imports only packages to its left).`;
  return contents.replace(/## Modules\n[\s\S]*$/, `${intro}\n\n${blocks.join("\n\n")}\n`);
}

/** Areas whose file name says little to a reader. */
const areaTitles = { fdm: "Database connection", auth: "Authentication" };

/** "fertilizer-application" -> "Fertilizer application" */
const areaTitle = (area) => {
  if (areaTitles[area]) return areaTitles[area];
  const words = area.replace(/[-_/]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** @param {import("typedoc").DeclarationReflection} module */
function moduleLanding(module, contents) {
  const name = packageName(module);
  const byArea = new Map();
  for (const child of module.children ?? []) {
    if (child.kind !== ReflectionKind.Function) continue;
    const file = child.sources?.[0]?.fileName ?? "";
    const rel = file.split("/src/")[1] ?? file;
    const area = rel.includes("/") ? rel.split("/")[0] : rel.replace(/\.ts$/, "");
    const line = firstSentence(child.signatures?.[0]?.comment?.summary ?? child.comment?.summary);
    if (!byArea.has(area)) byArea.set(area, []);
    byArea.get(area).push(`- [${child.name}](functions/${child.name}.md): ${line}`);
  }
  if (byArea.size === 0) return contents;
  const sections = [...byArea.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([area, lines]) => `### ${areaTitle(area)}\n\n${lines.join("\n")}`);
  const start = startHere[name]
    ? `New to ${name}? Start with [the guide](${startHere[name]}), then come back here for the details.\n\n`
    : guides[name]
      ? `${guides[name]}\n\n`
      : "";
  // "fdm-core/src" says less than the package name; a package without a
  // module comment is introduced by its package.json description.
  contents = contents.replace(
    /^# .*$/m,
    module.comment ? `# ${name}` : `# ${name}\n\n${description(name)}`,
  );
  const landing = `${start}## Functions by task\n\n${sections.join("\n\n")}\n\n## Every export\n\n`;
  // After the module comment, before the generated lists (which start at the first "## ").
  const at = contents.indexOf("\n## ");
  if (at === -1) return `${contents}\n\n${landing}`;
  // The generated lists become sections of "Every export".
  const rest = contents.slice(at + 1).replace(/^## /gm, "### ");
  return `${contents.slice(0, at + 1)}\n${landing}${rest}`;
}
