/**
 * The packages as a user gets them: built, packed with `npm pack`, checked with publint and
 * Are the Types Wrong, and installed from their tarballs with `npm install` in a folder outside
 * the workspace (under the system's temporary folder, so that nothing of the repository is
 * found by walking up). There, what a user does with them:
 *
 * - runs in Node.js (ES modules) the installation page's check program
 *   (docs/installation.mdx), a norms sample, a balance sample, an fdm-core sample on PGlite in
 *   memory, an fdm-api sample whose calculation runs in the API's worker thread, and the
 *   example of each package's README;
 * - type-checks those samples, and a file that imports every entry, with `moduleResolution`
 *   NodeNext and with Bundler (the repository's TypeScript);
 * - bundles the browser entries with esbuild for the browser platform.
 *
 * One build, one pack and one install serve every case; the cases run at once.
 */
import { type SpawnOptions, spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { build, type Plugin, transform } from "esbuild";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const packages = ["fdm-data", "fdm-core", "fdm-calculator", "fdm-api"] as const;
type PackageName = (typeof packages)[number];

/** The exact version of a package installed at the repository's root. */
const rootVersion = (name: string): string =>
  (
    JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as {
      version: string;
    }
  ).version;

/**
 * The environment of a user's shell: this process's, without what npm run, Vitest and the
 * test databases set (npm's package and lifecycle variables, NODE_ENV, FDM_*).
 */
const userEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^(npm_(package|lifecycle|command|execpath|node_execpath)|npm_config_(local_prefix|prefix|workspaces?|global|include_workspace_root)$|INIT_CWD$|NODE_ENV$|NODE_OPTIONS$|VITEST|TEST$|FDM_)/i.test(
        key,
      ),
  ),
);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to its end; never throws, so that a failing case shows its output. */
function run(command: string, args: string[], options: SpawnOptions = {}): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: userEnv, ...options, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const done = (code: number | null, error?: Error) =>
      resolve({
        code,
        stdout,
        stderr: error ? `${stderr}${error.message}` : stderr,
        ms: performance.now() - started,
      });
    child.on("error", (error) => done(null, error));
    child.on("close", (code) => done(code));
  });
}

/** A failed run as one message: the command's output is what a reader needs. */
const outputOf = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const work = mkdtempSync(path.join(os.tmpdir(), "fdm-install-"));
const packDir = path.join(work, "packs");
const app = path.join(work, "app");
const timings: Record<string, number> = {};

interface Packed {
  name: PackageName;
  version: string;
  filename: string;
  files: { path: string }[];
}
let packed: Record<PackageName, Packed & { tarball: string }>;
/** The npm install of the four tarballs in `app`; awaited by the cases that use it. */
let installed: Promise<void>;

/**
 * Whether every package's dist/ is newer than what it is built from (its non-test sources,
 * package.json and tsconfigs), by the time of dist/.tsbuildinfo.
 */
function builtUpToDate(): boolean {
  const base = statSync(path.join(root, "tsconfig.base.json")).mtimeMs;
  return packages.every((name) => {
    const dir = path.join(root, "packages", name);
    let built: number;
    try {
      built = statSync(path.join(dir, "dist/.tsbuildinfo")).mtimeMs;
    } catch {
      return false;
    }
    const sources = readdirSync(path.join(dir, "src"), { recursive: true, encoding: "utf8" })
      .filter((file) => !/\.test\.ts$|(^|\/)test-[^/]*\.ts$/.test(file))
      .map((file) => path.join(dir, "src", file));
    const inputs = [
      ...sources,
      path.join(dir, "package.json"),
      path.join(dir, "tsconfig.build.json"),
    ];
    return base < built && inputs.every((file) => statSync(file).mtimeMs < built);
  });
}

