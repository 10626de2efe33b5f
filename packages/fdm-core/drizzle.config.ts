import { defineConfig } from "drizzle-kit";

// Generates the SQL migrations in ./drizzle from the schema: `npm run db:generate -w fdm-core`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema.ts",
  out: "./drizzle",
});
