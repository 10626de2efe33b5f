// What the search box fetches when the reader reaches for search (./index.tsx): the
// plugin's bar, with a guard for its input. In this chunk, not in every page's main.js.
import OriginalSearchBar from "@theme-original/SearchBar";
import { type ComponentProps, type ReactNode, useLayoutEffect, useRef } from "react";
// The result rows on a phone, whole instead of cut at one line.
import "./loaded.css";

/**
 * Keeps the plugin's bar from pulling focus back. Focused, its input starts loading the
 * search index and, once the index is in (seconds on a slow connection), focuses the input
 * again, even when the reader has tabbed on meanwhile: Tab went Search → Get started →
 * API reference → Search. After the input has lost focus to another element, a call of its
 * `focus()` does nothing while that element keeps it, until the reader comes back to the
 * input (by Tab or pointer) or presses the shortcut (mod+K), whose handler focuses it
 * through that same call. A focus lost to nothing is given back: autocomplete moves the
 * input into its wrapper while the reader types, and the plugin refocuses it then.
 * Returns the guard's removal.
 */
export function guardFocus(input: HTMLInputElement): () => void {
  let left = false;
  const leave = () => {
    left = true;
  };
  const come = () => {
    left = false;
  };
  const shortcut = (event: KeyboardEvent) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") left = false;
  };
  input.addEventListener("blur", leave);
  input.addEventListener("focus", come);
  // In the capture phase: before the plugin's own shortcut handler on the document.
  document.addEventListener("keydown", shortcut, true);
  input.focus = (options?: FocusOptions) => {
    const holder = document.activeElement;
    if (left && holder && holder !== document.body && holder !== input) return;
    HTMLElement.prototype.focus.call(input, options);
  };
  return () => {
    input.removeEventListener("blur", leave);
    input.removeEventListener("focus", come);
    document.removeEventListener("keydown", shortcut, true);
  };
}

/**
 * The plugin's bar, its input guarded. The empty marker after it finds the bar's element
 * (the plugin passes no ref); a layout effect, so the guard is there before the parent's
 * hand-over gives the input the stand-in's focus.
 */
export default function GuardedSearchBar(
  props: ComponentProps<typeof OriginalSearchBar>,
): ReactNode {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const input = marker.current?.previousElementSibling?.querySelector("input");
    return input ? guardFocus(input) : undefined;
  }, []);
  return (
    <>
      <OriginalSearchBar {...props} />
      <span ref={marker} hidden />
    </>
  );
}
