import { useAnnouncementBar } from "@docusaurus/theme-common/internal";
import AnnouncementBar from "@theme-original/AnnouncementBar";
import type { ComponentProps, ReactNode } from "react";
import { useEffect } from "react";

/**
 * The theme remembers a dismissed announcement in localStorage only, and its
 * state lives in the page layout, which every client-side navigation renders
 * anew: with storage blocked the bar came back on every page. The dismissal is
 * also kept here, in memory, for the rest of the visit.
 */
let dismissedThisVisit = false;

export default function AnnouncementBarWrapper(
  props: ComponentProps<typeof AnnouncementBar>,
): ReactNode {
  const { isActive, close } = useAnnouncementBar();
  useEffect(() => {
    if (dismissedThisVisit && isActive) close();
  }, [isActive, close]);
  if (dismissedThisVisit) return null;
  return (
    <div
      style={{ display: "contents" }}
      onClickCapture={(event) => {
        if ((event.target as Element).closest("button.close")) {
          dismissedThisVisit = true;
        }
      }}
    >
      <AnnouncementBar {...props} />
    </div>
  );
}
