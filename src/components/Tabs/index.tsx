import {
  Children,
  isValidElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useId,
  useRef,
  useSyncExternalStore,
} from "react";
import InlineStyle from "../InlineStyle";

/** Infima styles `.tabs__item` for list items; these reset a button to match. */
const css =
  ".fdm-tab{background:none;font:inherit;color:inherit;border-width:0 0 3px;border-style:solid}" +
  ".fdm-tab.tabs__item--active{color:var(--ifm-tabs-color-active)}";

/**
 * Tabs for a page that shows one thing in several forms (the REST walk-through in curl,
 * Python and Node.js), with Infima's tab styles. Not the theme's Tabs: those bring
 * theme-common's query-string and scroll-blocking hooks into main.js, which every page
 * loads (0.4 KB gzip), for features the site does not use. Tabs with the same `groupId`
 * switch together and the choice is kept in localStorage; the tab list follows the WAI-ARIA
 * tabs pattern (arrow keys, Home and End move between tabs).
 */

export interface TabItemProps {
  /** What the group remembers. */
  value: string;
  /** The tab's text. */
  label: string;
  children: ReactNode;
}

/** One tab's content; only meaningful inside `Tabs`. */
export function TabItem({ children }: TabItemProps): ReactNode {
  return children;
}

const storageKey = (groupId: string) => `fdm-tabs-${groupId}`;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith("fdm-tabs-")) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function readChoice(groupId: string): string | null {
  try {
    return localStorage.getItem(storageKey(groupId));
  } catch {
    return null; // storage refused (private mode, a sandboxed frame)
  }
}

function choose(groupId: string, value: string): void {
  try {
    localStorage.setItem(storageKey(groupId), value);
  } catch {
    // Not remembered; the tabs still switch below.
  }
  memory.set(groupId, value);
  for (const listener of listeners) listener();
}

/** Choices of this page view, for when storage is refused. */
const memory = new Map<string, string>();

export default function Tabs({
  groupId,
  children,
}: {
  groupId: string;
  children: ReactNode;
}): ReactNode {
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> =>
    isValidElement(child),
  );
  const values = items.map((item) => item.props.value);
  const stored = useSyncExternalStore(
    subscribe,
    () => readChoice(groupId) ?? memory.get(groupId) ?? null,
    () => null, // the server renders the first tab; the reader's choice follows hydration
  );
  const selected = stored !== null && values.includes(stored) ? stored : values[0];
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const value = values[next];
    if (value !== undefined) choose(groupId, value);
    tabs.current[next]?.focus();
  };

  return (
    <div className="margin-bottom--lg">
      <InlineStyle css={css} />
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {items.map((item, index) => {
          const active = item.props.value === selected;
          return (
            <button
              key={item.props.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.props.value}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${item.props.value}`}
              tabIndex={active ? 0 : -1}
              className={`fdm-tab tabs__item${active ? " tabs__item--active" : ""}`}
              onClick={() => choose(groupId, item.props.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.props.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.props.value}
          role="tabpanel"
          id={`${id}-panel-${item.props.value}`}
          aria-labelledby={`${id}-tab-${item.props.value}`}
          hidden={item.props.value !== selected}
          className="margin-top--md"
        >
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
