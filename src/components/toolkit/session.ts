/**
 * A docs sample's runs (RunnableSample.tsx), loaded on the reader's first
 * sign of intent: the compiled sample is fetched, and a run reports its
 * lines, progress and outcome to the component.
 */
import { type OutputLine, onProgress, type Progress, type RunOutcome, run } from "./runner";

export interface Compiled {
  ts: string;
  js: string;
}

const compiled = new Map<string, Promise<Compiled>>();

/** The sample as the site built it: its TypeScript and the JavaScript the worker runs. */
export function loadSample(url: string): Promise<Compiled> {
  let sample = compiled.get(url);
  if (!sample) {
    sample = fetch(url).then(async (response) => {
      if (!response.ok)
        throw new Error(`could not load the compiled sample (HTTP ${response.status})`);
      return (await response.json()) as Compiled;
    });
    compiled.set(url, sample);
    sample.catch(() => compiled.delete(url));
  }
  return sample;
}

export interface SampleRunCallbacks {
  line(line: OutputLine): void;
  progress(progress: Progress): void;
  started(): void;
}

/**
 * Runs the sample, or its edited text when it differs; resolves with how it
 * ended. `stop` on the returned handle ends it at once.
 */
export function runSample(
  url: string,
  edited: string | null,
  on: SampleRunCallbacks,
): { result: Promise<RunOutcome>; stop(): void } {
  let handle: { stop(): void } | null = null;
  let stopped = false;
  const unsubscribe = onProgress(on.progress);
  const result = (async (): Promise<RunOutcome> => {
    try {
      const source = await loadSample(url);
      if (stopped) return { kind: "stopped" };
      const request = edited !== null && edited !== source.ts ? { ts: edited } : { js: source.js };
      const running = run(request, on.line, on.started);
      handle = running;
      return await running.result;
    } catch (error) {
      return { kind: "crashed", message: error instanceof Error ? error.message : String(error) };
    } finally {
      unsubscribe();
    }
  })();
  return {
    result,
    stop() {
      stopped = true;
      handle?.stop();
    },
  };
}
