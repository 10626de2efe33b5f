import { type ColorMode, createStorageSlot } from "@docusaurus/theme-common";
import type { WrapperProps } from "@docusaurus/types";
import type ColorModeToggleType from "@theme/ColorModeToggle";
import ColorModeToggle from "@theme-original/ColorModeToggle";
import type { ReactNode } from "react";

type Props = WrapperProps<typeof ColorModeToggleType>;

/**
 * The classic theme stores nothing for "system", so on its own a reader who
 * never chose would also get "system". We start first visits in light (inline
 * script in docusaurus.config.ts), so "system" needs its own persisted marker,
 * read by that script on the next load.
 */
const systemChoice =
  typeof window === "undefined" ? null : createStorageSlot("fdm-color-mode-choice");

export default function ColorModeToggleWrapper(props: Props): ReactNode {
  return (
    <ColorModeToggle
      {...props}
      onChange={(mode: ColorMode | null) => {
        if (mode === null) {
          systemChoice?.set("system");
        } else {
          systemChoice?.del();
        }
        props.onChange(mode);
      }}
    />
  );
}
