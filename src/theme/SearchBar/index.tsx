import type OriginalSearchBar from "@theme-original/SearchBar";
import clsx from "clsx";
import {
  type ComponentProps,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import styles from "./styles.module.css";

type Props = ComponentProps<typeof OriginalSearchBar>;

// The search plugin's bar (autocomplete, workers, its CSS) is a chunk of its
// own, fetched when the reader reaches for search: on hover, touch, focus or
// the mod+K shortcut. Until it has arrived the server-rendered box stands in.
type Bar = typeof OriginalSearchBar;
// ./loaded: the plugin's bar with a guard that keeps focus where the reader moves it.
let loading: Promise<Bar> | undefined;
const loadBar = (): Promise<Bar> => {
  loading ??= import(/* webpackChunkName: "SearchBar" */ "./loaded").then(
    (module) => module.default,
  );
  return loading;
};

// On the server a layout effect only warns; there is nothing to hand over there.
const useHandOverEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** The search box as the server renders it: an input the reader can focus and type into. */
function SearchBox({
  inputRef,
  onWanted,
}: {
  inputRef: (input: HTMLInputElement | null) => void;
  onWanted: () => void;
}): ReactNode {
  return (
    <div className={clsx("navbar__search", styles.box)} dir="ltr">
      <svg aria-hidden="true" className={styles.icon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
        />
      </svg>
      <input
        placeholder="Search"
        aria-label="Search"
        className={clsx("navbar__search-input", styles.input)}
        data-fdm-stand-in=""
        ref={inputRef}
        onFocus={onWanted}
        onMouseEnter={onWanted}
        onTouchStart={onWanted}
      />
      <noscript>
        <style>{"[data-fdm-stand-in]{display:none}"}</style>
        <span className={styles.noscript}>Search needs JavaScript</span>
      </noscript>
    </div>
  );
}

export default function SearchBar(props: Props): ReactNode {
  const [Loaded, setLoaded] = useState<Bar | null>(null);
  const container = useRef<HTMLSpanElement>(null);
  // The stand-in is kept after React detaches it: what the reader typed into it, up to
  // the moment the loaded bar replaces it, is read from it then.
  const standIn = useRef<HTMLInputElement | null>(null);
  const keepStandIn = useCallback((input: HTMLInputElement | null) => {
    if (input) standIn.current = input;
  }, []);
  const standInFocused = useRef(false);
  const want = useCallback(() => {
    void loadBar().then((bar) => {
      // Read now: removing the focused stand-in blurs it before the hand-over runs.
      standInFocused.current = !!standIn.current && document.activeElement === standIn.current;
      setLoaded(() => bar);
    });
  }, []);
  // In the commit's own task, so no keystroke falls between the two inputs.
  useHandOverEffect(() => {
    const input = container.current?.querySelector("input");
    if (!Loaded || !input || input.hasAttribute("data-fdm-stand-in")) return;
    const value = standIn.current?.value ?? "";
    if (standInFocused.current) input.focus();
    if (value) {
      // Through the native setter, so that React's onChange sees the value.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, [Loaded]);

  // The plugin's shortcut (mod+K) works before its bar is loaded.
  useEffect(() => {
    if (Loaded) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        container.current?.querySelector("input")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [Loaded]);

  return (
    <span ref={container} className={styles.slot}>
      {Loaded ? <Loaded {...props} /> : <SearchBox inputRef={keepStandIn} onWanted={want} />}
    </span>
  );
}
