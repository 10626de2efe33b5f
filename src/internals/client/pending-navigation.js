/**
 * Core's `PendingNavigation` in the browser bundle (src/internals/plugins/preact.ts),
 * given a fresh copy of its children on each render. App passes it the same route
 * element every time (built once, at module level); Preact skips an element it has
 * already rendered and re-renders the router's context consumers below it in a later
 * pass, so when the navigation's layout effect ran (core's ClientLifecyclesDispatcher:
 * scroll to the URL's hash, `onRouteDidUpdate`) the old page was still in the DOM, and
 * a link to `/glossary#derogatie` opened the glossary at its top. React re-renders those
 * consumers in the same pass. A copy is a new element, so Preact renders the new page
 * before the effect runs.
 */
import CorePendingNavigation from "@fdm/core-pending-navigation";
import { cloneElement, createElement, isValidElement } from "react";

export default function PendingNavigation({ children, ...props }) {
  return createElement(
    CorePendingNavigation,
    props,
    isValidElement(children) ? cloneElement(children) : children,
  );
}