/** Build (unless dist/ is up to date; incremental otherwise) and pack, once. */
async function buildAndPack(): Promise<void> {
  if (!builtUpToDate()) {
    const started = new Date();
    const built = await run(npm, ["run", "build:packages"], { cwd: root });
    timings.build = built.ms;
    if (built.code !== 0) throw new Error(`npm run build:packages failed\n${outputOf(built)}`);
    // tsc leaves dist/.tsbuildinfo as it was when nothing it emits changed: mark it as built
    // from the sources as they were when the build started (a later edit is newer).
    for (const name of packages) {
      utimesSync(path.join(root, "packages", name, "dist/.tsbuildinfo"), started, started);
    }
  }
  mkdirSync(packDir, { recursive: true });
  const pack = await run(
    npm,
    ["pack", "--json", "--pack-destination", packDir, ...packages.flatMap((name) => ["-w", name])],
    { cwd: root },
  );
  timings.pack = pack.ms;
  if (pack.code !== 0) throw new Error(`npm pack failed\n${outputOf(pack)}`);
  const list = JSON.parse(pack.stdout) as Packed[];
  packed = Object.fromEntries(
    list.map((p) => [p.name, { ...p, tarball: path.join(packDir, p.filename) }]),
  ) as typeof packed;
}

/** The installation page's check program: the first `ts` block under "Check the installation". */
function installationCheck(): string {
  const page = readFileSync(path.join(root, "docs/installation.mdx"), "utf8");
  const section = page.slice(page.indexOf("## Check the installation"));
  const block = /```ts\n([\s\S]*?)\n```/.exec(section);
  if (!block?.[1])
    throw new Error("docs/installation.mdx: no ts block under Check the installation");
  return block[1];
}

/** The example of a package's README: its first `ts` block under "## Example". */
function readmeExample(name: PackageName): string {
  const readme = readFileSync(path.join(root, "packages", name, "README.md"), "utf8");
  const block = /```ts\n([\s\S]*?)\n```/.exec(readme.slice(readme.indexOf("## Example")));
  if (!block?.[1]) throw new Error(`packages/${name}/README.md: no ts block under Example`);
  return block[1];
}

/**
 * The samples a user runs, as TypeScript: type-checked with both resolutions, then stripped
 * of their types by esbuild and run as `.mjs` by Node.js. Each prints a line the case expects.
 */
