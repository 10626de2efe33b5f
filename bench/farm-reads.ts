/**
 * Benchmark of the farm-wide reads fdm-calculator's balances make (readFarm in
 * packages/fdm-calculator/src/collectors/shared.ts), on a farm of N fields
 * (default 1,000) written with fdm-core's batch calls into an in-memory PGlite
 * database: half permanent grassland with two cuts and cattle slurry, half
 * winter wheat with one harvest; CAN on every field, a soil analysis each.
 *
 * Prints, best of --rounds (default 15) after a warm-up, the time of each read
 * (getFields, getCultivationsForFarm, getCultivationsFromCatalogue whole and
 * filtered to the farm's crops, getFertilizers, getHarvestsForFarm,
 * getFertilizerApplicationsForFarm, getCurrentSoilDataForFarm), then collect +
 * balance for nitrogen, organic matter and both (collectInputForBalances).
 * The machine may be shared: the best round is the one least disturbed.
 *
 * --dump <file> writes what every read returned, with ids replaced by their
 * order of first appearance and the database's own timestamps (createdAt,
 * updatedAt, syncedAt) masked, and every Date and number tagged by type — two
 * dumps taken before and after a change to the reads must be identical.
 *
 *   node --conditions=source --import tsx bench/farm-reads.ts [--fields 1000] [--rounds 15] [--dump out.json]
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

if (!process.execArgv.some((a) => a.includes("conditions=source"))) {
  const run = spawnSync(
    process.execPath,
    [
      "--conditions=source",
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: "inherit" },
  );
  process.exit(run.status ?? 1);
}
const core = await import("fdm-core");
const calc = await import("fdm-calculator");

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const FIELDS = Number(arg("--fields") ?? 1000);
const ROUNDS = Number(arg("--rounds") ?? 15);
const dumpTo = arg("--dump");
const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

const t0 = performance.now();
const fdm = await core.createFdmLocal();
const auth = core.createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
const { user } = await auth.api.signUpEmail({
  body: { name: "Bench", email: "bench@example.org", password: "correct horse battery" },
});
const owner = user.id;
await core.syncCatalogues(fdm);
const farmId = await core.addFarm(fdm, owner, { name: "Bench farm" });
await core.enableCultivationCatalogue(fdm, owner, farmId, "brp");
await core.enableFertilizerCatalogue(fdm, owner, farmId, "srm");
await core.enableFertilizerCatalogue(fdm, owner, farmId, "baat");
const acquired = { acquiringDate: new Date("2024-01-01") };
const can = await core.addFertilizer(fdm, owner, farmId, {
  catalogueItemId: "baat_028",
  ...acquired,
});
const slurry = await core.addFertilizer(fdm, owner, farmId, {
  catalogueItemId: "srm_9d855a14df2045c2",
  ...acquired,
  amountKg: 120_000,
});
const square = (i: number) => {
  const x = 5 + (i % 100) * 0.002;
  const y = 52 + Math.floor(i / 100) * 0.002;
  return {
    type: "Polygon" as const,
    coordinates: [
      [
        [x, y],
        [x + 0.0014585, y],
        [x + 0.0014585, y + 0.00089832],
        [x, y + 0.00089832],
        [x, y],
      ],
    ],
  };
};
const fieldIds = await core.addFields(
  fdm,
  owner,
  farmId,
  Array.from({ length: FIELDS }, (_, i) => ({
    name: `Perceel ${String(i).padStart(4, "0")}`,
    geometry: square(i),
    acquiringDate: new Date("2015-01-01"),
    acquiringMethod: "owner" as const,
    ...(i % 50 === 49 ? { discardingDate: new Date("2025-11-30") } : {}),
  })),
);
const cultivationIds = await core.addCultivations(
  fdm,
  owner,
  farmId,
  fieldIds.map((fieldId, i) =>
    i % 2 === 0
      ? { fieldId, catalogueItemId: "nl_265", startDate: new Date("2016-01-01") }
      : { fieldId, catalogueItemId: "nl_233", startDate: new Date("2024-10-20") },
  ),
);
await core.addHarvests(
  fdm,
  owner,
  farmId,
  cultivationIds.flatMap((cultivationId, i) =>
    i % 2 === 0
      ? [
          {
            cultivationId,
            harvestDate: new Date("2025-05-20"),
            dryMatterYield: 3000,
            nitrogenContent: 30.5,
          },
          {
            cultivationId,
            harvestDate: new Date("2025-07-01"),
            dryMatterYield: 2500,
            nitrogenContent: 28,
            phosphateContent: 7.25,
          },
        ]
      : [
          {
            cultivationId,
            harvestDate: new Date("2025-08-01"),
            dryMatterYield: 8000,
            nitrogenContent: 20,
          },
        ],
  ),
);
await core.addFertilizerApplications(
  fdm,
  owner,
  farmId,
  fieldIds.flatMap((fieldId, i) => [
    ...(i % 2 === 0
      ? [
          {
            fieldId,
            fertilizerId: slurry,
            amountKgPerHa: 30_000,
            method: "shallow_injection" as const,
            applicationDate: new Date("2025-03-15"),
          },
        ]
      : []),
    {
      fieldId,
      fertilizerId: can,
      amountKgPerHa: 300.5,
      method: "broadcasting" as const,
      applicationDate: new Date("2025-04-01"),
    },
  ]),
);
await core.addSoilAnalyses(
  fdm,
  owner,
  farmId,
  fieldIds.map((fieldId, i) => ({
    fieldId,
    samplingDate: new Date("2024-02-01"),
    source: "laboratory" as const,
    parameters: {
      pCaCl2: 2.0,
      pAl: 40,
      organicMatter: 2 + (i % 7) * 0.1,
      gwlClass: "VI" as const,
      soilType: i % 2 === 0 ? ("dekzand" as const) : ("zeeklei" as const),
      ...(i % 2 === 0 ? { bulkDensity: 1.3 } : {}),
    },
  })),
);
console.log(
  `wrote ${FIELDS} fields through fdm-core's batch calls in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const crops = [
  ...new Set(
    (await core.getCultivationsForFarm(fdm, owner, farmId, year)).map((c) => c.catalogueItemId),
  ),
];
const reads: Record<string, () => Promise<unknown>> = {
  getFields: () => core.getFields(fdm, owner, farmId, year),
  getCultivationsForFarm: () => core.getCultivationsForFarm(fdm, owner, farmId, year),
  getCultivationsFromCatalogue: () => core.getCultivationsFromCatalogue(fdm, owner, farmId),
  getFertilizers: () => core.getFertilizers(fdm, owner, farmId),
  getHarvestsForFarm: () => core.getHarvestsForFarm(fdm, owner, farmId, year),
  getFertilizerApplicationsForFarm: () =>
    core.getFertilizerApplicationsForFarm(fdm, owner, farmId, year),
  getCurrentSoilDataForFarm: () => core.getCurrentSoilDataForFarm(fdm, owner, farmId, year.end),
};
// The catalogue filtered to the farm's crops, as readFarm asks for it.
reads["getCultivationsFromCatalogue (farm's crops)"] = () =>
  core.getCultivationsFromCatalogue(fdm, owner, farmId, { itemIds: crops });

async function best(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up
  let min = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    await run();
    min = Math.min(min, performance.now() - start);
  }
  return min;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `best of ${ROUNDS} rounds after a warm-up; load average ${(await loadavg()).join(", ")}`,
);
let sum = 0;
for (const [name, run] of Object.entries(reads)) {
  const ms = await best(run);
  if (!name.includes("farm's crops")) sum += ms;
  console.log(`  ${name.padEnd(46)} ${fmt(ms).padStart(9)}`);
}
console.log(`  ${"sum of the reads (whole catalogue)".padEnd(46)} ${fmt(sum).padStart(9)}`);

const nitrogen = await best(async () =>
  calc.calculateNitrogenBalance(
    await calc.collectInputForNitrogenBalance(fdm, owner, farmId, year),
  ),
);
const organic = await best(async () =>
  calc.calculateOrganicMatterBalance(
    await calc.collectInputForOrganicMatterBalance(fdm, owner, farmId, year),
  ),
);
const both = await best(async () => {
  const input = await calc.collectInputForBalances(fdm, owner, farmId, year);
  calc.calculateNitrogenBalance(input.nitrogen);
  calc.calculateOrganicMatterBalance(input.organicMatter);
});
console.log(`  collect + nitrogen balance (bar < 200 ms)        ${fmt(nitrogen).padStart(9)}`);
console.log(`  collect + organic-matter balance (bar < 100 ms)  ${fmt(organic).padStart(9)}`);
console.log(`  collectInputForBalances + both balances          ${fmt(both).padStart(9)}`);
console.log(`load average afterwards ${(await loadavg()).join(", ")}`);

if (dumpTo) {
  // Ids are random: each is named by what it stands for in this farm (one cultivation per
  // field, one application of a product per field and date, ...), and each list is sorted
  // by its text, since rows tied on their order keys are ordered by their random ids.
  const out: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(reads)) {
    if (!name.includes("farm's crops")) out[name] = await run();
  }
  const names = new Map<string, string>([[farmId, "farm"]]);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  type Row = Record<string, unknown>;
  for (const f of out.getFields as Row[]) names.set(f.id as string, `field ${f.name}`);
  for (const f of out.getFertilizers as Row[]) {
    names.set(f.id as string, `fertilizer ${f.catalogueItemId}`);
  }
  for (const c of out.getCultivationsForFarm as Row[]) {
    names.set(c.id as string, `${c.catalogueItemId} on ${names.get(c.fieldId as string)}`);
  }
  for (const h of out.getHarvestsForFarm as Row[]) {
    const of = `${names.get(h.cultivationId as string)} on ${day(h.harvestDate as Date)}`;
    names.set(h.id as string, `harvest of ${of}`);
    names.set(h.harvestableId as string, `harvestable of ${of}`);
  }
  for (const a of out.getFertilizerApplicationsForFarm as Row[]) {
    names.set(
      a.id as string,
      `${names.get(a.fertilizerId as string)} on ${names.get(a.fieldId as string)} on ${day(a.applicationDate as Date)}`,
    );
  }
  for (const [fieldId, list] of Object.entries(out.getCurrentSoilDataForFarm as Row)) {
    for (const s of list as Row[])
      names.set(s.analysisId as string, `analysis of ${names.get(fieldId)}`);
  }
  const masked = new Set(["createdAt", "updatedAt", "syncedAt"]);
  const tag = (value: unknown, key = ""): unknown => {
    if (value instanceof Date) return masked.has(key) ? "<db time>" : { date: value.toISOString() };
    if (typeof value === "number") return { number: value };
    if (typeof value === "string") return names.get(value) ?? value;
    if (Array.isArray(value)) {
      const list = value.map((v) => tag(v));
      return value.length > 0 && typeof value[0] === "object"
        ? list.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
        : list;
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [names.get(k) ?? k, tag(v, k)]),
      );
    }
    return value;
  };
  writeFileSync(dumpTo, `${JSON.stringify(tag(out), null, 1)}\n`);
  console.log(`wrote what the reads returned to ${dumpTo}`);
}
await core.closeFdm(fdm);

async function loadavg(): Promise<string[]> {
  const os = await import("node:os");
  return os.loadavg().map((l) => l.toFixed(2));
}
