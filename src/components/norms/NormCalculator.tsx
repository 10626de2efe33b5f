/**
 * A live norm calculator on a norms page. This shell is all the page loads up
 * front; the form and fdm-calculator with the catalogues (about 55 KB gzip) load
 * on demand: when the reader presses "Open the calculator", or at once when the
 * address holds a calculation (a shared link always has `crop=`). Not on hover or
 * focus: the button would vanish under the pointer or take the focus with it.
 */

import InlineStyle from "@site/src/components/InlineStyle";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { shellCss, styles } from "./styles";
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
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has("crop")) setWanted(true);
  }, []);
  const placeholder = (
    <p className={styles.loading}>
      The calculator and the norm tables it runs on load when you open it.{" "}
      <button
        type="button"
        className="button button--primary button--sm"
        onClick={() => setWanted(true)}
      >
        Open the calculator
      </button>
    </p>
  );
  return (
    <section className={styles.calculator} aria-labelledby={`calc-${norm}`}>
      <InlineStyle css={shellCss} />
      <h2 id={`calc-${norm}`} className={styles.title}>
        Calculate the {titles[norm]} {year}
      </h2>
      <p className={styles.intro}>
        Computed in your browser by fdm-calculator itself; the inputs are kept in the page's
        address, so you can share a calculation. Nothing is sent anywhere.
      </p>
      <noscript>
        <p className={styles.loading}>
          The calculator runs in your browser and needs JavaScript. The tables on this page give the
          same norms by hand.
        </p>
      </noscript>
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
