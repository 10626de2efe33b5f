import { ErrorBoundaryTryAgainButton } from "@docusaurus/theme-common";
import { getErrorCausalChain } from "@docusaurus/utils-common";
import type { Props } from "@theme/Error";
import Heading from "@theme/Heading";
import type { ReactNode } from "react";

/**
 * Shown inside the layout when a page throws while rendering: the error and
 * each of its causes as a list, and a button that renders the page again.
 */
export default function ErrorPageContent({ error, tryAgain }: Props): ReactNode {
  const chain = getErrorCausalChain(error);
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1">This page crashed</Heading>
          <p>
            Something went wrong while showing this page. Trying again often helps; if it does not,
            the messages below say what failed.
          </p>
          <ErrorBoundaryTryAgainButton onClick={tryAgain} className="button button--primary" />
          <ol className="margin-vert--lg" aria-label="Error messages, each caused by the next">
            {chain.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the chain is fixed for this render
              <li key={i}>
                {i > 0 && <strong>Caused by: </strong>}
                <code>{e.message}</code>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </main>
  );
}
