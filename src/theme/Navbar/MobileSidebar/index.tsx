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
  return reached || shown ? <Original /> : null;
}
