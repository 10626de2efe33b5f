// TypeDoc plugin for the API reference: a drizzle table exported from fdm-core's
// schema (`fdmSchema.soilAnalyses`) is documented as a table of its columns
// (property, SQL column, drizzle column type, TypeScript type, nullable,
// default) instead of the inferred type TypeDoc would print,
// `PgTableWithColumns<{ … }>` with each column's type spelled out in full: up
// to 17 KB of one unreadable signature per table. The columns come from that
// same inferred type, so the page cannot drift from the schema.
import { Comment, CommentTag, Converter, ReferenceType, ReflectionKind } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Variable)) {
      const table = tableOf(reflection.type);
      if (!table) continue;
      reflection.type = ReferenceType.createBrokenReference("PgTableWithColumns", context.project);
      reflection.comment ??= new Comment();
      reflection.comment.blockTags.push(
        new CommentTag("@columns", [{ kind: "text", text: columnsTable(table) }]),
      );
      if (table.name) {
        reflection.comment.summary.push({
          kind: "text",
          text: `${reflection.comment.summary.length ? "\n\n" : ""}SQL table: \`${table.name}\`.`,
        });
      }
    }
  });
}

/** A property of a reflection type by name. */
const child = (type, name) =>
  type?.type === "reflection" ? type.declaration.children?.find((c) => c.name === name) : undefined;

/** The literal value of a property (`"clay"`, `true`), or undefined. */
const literal = (type, name) => {
  const property = child(type, name);
  return property?.type?.type === "literal" ? property.type.value : undefined;
};

/**
 * The table's name and columns, read from `PgTableWithColumns<{ columns: { clay:
 * PgColumn<{ name: "clay"; columnType: "PgDoublePrecision"; data: number; … }> } }>`.
 */
function tableOf(type) {
  if (type?.type !== "reference" || type.name !== "PgTableWithColumns") return null;
  const columns = child(type.typeArguments?.[0], "columns");
  if (columns?.type?.type !== "reflection") return null;
  const list = (columns.type.declaration.children ?? []).map((property) => {
    const config = property.type?.type === "reference" ? property.type.typeArguments?.[0] : null;
    return {
      property: property.name,
      column: literal(config, "name") ?? property.name,
      columnType: String(literal(config, "columnType") ?? ""),
      data: child(config, "data")?.type?.toString() ?? "",
      notNull: literal(config, "notNull") === true,
      primaryKey: literal(config, "isPrimaryKey") === true,
      hasDefault: literal(config, "hasDefault") === true,
      table: literal(config, "tableName"),
    };
  });
  return { name: list.find((c) => c.table)?.table, columns: list };
}

const cell = (value) => String(value).replaceAll("|", "\\|");

/** The columns as a Markdown table, in the order the schema declares them. */
function columnsTable({ columns }) {
  const rows = columns.map(
    (c) =>
      `| \`${c.property}\`${c.primaryKey ? " (primary key)" : ""} | \`${c.column}\` | \`${
        c.columnType
      }\` | \`${cell(c.data)}\` | ${c.notNull || c.primaryKey ? "no" : "yes"} | ${
        c.hasDefault ? "yes" : "no"
      } |`,
  );
  return [
    "| Property | SQL column | drizzle type | TypeScript type | Nullable | Default |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}
