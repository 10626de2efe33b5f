/**
 * The llmstxt.org reference parser (`parse_llms_txt` of the `llms_txt` Python package),
 * ported line for line so that tests read `llms.txt` as assistants' tools do: the file is split
 * at every line that starts with `##` (so `### x` becomes a section named "# x"), the sections
 * go into a dict by name (a repeated name keeps only its last section), and every non-empty
 * line of a section must hold a link `- [title](url): description`.
 */
export interface ParsedLlms {
  title: string;
  summary: string | undefined;
  info: string;
  /** The sections by name, as the parser's dict keeps them. */
  sections: Map<string, { title: string; url: string; desc: string | undefined }[]>;
  /** How many sections the file has, before the dict drops repeated names. */
  sectionCount: number;
}

/**
 * Parses an llms.txt file as the reference parser does.
 *
 * @param text - The file's text.
 * @returns Its title, summary, notes and sections.
 * @throws Error when a section holds a line without a link (the Python parser fails there too)
 *   or the file has no H1.
 */
export function parseLlmsTxt(text: string): ParsedLlms {
  const linkPattern = /-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?/;
  const links = (block: string) =>
    block
      .trim()
      .split(/\n+/)
      .filter((l) => l.trim())
      .map((l) => {
        const m = l.match(linkPattern);
        if (!m?.groups) throw new Error(`llms.txt: a section line without a link: ${l}`);
        return { title: m.groups.title ?? "", url: m.groups.url ?? "", desc: m.groups.desc };
      });
  const [start = "", ...rest] = text.split(/^##\s*(.*?$)/m);
  const sections = new Map<string, ReturnType<typeof links>>();
  for (let i = 0; i + 1 < rest.length; i += 2)
    sections.set(rest[i] ?? "", links(rest[i + 1] ?? ""));
  const head = start
    .trim()
    .match(/^#\s*(?<title>.+?$)\n+(?:^>\s*(?<summary>.+?$)$)?\n+(?<info>[\s\S]*)/m);
  if (!head?.groups) throw new Error("llms.txt: no H1");
  return {
    title: head.groups.title ?? "",
    summary: head.groups.summary,
    info: head.groups.info ?? "",
    sections,
    sectionCount: rest.length / 2,
  };
}