const samples: Record<string, { code: string; prints: RegExp }> = {
  check: {
    code: installationCheck(),
    prints: /^fdm-data works: \d+ crops in the catalogue\.$/m,
  },
  // Each package's README example, as a reader copies it from the package's page.
  "readme-fdm-data": {
    code: readmeExample("fdm-data"),
    // 532 BRP crops; Table 11: cattle slurry (14) 4.0 kg N/ton.
    prints: /^fdm-data: 532 crops; mestcode 14, 4 kg N\/ton$/m,
  },
  "readme-fdm-core": {
    code: readmeExample("fdm-core"),
    prints: /^fdm-core: Rundvee - Drijfmest behalve van vleeskalveren, mestcode 14$/m,
  },
  "readme-fdm-calculator": {
    code: readmeExample("fdm-calculator"),
    // Grazed permanent grassland on klei: 345 kg N/ha; 300 kg × 270 g N/kg = 81 kg N/ha.
    prints: /^fdm-calculator: norm 345 kg N\/ha, dose 81 kg N\/ha$/m,
  },
  "readme-fdm-api": {
    code: readmeExample("fdm-api"),
    prints: /^fdm-api: health 200, OpenAPI 3\.1\.\d+$/m,
  },
  norms: {
    prints: /^norms: 185 kg N\/ha, 70 kg P2O5\/ha, 170 kg N\/ha; years 2025, 2026/m,
    code: `import assert from "node:assert/strict";
import {
  type DerogationFlags,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getNormYears,
  getStikstofGebruiksNorm,
  type NormsFieldInput,
} from "fdm-calculator";

const field: NormsFieldInput & DerogationFlags = {
  fieldId: "maize-north",
  area: 5,
  region: "klei",
  isNVGebied: false,
  isGWBG: false,
  isNatura2000: false,
  isDerogatievrijeZone: false,
  hasDerogation: false,
  hasGrazingIntention: true,
  isOrganicCertified: false,
  cultivations: [
    { cultivationId: "nl_259", startDate: new Date("2025-05-01"), endDate: new Date("2025-10-01") },
  ],
  soilPhosphate: { pCaCl2: 1.8, pAl: 48 },
  applications: [],
};
const n = getStikstofGebruiksNorm(2025, field).normValue;
const p = getFosfaatGebruiksNorm(2025, field).normValue;
const manure = getDierlijkeMestGebruiksNorm(2025, field).normValue;
assert.deepEqual([n, p, manure], [185, 70, 170]);
console.log(\`norms: \${n} kg N/ha, \${p} kg P2O5/ha, \${manure} kg N/ha; years \${getNormYears().join(", ")}\`);
`,
  },
  balance: {
    prints: /^balance: degradation 3413\.6 kg\/ha, grassland 2837\.1 kg\/ha$/m,
    code: `import assert from "node:assert/strict";
import { ROTATIONS } from "fdm-data";
import { calculateOrganicMatterBalance } from "fdm-calculator";
import { calculateOrganicMatterBalance as pureBalance } from "fdm-calculator/pure";

const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
const soil = { organicMatter: 4, bulkDensity: 1.3 };
const grass = {
  id: "grass", cultivationId: "nl_265", rotation: ROTATIONS[0], startDate: new Date("2015-01-01"),
  effectiveOrganicMatter: 3975, effectiveOrganicMatterResidue: 0,
};
const input = {
  timeframe: year,
  fields: [
    { id: "arable", area: 1, soil, cultivations: [], applications: [] },
    { id: "grassland", area: 1, soil, cultivations: [grass], applications: [] },
  ],
};
const balance = calculateOrganicMatterBalance(input);
assert.deepEqual(pureBalance(input), balance);
const r = (value: number | null | undefined) => Math.round((value ?? Number.NaN) * 10) / 10;
console.log(\`balance: degradation \${r(balance.fields[0]?.degradation)} kg/ha, grassland \${r(balance.fields[1]?.balance)} kg/ha\`);
`,
  },
  core: {
    prints: /^fdm-core: 2 fields, pages of 1$/m,
    code: `import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import {
  addFarm, addField, closeFdm, createFdmAuth, createFdmLocal, getFields, MAX_PAGE_LIMIT,
} from "fdm-core";

const fdm = await createFdmLocal();
const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
const me = (await auth.api.signUpEmail({ body })).user.id;
const farm = await addFarm(fdm, me, { name: "De Hoeve" }, { returning: "record" });
assert.equal(farm.name, "De Hoeve");
const square = (x: number) => ({
  type: "Polygon" as const,
  coordinates: [[[x, 51.98], [x + 0.0014585, 51.98], [x + 0.0014585, 51.98089832], [x, 51.98089832], [x, 51.98]]],
});
for (const [name, x] of [["A", 5.66], ["B", 5.662]] as const) {
  await addField(fdm, me, farm.id, {
    name, geometry: square(x), acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner",
  });
}
const first = await getFields(fdm, me, farm.id, undefined, { limit: 1 });
assert.equal(first.items.length, 1);
assert.ok(first.next !== null);
assert.equal(MAX_PAGE_LIMIT, 1000);
const second = await getFields(fdm, me, farm.id, undefined, { limit: 1, after: first.next });
assert.equal(second.next, null);
assert.deepEqual([...first.items, ...second.items].map((f) => f.areaHa.toFixed(2)), ["1.00", "1.00"]);
await closeFdm(fdm);
console.log("fdm-core: 2 fields, pages of 1");
`,
  },
  api: {
    prints: /^fdm-api: health 200, farm 201, balance 200$/m,
    code: `import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { addField, closeFdm, createApiKey, createFdmAuth, createFdmLocal } from "fdm-core";
import { createApi } from "fdm-api";

const fdm = await createFdmLocal();
const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
const me = (await auth.api.signUpEmail({ body })).user.id;
const { key } = await createApiKey(fdm, me, { name: "install check" });
const app = createApi({ fdm, auth, log: false });
const headers = { authorization: \`Bearer \${key}\`, "content-type": "application/json" };
const health = await app.request("/v1/health");
const added = await app.request("/v1/farms", { method: "POST", headers, body: JSON.stringify({ name: "De Hoeve" }) });
const farm = (await added.json()) as { id: string };
await addField(fdm, me, farm.id, {
  name: "A", acquiringDate: new Date("2020-01-01"), acquiringMethod: "owner",
  geometry: {
    type: "Polygon",
    coordinates: [[[5.66, 51.98], [5.6614585, 51.98], [5.6614585, 51.98089832], [5.66, 51.98089832], [5.66, 51.98]]],
  },
});
// Computed in the API's worker thread, which loads the installed package's dist/.
const balance = await app.request(\`/v1/farms/\${farm.id}/calculations/organic-matter-balance\`, {
  method: "POST",
  headers,
  body: JSON.stringify({ start: "2025-01-01", end: "2025-12-31" }),
});
assert.equal(balance.status, 200, await balance.clone().text());
const result = (await balance.json()) as { days: number; complete: boolean };
assert.deepEqual([result.days, result.complete], [365, false]); // no soil analysis
await closeFdm(fdm);
console.log(\`fdm-api: health \${health.status}, farm \${added.status}, balance \${balance.status}\`);
`,
  },
};

