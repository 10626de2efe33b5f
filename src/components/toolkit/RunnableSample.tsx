/**
 * A docs sample with a "Run" button: the sample, compiled when the site was
 * built, runs in a Web Worker on the reader's machine (fdm-core on PGlite,
 * fdm-calculator); its console output and outcome appear under the block. The
 * reader can edit it and run it again. Nothing loads until the first click.
 */
import useBaseUrl from "@docusaurus/useBaseUrl";
import InlineStyle from "@site/src/components/InlineStyle";
import { type ReactNode, useId, useRef, useState } from "react";
import Output from "./Output";
import type { OutputLine, RunOutcome } from "./runner";
import { css, styles } from "./styles";

const LIMIT_S = 60;

interface Compiled {
  ts: string;
  js: string;
}

export default function RunnableSample({
  sampleId,
  reason,
  withStyles = false,
  children,
}: {
  sampleId: string;
  reason?: string;
  /** Renders the samples' stylesheet: set on the first sample of a page. */
  withStyles?: boolean;
  children: ReactNode;
}): ReactNode {
  const url = useBaseUrl(`/fdm-samples/${sampleId}.json`);
  const editorId = useId();
  const [compiled, setCompiled] = useState<Compiled | null>(null);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [lines, setLines] = useState<OutputLine[]>([]);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  async function load(): Promise<Compiled> {
    if (compiled) return compiled;
    const response = await fetch(url);
    if (!response.ok)
      throw new Error(`could not load the compiled sample (HTTP ${response.status})`);
    const loaded = (await response.json()) as Compiled;
    setCompiled(loaded);
    return loaded;
  }

  async function run() {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    setLines([]);
    setOutcome(null);
    try {
      const source = await load();
      const { startWorker, runInWorker } = await import("./runner");
      const worker = startWorker();
      const edited = editing && text !== source.ts;
      const result = await runInWorker(
        worker,
        edited ? { type: "run", ts: text } : { type: "run", js: source.js },
        (line) => setLines((all) => [...all, line]),
        LIMIT_S * 1000,
      );
      worker.terminate();
      setOutcome(result);
    } catch (error) {
      setOutcome({
        kind: "crashed",
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }

  async function toggleEdit() {
    if (!editing && text === "") {
      try {
        setText((await load()).ts);
      } catch (error) {
        setOutcome({ kind: "crashed", message: String(error) });
        return;
      }
    }
    setEditing(!editing);
  }

  if (reason) {
    return (
      <div className={styles.sample}>
        {withStyles && <InlineStyle css={css} />}
        {children}
        <p className={styles.note}>Not runnable in the browser: {reason}. Run it with Node.</p>
      </div>
    );
  }
  return (
    <div className={styles.sample}>
      {withStyles && <InlineStyle css={css} />}
      {children}
      <div className={styles.toolbar}>
        <button
          type="button"
          className="button button--primary button--sm"
          onClick={run}
          disabled={running}
        >
          {running ? "Running…" : "Run"}
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={toggleEdit}
          aria-expanded={editing}
          aria-controls={editorId}
        >
          {editing ? "Close editor" : "Edit"}
        </button>
        <span className={styles.hint}>Runs in your browser; nothing is sent anywhere.</span>
      </div>
      <noscript>
        <p className={styles.note}>
          Run and Edit need JavaScript. Without it, save the sample as example.mts and run it with
          Node: npx tsx example.mts.
        </p>
      </noscript>
      {editing && (
        <div id={editorId}>
          <label className={styles.label} htmlFor={`${editorId}-text`}>
            Edit the sample, then press Run
          </label>
          <textarea
            id={`${editorId}-text`}
            className={styles.editor}
            value={text}
            spellCheck={false}
            rows={Math.min(30, text.split("\n").length + 1)}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      )}
      <Output lines={lines} outcome={outcome} running={running} limitSeconds={LIMIT_S} />
    </div>
  );
}
