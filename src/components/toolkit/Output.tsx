import { lazy, type ReactNode, Suspense } from "react";
import type { OutputLine, RunOutcome } from "./runner";
import { styles } from "./styles";

const Lines = lazy(() => import("./OutputLines"));

interface OutputProps {
  lines: OutputLine[];
  outcome: RunOutcome | null;
  running: boolean;
  limitSeconds: number;
}

/**
 * What a run printed and how it ended: a live region, present from the first
 * paint so that it is announced; what fills it loads with the first run.
 */
export default function Output(props: OutputProps): ReactNode {
  const started = props.running || props.outcome !== null || props.lines.length > 0;
  return (
    <div className={styles.output} role="status" aria-live="polite">
      {started && (
        <Suspense fallback={null}>
          <Lines {...props} />
        </Suspense>
      )}
    </div>
  );
}
