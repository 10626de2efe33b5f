/**
 * The MDX node of `import <name> from "<from>";`, as the site's remark and rehype plugins
 * add at the top of a page that uses a component they put in it: its text and the estree
 * MDX compiles from.
 */
export function mdxDefaultImport(
  name: string,
  from: string,
): { type: "mdxjsEsm"; value: string; data: Record<string, unknown> } {
  return {
    type: "mdxjsEsm",
    value: `import ${name} from "${from}";`,
    data: {
      estree: {
        type: "Program",
        sourceType: "module",
        body: [
          {
            type: "ImportDeclaration",
            specifiers: [{ type: "ImportDefaultSpecifier", local: { type: "Identifier", name } }],
            source: { type: "Literal", value: from, raw: JSON.stringify(from) },
            attributes: [],
          },
        ],
      },
    },
  };
}
