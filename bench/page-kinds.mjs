// What the timing benches (lighthouse.mjs, long-tasks.mjs) share: one page of
// each kind, their common options and the median they report.

/** One page of each kind, below the site's base URL. */
export const pages = {
  home: "",
  docs: "docs/core-concepts/asset-action-model",
  api: "api/fdm-data/src/functions/getCultivationCatalogue",
  "blog post": "blog/release-april-2025",
  "norms page": "docs/norms/nl/2025/stikstofgebruiksnorm",
  glossary: "glossary",
  "API index": "api",
};

/**
 * Reads `--dir <build>` (default build) and `--runs N` (default 1) from the
 * command line, and the flags named in `flags`; what is left are page kinds
 * (all of them when none is given).
 */
export function benchArgs(argv, flags = []) {
  const args = argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] : fallback;
  };
  const dir = option("--dir", "build");
  const runs = Number(option("--runs", "1"));
  const set = Object.fromEntries(flags.map((flag) => [flag, args.includes(flag)]));
  const named = args.filter((arg) => !flags.includes(arg));
  return { dir, runs, flags: set, kinds: named.length ? named : Object.keys(pages) };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
