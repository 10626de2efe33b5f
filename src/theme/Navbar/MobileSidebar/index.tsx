import { useNavbarMobileSidebar } from "@docusaurus/theme-common/internal";
import Original from "@theme-original/Navbar/MobileSidebar";
import { type ReactNode, useEffect, useState } from "react";

// Reaching for the menu button: a pointer on it or focus on it comes before the click.
const reachEvents = ["pointerover", "pointerdown", "focusin"] as const;

/**
 * The theme renders the mobile menu (the site's links, and on docs and API
 * pages the whole sidebar again) off-screen right after hydration on every
 * phone-size page, and then prefetches the pages its links lead to. This
 * renders it when the reader reaches for the menu button instead: before the
 * click that opens it, so it still slides in.
 */
export default function NavbarMobileSidebar(): ReactNode {
  const { shown } = useNavbarMobileSidebar();
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (reached) return;
    const onReach = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(".navbar__toggle")) {
        setReached(true);
      }
    };
    for (const type of reachEvents) document.addEventListener(type, onReach, { passive: true });
    return () => {
      for (const type of reachEvents) document.removeEventListener(type, onReach);
    };
  }, [reached]);
  if (reached || shown) return <Original />;
  // Without JavaScript the menu button cannot open the menu: the site's links show in the
  // navbar itself instead, wrapping onto a second line on a phone.
  return (
    <noscript>
      <style>{noScriptMenu}</style>
    </noscript>
  );
}

const noScriptMenu = `@media (max-width: 996px) {
  .navbar { height: auto; }
  .navbar__inner { flex-wrap: wrap; row-gap: 0.25rem; }
  .navbar__toggle { display: none; }
  .navbar__items:not(.navbar__items--right) .navbar__item { display: inline-block; }
}`;
