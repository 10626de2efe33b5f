import type { ReactNode } from "react";
import type { OutputLine, RunOutcome } from "./runner";
import { styles } from "./styles";

/** The body of the output region (Output.tsx): the lines printed and the outcome. */
export default function OutputLines({
  lines,
  outcome,
  running,
  limitSeconds,
}: {
  lines: OutputLine[];
  outcome: RunOutcome | null;
  running: boolean;
  limitSeconds: number;
}): ReactNode {
  return (
    <>
      {running && <p className={styles.running}>Running in your browser…</p>}
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
            <p key={i}>
              {i > 0 && <span className={styles.cause}>caused by </span>}
              <strong>{e.name}</strong>
              {e.code ? ` [${e.code}]` : ""}: {e.message}
            </p>
          ))}
        </div>
      )}
      {outcome?.kind === "timeout" && (
        <p className={styles.error}>
          Stopped after {limitSeconds} s: the code did not finish (a loop?). Its worker was ended;
          the page is unaffected. Run again to start afresh.
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
