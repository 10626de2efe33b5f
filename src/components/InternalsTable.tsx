import { internals, measuredOn } from "@site/src/internals/list";
import type { ReactNode } from "react";

/** Text with Markdown code spans (`x`) as `<code>`, the only markup the list's texts use. */
function Text({ children }: { children: string }): ReactNode {
  return children.split(/(`[^`]+`)/).map((part, i) =>
    part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <code key={i}>{part.slice(1, -1)}</code>
    ) : (
      part
    ),
  );
}

/**
 * The contributing page's table of modules that replace Docusaurus internals,
 * rendered from src/internals/list.ts (the list the version-pin test reads), so
 * there is no second copy to keep in step. Long paths break anywhere, so no
 * column is as wide as its longest path.
 */
export default function InternalsTable(): ReactNode {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the page scrolls, and must be reachable by keyboard (as in src/theme/MDXComponents)
    <table tabIndex={0} style={{ overflowWrap: "anywhere" }}>
      <thead>
        <tr>
          <th>Module</th>
          <th>What it replaces (checked against)</th>
          <th>What it buys (measured {measuredOn})</th>
          <th>How to check it after an upgrade</th>
        </tr>
      </thead>
      <tbody>
        {internals.map((internal) => (
          <tr key={internal.name}>
            <td>
              {internal.name}
              <br />
              {internal.files.map((file) => (
                <span key={file}>
                  <code>{file}</code>{" "}
                </span>
              ))}
            </td>
            <td>
              <Text>{internal.replaces}</Text> (
              {internal.targets.map((target, i) => (
                <span key={`${target.package}/${target.file}`}>
                  {i > 0 && ", "}
                  <code>
                    {target.package}@{target.version}/{target.file}
                  </code>
                </span>
              ))}
              )
            </td>
            <td>
              <Text>{internal.buys}</Text>
            </td>
            <td>
              <Text>{internal.check}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
