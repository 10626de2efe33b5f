/**
 * /fdm/playground: the toolkit in the reader's browser. Scripts run in a Web
 * Worker against one PGlite database that lives as long as the page; the
 * database can be downloaded as a dump. The toolkit loads on the first run.
 */

import InlineStyle from "@site/src/components/InlineStyle";
import Layout from "@theme/Layout";
import { type ReactNode, useId, useRef, useState } from "react";
import { PLAYGROUND_PRINCIPAL, starters } from "../components/playground/starters";
import { css, styles } from "../components/playground/styles";
import Output from "../components/toolkit/Output";
import type { OutputLine, RunOutcome } from "../components/toolkit/runner";
import { css as runCss } from "../components/toolkit/styles";

const LIMIT_S = 60;
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
  const worker = useRef<Worker | null>(null);
  const [code, setCode] = useState(starters[0]?.code ?? "");
  const [current, setCurrent] = useState(starters[0]?.id ?? "");
  const [lines, setLines] = useState<OutputLine[]>([]);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState("The database is empty until you run a script.");

  async function ensureWorker(): Promise<Worker> {
    const { startWorker } = await loadRunner();
    worker.current ??= startWorker();
    return worker.current;
  }

  function endWorker() {
    worker.current?.terminate();
    worker.current = null;
  }

  async function run() {
    if (running) return;
    setRunning(true);
    setLines([]);
    setOutcome(null);
    try {
      const { runInWorker } = await loadRunner();
      const w = await ensureWorker();
      const result = await runInWorker(
        w,
        { type: "run", ts: code, playground: { principal: PRINCIPAL } },
        (line) => setLines((all) => [...all, line]),
        LIMIT_S * 1000,
      );
      if (result.kind === "timeout" || result.kind === "crashed") {
        worker.current = null;
        setNotice(
          "The worker was ended, and the database with it: it starts empty on the next run.",
        );
      } else {
        setNotice(`The database holds what your scripts wrote (acting as "${PRINCIPAL}").`);
      }
      setOutcome(result);
    } finally {
      setRunning(false);
    }
  }

  async function download() {
    try {
      const { dumpDatabase } = await loadRunner();
      const blob = await dumpDatabase(await ensureWorker());
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

  function reset() {
    endWorker();
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
        <Output lines={lines} outcome={outcome} running={running} limitSeconds={LIMIT_S} />
      </main>
    </Layout>
  );
}
