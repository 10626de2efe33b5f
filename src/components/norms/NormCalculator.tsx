/**
 * A live norm calculator on a norms page. This shell is all the page loads up
 * front; the form and fdm-calculator (with the catalogues) are loaded when the
 * reader scrolls it into view or interacts with it, never before first paint.
 */
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { css, styles } from "./styles";
import type { NormKind } from "./types";

const Live = lazy(() => import("./NormCalculatorLive"));

const titles: Record<NormKind, string> = {
  stikstof: "stikstofgebruiksnorm",
  fosfaat: "fosfaatgebruiksnorm",
  "dierlijke-mest": "dierlijke-mest-gebruiksnorm",
  renure: "RENURE norm",
};

export default function NormCalculator({
  norm,
  year,
}: {
  norm: NormKind;
  year: number;
}): ReactNode {
  const ref = useRef<HTMLElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || wanted) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setWanted(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);
  const placeholder = (
    <p className={styles.loading}>
      The calculator loads when you reach it.{" "}
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() => setWanted(true)}
      >
        Load it now
      </button>
    </p>
  );
  return (
    <section
      ref={ref}
      className={styles.calculator}
      aria-labelledby={`calc-${norm}`}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => setWanted(true)}
    >
      <style href="fdm-calc" precedence="default">
        {css}
      </style>
      <h2 id={`calc-${norm}`} className={styles.title}>
        Calculate the {titles[norm]} {year}
      </h2>
      <p className={styles.intro}>
        Computed in your browser by fdm-calculator itself; the inputs are kept in the page's
        address, so you can share a calculation. Nothing is sent anywhere.
      </p>
      {wanted ? (
        <Suspense fallback={<p className={styles.loading}>Loading the calculator…</p>}>
          <Live norm={norm} year={year} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
