/**
 * Each step's time in the site's build, printed when FDM_BUILD_TIMINGS=1 as lines
 * `[fdm-timing] <step>: <ms> ms` (bench/site.mjs sets it and sums the lines up, with the
 * phases of Docusaurus's own perf logger). Plugins run their hooks side by side, so the
 * figures are wall-clock times that overlap, not shares of the total.
 */
import type { LoadContext, Plugin } from "@docusaurus/types";

const on = process.env.FDM_BUILD_TIMINGS === "1";

/** Prints one step's time, when timings are on. */
export function reportTiming(step: string, ms: number): void {
  if (on) console.log(`[fdm-timing] ${step}: ${Math.round(ms)} ms`);
}

/** Runs `work` and reports its time under `step`. */
export async function timed<T>(step: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    reportTiming(step, performance.now() - started);
  }
}

type PluginFactory = ((context: LoadContext, options: never) => Plugin | Promise<Plugin>) &
  Record<string, unknown>;

const timedHooks = ["loadContent", "contentLoaded", "allContentLoaded", "postBuild"] as const;

/**
 * The plugin `factory` with its creation (TypeDoc runs there) and its content and
 * post-build hooks timed, under `label`. Without FDM_BUILD_TIMINGS, `factory` itself.
 */
export function timedPlugin<F>(label: string, factory: F): F {
  if (!on) return factory;
  const original = factory as unknown as PluginFactory;
  const wrapped = async (context: LoadContext, options: never) => {
    const plugin = await timed(`${label} init`, () => original(context, options));
    if (!plugin) return plugin;
    const hooks = plugin as unknown as Record<string, unknown>;
    for (const hook of timedHooks) {
      const run = hooks[hook];
      if (typeof run !== "function") continue;
      hooks[hook] = (...args: unknown[]) =>
        timed(`${label} ${hook}`, () => run.apply(plugin, args));
    }
    return plugin;
  };
  // Docusaurus reads validateOptions and validateThemeConfig off the factory.
  return Object.assign(wrapped, original) as unknown as F;
}

/** Reports each Rspack compilation's time: the client's and the server's, which run together. */
export function bundlerTimingsPlugin(): Plugin {
  return {
    name: "fdm-build-timings",
    configureWebpack(_config, isServer) {
      if (!on) return {};
      const name = isServer ? "server" : "client";
      return {
        plugins: [
          {
            apply(compiler: {
              hooks: Record<
                "run" | "watchRun" | "done",
                { tap(name: string, fn: () => void): void }
              >;
            }) {
              let started = 0;
              const start = () => {
                started = performance.now();
              };
              compiler.hooks.run.tap("fdm-build-timings", start);
              compiler.hooks.watchRun.tap("fdm-build-timings", start);
              compiler.hooks.done.tap("fdm-build-timings", () =>
                reportTiming(`rspack ${name}`, performance.now() - started),
              );
            },
          },
        ],
      };
    },
  };
}
