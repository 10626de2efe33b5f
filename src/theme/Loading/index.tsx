import type { ReactNode } from "react";
import type { LoadingComponentProps } from "react-loadable";
import styles from "./styles.module.css";

/**
 * Stands in for a page whose code is still downloading: a spinner once the
 * loader's delay has passed, or the error and a Retry button if it failed.
 */
export default function Loading({ error, retry, pastDelay }: LoadingComponentProps): ReactNode {
  if (error) {
    return (
      <div className={styles.box} role="alert">
        <p className={styles.message}>This page could not be loaded: {String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.box} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>Loading page…</span>
      </div>
    );
  }
  return null;
}
