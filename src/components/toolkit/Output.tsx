import { lazy, type ReactNode, Suspense } from "react";
import type { OutputLine, Progress, RunOutcome } from "./runner";
import { styles } from "./styles";

const Lines = lazy(() => import("./OutputLines"));

export interface OutputProps {
  lines: OutputLine[];
  outcome: RunOutcome | null;
  /** A run was asked for and has not ended. */
  running: boolean;
  /** Its code is executing (the toolkit has loaded). */
  started: boolean;
  progress: Progress | null;
}

/**
 * What a run printed and how it ended: a live region, present from the first
 * paint so that it is announced; what fills it loads with the first run.
 */
export default function Output(props: OutputProps): ReactNode {
  const used = props.running || props.outcome !== null || props.lines.length > 0;
  return (
    <div className={styles.output} role="status" aria-live="polite">
      {used && (
        <Suspense fallback={null}>
          <Lines {...props} />
        </Suspense>
      )}
    </div>
  );
}