/** Type-checked, not run: every entry and subpath, and types that must not be `any`. */
const typesOnly = `import { deepFreeze, getCultivationCatalogue, ROTATIONS, type Rotation } from "fdm-data";
import { createFdmLocal, type FdmType, type Page, type PageRequest } from "fdm-core";
import { createFdmLocal as createFdmInBrowser } from "fdm-core/browser";
import { collectInputForNorms, FdmCalculatorError } from "fdm-calculator";
import { getNormYears } from "fdm-calculator/browser";
import { calculateDose } from "fdm-calculator/pure";
import { type ApiOptions, apiDefaults, createApi } from "fdm-api";

const rotation: Rotation = ROTATIONS[0];
// @ts-expect-error NMI's "grass" is no rotation group: fails only if the types resolve.
const notARotation: Rotation = "grass";
const page: Page<string> = { items: [], next: null };
const request: PageRequest = { limit: 10 };
const crops: readonly { id: string }[] = deepFreeze(getCultivationCatalogue("brp"));
// @ts-expect-error createFdmLocal takes options, not a number.
const wrong: Promise<FdmType> = createFdmLocal(1);
const years: number[] = getNormYears();
const options: Pick<ApiOptions, "maxBodyBytes"> = { maxBodyBytes: apiDefaults.maxBodyBytes };
export const used = [
  rotation, notARotation, page, request, crops, wrong, years, options, createFdmInBrowser,
  collectInputForNorms, FdmCalculatorError, calculateDose, createApi,
];
`;

const resolutions = {
  nodenext: { module: "NodeNext", moduleResolution: "NodeNext" },
  bundler: { module: "ESNext", moduleResolution: "Bundler" },
} as const;

async function install(): Promise<void> {
  mkdirSync(app, { recursive: true });
  writeFileSync(
    path.join(app, "package.json"),
    `${JSON.stringify({ name: "fdm-install-check", private: true, type: "module" }, null, 2)}\n`,
  );
  const result = await run(
    npm,
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      ...packages.map((name) => packed[name].tarball),
      // For the type check of samples that use node:assert, at the repository's version.
      `@types/node@${rootVersion("@types/node")}`,
    ],
    { cwd: app },
  );
  timings.install = result.ms;
  if (result.code !== 0) throw new Error(`npm install failed\n${outputOf(result)}`);
  mkdirSync(path.join(app, "src"));
  mkdirSync(path.join(app, "run"));
  for (const [name, sample] of Object.entries(samples)) {
    writeFileSync(path.join(app, "src", `${name}.ts`), sample.code);
    // The installation page's program runs as the page says: saved as check.mjs, as written.
    const js =
      name === "check"
        ? sample.code
        : (await transform(sample.code, { loader: "ts", format: "esm", target: "node20" })).code;
    writeFileSync(path.join(app, "run", `${name}.mjs`), js);
  }
  writeFileSync(path.join(app, "src", "types-only.ts"), typesOnly);
  // The settings docs/installation.mdx gives (a resolution that reads `exports`, skipLibCheck),
  // with strict checks and Node.js's types.
  for (const [name, resolution] of Object.entries(resolutions)) {
    const tsconfig = {
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023"],
        ...resolution,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
      },
      include: ["src/*.ts"],
    };
    writeFileSync(path.join(app, `tsconfig.${name}.json`), `${JSON.stringify(tsconfig)}\n`);
  }
}

