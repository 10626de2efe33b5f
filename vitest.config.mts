import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { type Catalogues, pgliteDumpEnv, postgresTemplateEnv } from "./tests/test-databases";

const pkg = (name: string) =>
  fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));

// The packages import each other by name; in tests they resolve to source, so
// no build step is needed before `vitest run`.
const alias = {
  "fdm-data": pkg("fdm-data"),
  "fdm-core": pkg("fdm-core"),
  "fdm-calculator": pkg("fdm-calculator"),
  "fdm-api": pkg("fdm-api"),
  // fdm-calculator's subpath import (package.json "imports"): its source, the Node version, as
  // the "source" condition picks it; Vitest does not set that condition.
  "#location/local-files": fileURLToPath(
    new URL("./packages/fdm-calculator/src/location/local-files.ts", import.meta.url),
  ),
  // Docusaurus' alias of the site's root, for site components rendered in tests/site.
  "@site": fileURLToPath(new URL(".", import.meta.url)),
};

// The database projects' test databases start from a database made once per run
// (tests/global-setup.ts): PGlite from a dump, PostgreSQL from a template. fdm-api's
// and fdm-calculator's tests sync the catalogues as a first step, so theirs hold them
// already; fdm-core's, the site's and the docs samples' start from empty catalogues.
const globalSetup = [fileURLToPath(new URL("./tests/global-setup.ts", import.meta.url))];
const startsFrom: Record<string, Catalogues> = {
  "fdm-core": "empty",
  "fdm-api": "synced",
  "fdm-calculator": "synced",
};

const packageProject = (name: string) => ({
  extends: true as const,
  test: {
    name,
    root: `packages/${name}`,
    include: ["src/**/*.test.ts"],
    // *.postgres.test.ts run only in the PostgreSQL projects below.
    exclude: ["src/**/*.postgres.test.ts"],
    // Database tests use embedded PGlite unless a project below says otherwise.
    env: {
      FDM_TEST_DATABASE_URL: "",
      ...(startsFrom[name] ? pgliteDumpEnv(startsFrom[name]) : {}),
    },
    ...(startsFrom[name] ? { globalSetup } : {}),
    // fdm-api's tests start a server on a fresh database per file.
    ...(name === "fdm-api" ? { testTimeout: 60_000, hookTimeout: 120_000 } : {}),
  },
});

// With FDM_TEST_DATABASE_URL set (CI sets it), fdm-core's tests run a second
// time against that PostgreSQL server.
const postgresUrl = process.env.FDM_TEST_DATABASE_URL;
const postgresProjects = postgresUrl
  ? [
      {
        extends: true as const,
        test: {
          name: "fdm-core (postgres)",
          root: "packages/fdm-core",
          include: ["src/**/*.test.ts"],
          env: { FDM_TEST_DATABASE_URL: postgresUrl, ...postgresTemplateEnv("empty") },
          globalSetup,
        },
      },
      {
        extends: true as const,
        test: {
          name: "fdm-api (postgres)",
          root: "packages/fdm-api",
          include: ["src/**/*.test.ts"],
          env: { FDM_TEST_DATABASE_URL: postgresUrl, ...postgresTemplateEnv("synced") },
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ]
  : [];

// CI collects a JSON report per run to print the summed test count.
const reportDir = process.env.FDM_REPORT_DIR;

export default defineConfig({
  resolve: { alias },
  // fdm-core's browser entry imports its migrations' .sql files as text.
  plugins: [
    {
      name: "sql-as-text",
      transform(code: string, id: string) {
        return id.endsWith(".sql") ? `export default ${JSON.stringify(code)};` : undefined;
      },
    },
  ],
  test: {
    // Every core: Vitest's default leaves one free, which on CI's two cores runs the
    // files one at a time (18 minutes instead of about 11). Each database test opens
    // its own database (PGlite in memory, or a new one on the server), and each
    // server listens on a port of its own, so files do not meet.
    maxWorkers: availableParallelism(),
    reporters: reportDir
      ? [
          "default",
          [
            "json",
            { outputFile: `${reportDir}/vitest-${process.env.FDM_REPORT_NAME ?? "unit"}.json` },
          ],
        ]
      : ["default"],
    projects: [
      ...["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"].map(packageProject),
      ...postgresProjects,
      // Checks over the packages' public entries (TSDoc and tests for every export).
      {
        extends: true as const,
        test: { name: "packages", root: ".", include: ["tests/packages/**/*.test.ts"] },
      },
      // Site components rendered to HTML (states the built site cannot be driven into).
      {
        extends: true as const,
        test: {
          name: "site",
          root: ".",
          include: ["tests/site/**/*.test.tsx"],
          // The playground's and the toolkit engine's tests open fdm-core databases too.
          env: pgliteDumpEnv("empty"),
          globalSetup,
        },
      },
      // Extracts, type-checks and runs the TypeScript samples of docs/ and blog/.
      {
        extends: true as const,
        test: {
          name: "docs-samples",
          root: ".",
          include: ["tests/docs-samples/**/*.test.ts"],
          // The samples' runner processes inherit it: each sample's database loads the dump.
          env: pgliteDumpEnv("empty"),
          globalSetup,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      // The packages built, packed, checked by publint and attw, installed from their tarballs
      // outside the workspace and run, type-checked and bundled there (tests/install).
      {
        extends: true as const,
        test: {
          name: "install",
          root: ".",
          include: ["tests/install/**/*.test.ts"],
          // Its cases are child processes that wait for one install: all may wait at once.
          maxConcurrency: 32,
          testTimeout: 300_000,
          hookTimeout: 600_000,
        },
      },
      // Runs the REST API walk-through's curl blocks against a live service.
      {
        extends: true as const,
        test: {
          name: "rest-docs",
          root: ".",
          include: ["tests/rest-api/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
