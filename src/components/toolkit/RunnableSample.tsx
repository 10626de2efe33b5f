/**
 * A docs sample with a "Run" button: the sample, compiled when the site was
 * built, runs in the tab's toolkit worker on the reader's machine (fdm-core on
 * PGlite, fdm-calculator); what it prints and how it ended appear under the
 * block. The reader can edit it and run it again, or stop a run. Nothing loads
 * until the reader points at or focuses Run (session.ts, runner.ts).
 */
import useBaseUrl from "@docusaurus/useBaseUrl";
import InlineStyle from "@site/src/components/InlineStyle";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import Output from "./Output";
import type { Need } from "./protocol";
import type { OutputLine, Progress, RunOutcome } from "./runner";
import { css, styles } from "./styles";
import { prepareToolkit } from "./toolkit-worker";

const session = () => import("./session");

export default function RunnableSample({
  sampleId,
  reason,
  needs = "",
  withStyles = false,
  children,
}: {
  sampleId: string;
  reason?: string;
  /** What the sample needs loaded, from the site's build: "database auth calculator". */
  needs?: string;
  /** Renders the samples' stylesheet: set on the first sample of a page. */
  withStyles?: boolean;
  children: ReactNode;
}): ReactNode {
  const url = useBaseUrl(`/fdm-samples/${sampleId}.json`);
  const editorId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [lines, setLines] = useState<OutputLine[]>([]);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const [started, setStarted] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const current = useRef<{ stop(): void } | null>(null);
  // A run still going when the reader leaves the page is stopped.
  useEffect(() => () => current.current?.stop(), []);

  const edited = () => (editing ? text : null);
  // Pointer or focus on Run: the worker starts loading what the sample needs.
  const intent = () => {
    prepareToolkit(
      editing
        ? { code: text, needs: ["compile"] }
        : { needs: needs.split(" ").filter(Boolean) as Need[] },
    );
    session()
      .then((s) => s.loadSample(url))
      .catch(() => {}); // offline: Run says why
  };

  async function run() {
    if (current.current) return;
    setRunning(true);
    setStarted(false);
    setLines([]);
    setOutcome(null);
    setProgress(null);
    try {
      const s = await session();
      const handle = s.runSample(url, edited(), {
        line: (line) => setLines((all) => [...all, line]),
        progress: setProgress,
        started: () => setStarted(true),
      });
      current.current = handle;
      setOutcome(await handle.result);
    } catch (error) {
      setOutcome({ kind: "crashed", message: String(error) });
    } finally {
      current.current = null;
      setRunning(false);
    }
  }

  async function toggleEdit() {
    if (!editing && text === "") {
      try {
        setText((await (await session()).loadSample(url)).ts);
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
          onPointerEnter={intent}
          onFocus={intent}
          disabled={running}
        >
          {running ? "Running…" : "Run"}
        </button>
        {running && (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => current.current?.stop()}
          >
            Stop
          </button>
        )}
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
      <Output
        lines={lines}
        outcome={outcome}
        running={running}
        started={started}
        progress={progress}
      />
    </div>
  );
}
