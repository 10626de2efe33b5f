import InlineStyle from "@site/src/components/InlineStyle";
import type { ReactNode } from "react";
import type { OutputProps } from "./Output";
import { styles } from "./styles";

// Loaded with the first run, so pages pay for it only then.
const outputCss = `.fdm-run-loading label {
  display: block;
  font-style: italic;
}
.fdm-run-bar {
  display: block;
  width: 100%;
  max-width: 24rem;
  height: 0.5rem;
  margin-top: 0.25rem;
  accent-color: var(--ifm-color-primary);
}
.fdm-run-values {
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.125rem 0.75rem;
  margin: 0.25rem 0 0.5rem;
}
.fdm-run-values dt {
  font-weight: 600;
}
.fdm-run-values dd {
  margin: 0;
  white-space: pre-wrap;
  word-break: break-word;
}`;
const local = { loading: "fdm-run-loading", bar: "fdm-run-bar", values: "fdm-run-values" };

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** Where the toolkit is while the reader waits: the engine's bytes, then the database starting. */
function Waiting({ progress }: Pick<OutputProps, "progress">): ReactNode {
  if (progress?.stage === "download") {
    return (
      <div className={local.loading}>
        <label>
          Loading the database engine: {mb(progress.loaded)} of {mb(progress.total)} MB
          <progress
            className={local.bar}
            max={progress.total}
            value={progress.loaded}
            data-testid="run-progress"
          />
        </label>
      </div>
    );
  }
  if (progress?.stage === "starting") {
    return (
      <div className={local.loading}>
        <label>
          Starting the database…
          <progress className={local.bar} data-testid="run-progress" />
        </label>
      </div>
    );
  }
  return <p className={styles.running}>Loading the toolkit…</p>;
}

/** The body of the output region (Output.tsx): the wait, the lines printed and the outcome. */
export default function OutputLines({
  lines,
  outcome,
  running,
  started,
  progress,
}: OutputProps): ReactNode {
  return (
    <>
      <InlineStyle css={outputCss} />
      {running && !started && <Waiting progress={progress} />}
      {running && started && <p className={styles.running}>Running in your browser…</p>}
      {lines.length > 0 && (
        <pre className={styles.console} data-testid="run-console">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines only ever append
            <span key={i} className={line.level === "log" ? undefined : styles[line.level]}>
              {i > 0 ? "\n" : ""}
              {line.text}
            </span>
          ))}
        </pre>
      )}
      {outcome?.kind === "done" && (
        <p className={styles.ok}>Finished in {(outcome.ms / 1000).toFixed(2)} s.</p>
      )}
      {outcome?.kind === "error" && (
        <div className={styles.error}>
          {outcome.chain.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed chain
            <div key={i}>
              <p>
                {i > 0 && <span className={styles.cause}>caused by </span>}
                <strong>{e.name}</strong>
                {e.code ? ` [${e.code}]` : ""}: {e.message}
              </p>
              {e.expected !== undefined && (
                <dl className={local.values} data-testid="assertion-values">
                  <dt>expected</dt>
                  <dd>
                    <code>{e.expected}</code>
                  </dd>
                  <dt>actual</dt>
                  <dd>
                    <code>{e.actual}</code>
                  </dd>
                </dl>
              )}
            </div>
          ))}
        </div>
      )}
      {outcome?.kind === "timeout" && (
        <p className={styles.error}>
          Stopped after {outcome.limitMs / 1000} s: the code did not finish (a loop?). Its worker
          was ended; the page is unaffected. Run again to start afresh.
        </p>
      )}
      {outcome?.kind === "stopped" && (
        <p className={styles.error}>
          Stopped. The worker was ended; the page is unaffected. Run again to start afresh.
        </p>
      )}
      {outcome?.kind === "crashed" && (
        <p className={styles.error}>
          The worker stopped: {outcome.message}. Run again to start afresh.
        </p>
      )}
    </>
  );
}
