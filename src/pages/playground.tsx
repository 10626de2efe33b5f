/**
 * /fdm/playground: the toolkit in the reader's browser. Scripts run in the
 * tab's toolkit worker against one PGlite database that lives as long as the
 * worker; the database can be downloaded as a dump. Opening the page starts
 * loading the toolkit, once the page itself has loaded.
 */

import InlineStyle from "@site/src/components/InlineStyle";
import Layout from "@theme/Layout";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { PLAYGROUND_PRINCIPAL, starters } from "../components/playground/starters";
import { css, styles } from "../components/playground/styles";
import Output from "../components/toolkit/Output";
import type { OutputLine, Progress, RunOutcome } from "../components/toolkit/runner";
import { css as runCss } from "../components/toolkit/styles";

const PRINCIPAL = PLAYGROUND_PRINCIPAL;

/**
 * The runner, imported at one place: separate `import()`s with different
 * destructured names were bundled as separate chunks, so the dump fetched one
 * more after the first run and failed offline.
 */
let runner: Promise<typeof import("../components/toolkit/runner")> | null = null;
const loadRunner = () => {
  runner ??= import("../components/toolkit/runner").catch((error: unknown) => {
    runner = null; // offline before it ever loaded: try again next time
    throw error;
  });
  return runner;
};

export default function Playground(): ReactNode {
  const id = useId();
  const [code, setCode] = useState(starters[0]?.code ?? "");
  const [current, setCurrent] = useState(starters[0]?.id ?? "");
  const [lines, setLines] = useState<OutputLine[]>([]);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const [started, setStarted] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [notice, setNotice] = useState("The database is empty until you run a script.");
  const handle = useRef<{ stop(): void } | null>(null);

  // Opening the playground is the intent to use it: load the toolkit now.
  useEffect(() => {
    loadRunner()
      .then((r) => r.prepare(starters[0]?.code ?? "", { playground: true }))
      .catch(() => {});
  }, []);

  async function run() {
    if (running) return;
    setRunning(true);
    setStarted(false);
    setLines([]);
    setOutcome(null);
    setProgress(null);
    let unsubscribe = () => {};
    try {
      const r = await loadRunner();
      unsubscribe = r.onProgress(setProgress);
      const h = r.run(
        { ts: code, playground: { principal: PRINCIPAL } },
        (line) => setLines((all) => [...all, line]),
        () => setStarted(true),
      );
      handle.current = h;
      const result = await h.result;
      if (result.kind === "timeout" || result.kind === "crashed" || result.kind === "stopped") {
        setNotice(
          "The worker was ended, and the database with it: it starts empty on the next run.",
        );
      } else {
        setNotice(`The database holds what your scripts wrote (acting as "${PRINCIPAL}").`);
      }
      setOutcome(result);
    } catch (error) {
      setOutcome({ kind: "crashed", message: String(error) });
    } finally {
      unsubscribe();
      handle.current = null;
      setRunning(false);
    }
  }

  async function download() {
    try {
      const { dumpDatabase } = await loadRunner();
      const blob = await dumpDatabase();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = "fdm-playground.tar.gz";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNotice(
        `Downloaded fdm-playground.tar.gz (${Math.round(blob.size / 1024)} KB): open it with new PGlite({ loadDataDir: file }).`,
      );
    } catch (error) {
      setNotice(`The dump failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function reset() {
    (await loadRunner()).resetPlayground();
    setLines([]);
    setOutcome(null);
    setNotice("The database was reset: it is empty until you run a script.");
  }

  return (
    <Layout
      title="Playground"
      description="Try the FDM toolkit in your browser: fdm-core on PGlite and fdm-calculator, no install."
    >
      <main className={`container margin-vert--lg ${styles.page}`}>
        {/* One element: the HTML minifier merges adjacent style elements. */}
        <InlineStyle css={`${css}\n${runCss}`} />
        <h1>Playground</h1>
        <p>
          fdm-core and fdm-calculator, running in your browser: an empty farm database (PGlite,
          PostgreSQL compiled to WebAssembly) lives in a worker as long as this page is open. Pick a
          starter script, change it, run it. The scripts get two globals: <code>fdm</code>, the
          database handle, and <code>principal</code>, the user id they act as. Nothing is sent
          anywhere; once loaded, the playground works offline.
        </p>
        <nav aria-label="Starter scripts" className={styles.starters}>
          {starters.map((s) => (
            <button
              key={s.id}
              type="button"
              className={`button button--sm ${current === s.id ? "button--primary" : "button--secondary"}`}
              aria-pressed={current === s.id}
              onClick={() => {
                setCurrent(s.id);
                setCode(s.code);
              }}
            >
              {s.title}
            </button>
          ))}
        </nav>
        <label className={styles.label} htmlFor={`${id}-code`}>
          Script (TypeScript)
        </label>
        <textarea
          id={`${id}-code`}
          className={styles.editor}
          value={code}
          spellCheck={false}
          rows={24}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className={styles.actions}>
          <button type="button" className="button button--primary" onClick={run} disabled={running}>
            {running ? "Running…" : "Run"}
          </button>
          {running && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => handle.current?.stop()}
            >
              Stop
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={download}
            disabled={running}
          >
            Download the database (dump)
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={reset}
            disabled={running}
          >
            Reset the database
          </button>
        </div>
        <p className={styles.notice}>{notice}</p>
        <Output
          lines={lines}
          outcome={outcome}
          running={running}
          started={started}
          progress={progress}
        />
      </main>
    </Layout>
  );
}
