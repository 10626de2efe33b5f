/**
 * Hydrates its child in a task of its own. Preact hydrates a page in one synchronous pass
 * (React sliced it into short tasks): on a long docs page that pass was one task of 100–170 ms
 * at 4× CPU after first paint, all of it blocking time. While the page's root hydrates, the
 * child suspends once; Preact keeps the server's DOM of a suspended child and hydrates it
 * when the promise settles, here one macrotask after another, in the order the boundaries
 * were met (src/internals/client/hydration.js, which also holds the page's effects until the
 * last part is hydrated, so that each part's first render is the server's). The child must
 * render exactly one element (Preact keeps one DOM node), and shows the server's HTML
 * meanwhile, unchanged. Outside the first hydration (the server, client-side navigation) it
 * renders its child at once.
 */
import { inFirstHydration, waitForPart } from "@site/src/internals/client/hydration";
import { type ComponentType, type ReactNode, Suspense, useRef } from "react";

function Gate({ children }: { children: ReactNode }): ReactNode {
  // Once: a part met while another part hydrates (a block of the content) waits its turn too.
  const waited = useRef(false);
  if (!waited.current && inFirstHydration()) {
    waited.current = true;
    throw waitForPart();
  }
  return children;
}

export default function HydrateLater({ children }: { children: ReactNode }): ReactNode {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

/** `Component` hydrated later (see HydrateLater): for a theme wrapper of one line. */
export function hydratedLater<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Later(props: P) {
    return (
      <HydrateLater>
        <Component {...props} />
      </HydrateLater>
    );
  };
}