beforeAll(async () => {
  const started = performance.now();
  await buildAndPack();
  installed = install();
  // A failed install fails the cases that await it, not the hook.
  installed.catch(() => {});
  timings.beforeAll = performance.now() - started;
}, 600_000);

afterAll(async () => {
  await installed?.catch(() => {});
  console.log(
    `install test: ${Object.entries(timings)
      .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
      .join(", ")}`,
  );
  if (!process.env.FDM_KEEP_INSTALL) rmSync(work, { recursive: true, force: true });
});

/** Every entry a package exports, as attw finds them in its `exports`. */
const entrypoints: Record<PackageName, string[]> = {
  "fdm-data": ["."],
  "fdm-core": [".", "./browser"],
  "fdm-calculator": [".", "./browser", "./pure"],
  "fdm-api": ["."],
};

/**
 * What publint still reports, each waiting on a change to a package's source: nothing.
 * fdm-calculator swaps its local-file reader for a browser's by a subpath import
 * (`#location/local-files`, `imports` with a `browser` condition), not a `browser` field.
 */
const pending: Partial<Record<PackageName, string[]>> = {};

/**
 * The tarballs that hold NMI's figures, which ship NMI's licence notice (`NOTICE`): fdm-data's
 * catalogues and fdm-calculator's balance defaults. fdm-core and fdm-api hold none: fdm-core
 * copies the catalogues into a database when it runs, from the installed fdm-data.
 */
const withNmiFigures: readonly PackageName[] = ["fdm-data", "fdm-calculator"];

describe.concurrent("the packed packages", () => {
  for (const name of packages) {
    it(`${name}: publint reports nothing`, async () => {
      const tarball = readFileSync(packed[name].tarball);
      const { messages, pkg } = await publint({
        pack: {
          tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length),
        },
        level: "suggestion",
        strict: true,
      });
      expect(
        messages.map(
          (m) => `${m.type} ${m.code}: ${stripVTControlCharacters(formatMessage(m, pkg) ?? "")}`,
        ),
      ).toEqual(pending[name] ?? []);
    });

    it(`${name}: Are the Types Wrong reports nothing`, async () => {
      // The esm-only profile: the packages are ES modules only, so attw leaves out the two
      // resolutions of CommonJS (node10, node16 from CJS), where an ES module cannot load.
      const attw = await run(
        process.execPath,
        [
          path.join(root, "node_modules/@arethetypeswrong/cli/dist/index.js"),
          packed[name].tarball,
          "--profile",
          "esm-only",
          "--format",
          "json",
        ],
        { cwd: work },
      );
      expect(attw.code, outputOf(attw)).toBe(0);
      const { analysis } = JSON.parse(attw.stdout) as {
        analysis: {
          entrypoints: Record<string, unknown>;
          problems: Record<string, { entrypoint: string; resolutionKind?: string }[]>;
        };
      };
      const reported = Object.values(analysis.problems)
        .flat()
        .filter((p) => !["node10", "node16-cjs"].includes(p.resolutionKind ?? ""));
      expect(reported).toEqual([]);
      expect(Object.keys(analysis.entrypoints)).toEqual(entrypoints[name]);
    });

    it(`${name}: the tarball holds the MIT licence, a README and, with NMI's figures, NOTICE`, () => {
      const files = packed[name].files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining(["LICENSE", "README.md"]));
      expect(files.includes("NOTICE")).toBe(withNmiFigures.includes(name));
      const licence = readFileSync(path.join(root, "packages", name, "LICENSE"), "utf8");
      expect(licence).toBe(readFileSync(path.join(root, "LICENSE"), "utf8"));
      expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The FDM authors\n/);
      if (withNmiFigures.includes(name)) {
        const notice = readFileSync(path.join(root, "packages", name, "NOTICE"), "utf8");
        expect(notice).toContain("Copyright 2024 Nutriënten Management Instituut");
      }
    });

    it(`${name}: the tarball holds no test and no tsbuildinfo`, () => {
      const files = packed[name].files.map((f) => f.path);
      expect(files).toContain("package.json");
      expect(files.filter((f) => /\.test\.|(^|\/)test-[^/]*\.ts$|tsbuildinfo/.test(f))).toEqual([]);
    });
  }
});

