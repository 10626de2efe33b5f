import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const pkg = (name: string) =>
  fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

// The packages import each other by name; in tests they resolve to source, so
// no build step is needed before `vitest run`.
const alias = {
  "fdm-data": pkg("fdm-data"),
  "fdm-core": pkg("fdm-core"),
  "fdm-calculator": pkg("fdm-calculator"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: ["fdm-data", "fdm-core", "fdm-calculator"].map((name) => ({
      extends: true,
      test: {
        name,
        root: `packages/${name}`,
        include: ["src/**/*.test.ts"],
      },
    })),
  },
});