describe.concurrent("installed from the tarballs, outside the workspace", () => {
  for (const [name, sample] of Object.entries(samples)) {
    it(`runs the ${name} sample in Node.js`, async () => {
      await installed;
      const result = await run(process.execPath, [path.join(app, "run", `${name}.mjs`)], {
        cwd: app,
      });
      timings[`sample ${name}`] = result.ms;
      expect(result.code, outputOf(result)).toBe(0);
      expect(result.stdout).toMatch(sample.prints);
    });
  }

  for (const name of Object.keys(resolutions)) {
    it(`type-checks the samples with moduleResolution ${name}`, async () => {
      await installed;
      const tsc = await run(
        process.execPath,
        [path.join(root, "node_modules/typescript/bin/tsc"), "-p", `tsconfig.${name}.json`],
        { cwd: app },
      );
      timings[`tsc ${name}`] = tsc.ms;
      expect(tsc.code, outputOf(tsc)).toBe(0);
    });
  }

  it("bundles the browser entries for a browser with esbuild", async () => {
    await installed;
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    // The modules PGlite's package.json maps to nothing for browsers (its Node.js code).
    const pgliteBrowserMap = Object.keys(
      JSON.parse(
        readFileSync(path.join(app, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
      ).browser as Record<string, false>,
    );
    const reached: string[] = [];
    const watchBuiltins: Plugin = {
      name: "watch-builtins",
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (!builtins.has(args.path)) return undefined;
          const importer = path.relative(app, args.importer);
          // Left to esbuild, which bundles an empty module for them.
          if (
            importer.startsWith("node_modules/@electric-sql/pglite/") &&
            pgliteBrowserMap.includes(args.path)
          ) {
            return undefined;
          }
          reached.push(`${args.path} (${args.kind} from ${importer})`);
          return { path: args.path, external: true };
        });
      },
    };
    writeFileSync(
      path.join(app, "browser.ts"),
      `export * as core from "fdm-core";
export * as coreBrowser from "fdm-core/browser";
export * as calculator from "fdm-calculator";
export * as calculatorBrowser from "fdm-calculator/browser";
export * as data from "fdm-data";
`,
    );
    const started = performance.now();
    const result = await build({
      absWorkingDir: app,
      entryPoints: ["browser.ts"],
      bundle: true,
      platform: "browser",
      format: "esm",
      loader: { ".sql": "text" },
      write: false,
      metafile: true,
      outdir: "out",
      logLevel: "silent",
      plugins: [watchBuiltins],
    });
    timings.esbuild = performance.now() - started;
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    // The browser entries, and neither package's Node entry.
    expect(inputs).toContain("node_modules/fdm-core/dist/browser.js");
    expect(inputs).toContain("node_modules/fdm-calculator/dist/browser.js");
    expect(inputs).toContain("node_modules/fdm-calculator/dist/location/local-files.browser.js");
    expect(inputs).not.toContain("node_modules/fdm-core/dist/index.js");
    expect(inputs).not.toContain("node_modules/fdm-calculator/dist/location/local-files.js");
    // Every migration, as text.
    expect(
      inputs.filter((i) => /^node_modules\/fdm-core\/drizzle\/\d{4}_\w+\.sql$/.test(i)).length,
    ).toBe(
      readFileSync(path.join(root, "packages/fdm-core/drizzle/meta/_journal.json"), "utf8").match(
        /"tag"/g,
      )?.length,
    );
    // PGlite's own run-time-guarded import("node:module") is the one Node module reached.
    expect([...new Set(reached.map((r) => r.split(" ")[0]))]).toEqual(["node:module"]);
  });
});
