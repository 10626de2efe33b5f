// Benchmark of fdm-core: a farm of N fields (default 1,000), each with two
// cultivations (winter wheat, then grass), five fertilizer applications, four
// harvests and one soil analysis, written through the public API; then one
// field's full state and the farm's field list are read back. The farm is
// written twice, in fresh databases: once call by call ("per call": addField,
// addCultivation, addFertilizerApplication, addHarvest, addSoilAnalysis per row)
// and once with the batch calls an importer uses ("batch": addFields,
// addCultivations, addFertilizerApplications, addHarvests, addSoilAnalyses, one
// call each for the whole farm). Runs on PGlite, and on PostgreSQL when
// FDM_TEST_DATABASE_URL or --pg <url> is given (a fresh database is created and
// dropped). --only batch|per-call runs one of the two.
//
//   npx tsx bench/core.ts [--fields 1000] [--only batch] [--pg postgres://postgres@127.0.0.1:5432/postgres]
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import {
  addCultivation,
  addCultivations,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addFertilizerApplications,
  addField,
  addFields,
  addHarvest,
  addHarvests,
  addSoilAnalyses,
  addSoilAnalysis,
  closeFdm,
  createFdmLocal,
  createFdmServer,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FdmType,
  fdmSchema,
  getCultivations,
  getCurrentSoilData,
  getFertilizerApplications,
  getField,
  getFields,
  getHarvests,
  getSoilAnalyses,
  migrateFdm,
  syncCatalogues,
} from "../packages/fdm-core/src/index.js";

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const fieldCount = Number(arg("--fields") ?? 1000);
const pgUrl = arg("--pg") ?? process.env.FDM_TEST_DATABASE_URL;
const only = arg("--only");

/** The acting principal: a user row, as a sign-up would leave it. */
async function addUser(fdm: FdmType): Promise<string> {
  const id = "bench-owner";
  await fdm.insert(fdmSchema.authUser).values({ id, name: "Bench", email: "bench@example.org" });
  return id;
}

function square(i: number) {
  const x = 5 + (i % 100) * 0.002;
  const y = 52 + Math.floor(i / 100) * 0.002;
  return {
    type: "Polygon" as const,
    coordinates: [
      [
        [x, y],
        [x + 0.0015, y],
        [x + 0.0015, y + 0.001],
        [x, y + 0.001],
        [x, y],
      ],
    ],
  };
}

/** Wall-clock ms, and CPU ms of this process (where PGlite does its work; on a busy machine the wall clock counts time waiting for a core too). */
async function time<T>(fn: () => Promise<T>): Promise<[T, number, number]> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const result = await fn();
  const cpu = process.cpuUsage(c0);
  return [result, performance.now() - t0, (cpu.user + cpu.system) / 1000];
}

async function median(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await time(fn))[1]);
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

const slurryDates = ["2025-02-15", "2025-03-15", "2025-04-15"];
const canDates = ["2025-05-15", "2025-06-15"];
const cutDates = ["2025-05-10", "2025-06-20", "2025-08-05"];

/** Seconds spent in each batch call, for the batch run. */
type Steps = Record<string, number>;

async function run(fdm: FdmType, batch: boolean) {
  await syncCatalogues(fdm);
  const owner = await addUser(fdm);
  const farmId = await addFarm(fdm, owner, { name: "Benchmark farm" });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "rvo");
  await enableFertilizerCatalogue(fdm, owner, farmId, "baat");
  const slurry = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "rvo_14",
    acquiringDate: new Date("2024-01-01"),
  });
  const can = await addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "baat_028",
    acquiringDate: new Date("2024-01-01"),
  });

  const fieldInput = (i: number) => ({
    name: `Perceel ${String(i).padStart(4, "0")}`,
    geometry: square(i),
    acquiringDate: new Date("2020-01-01"),
    acquiringMethod: "owner" as const,
  });
  const wheat = {
    catalogueItemId: "nl_233",
    startDate: new Date("2023-10-15"),
    endDate: new Date("2024-08-01"),
  };
  const grass = { catalogueItemId: "nl_265", startDate: new Date("2024-09-01") };
  const applications = [
    ...slurryDates.map((d) => ({
      fertilizerId: slurry,
      amountKgPerHa: 20_000,
      method: "shallow_injection" as const,
      applicationDate: new Date(d),
    })),
    ...canDates.map((d) => ({
      fertilizerId: can,
      amountKgPerHa: 200,
      method: "broadcasting" as const,
      applicationDate: new Date(d),
    })),
  ];
  const harvestsOf = (wheatId: string, grassId: string) => [
    { cultivationId: wheatId, harvestDate: new Date("2024-08-01"), dryMatterYield: 8_500 },
    ...cutDates.map((d) => ({
      cultivationId: grassId,
      harvestDate: new Date(d),
      dryMatterYield: 3_000,
      nitrogenContent: 30,
    })),
  ];
  const soil = {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory" as const,
    parameters: { pAl: 40, pCaCl2: 2.5, organicMatter: 4, ph: 5.5, soilType: "dekzand" as const },
  };

  const steps: Steps = {};
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const [result, ms, cpuMs] = await time(fn);
    steps[name] = ms;
    steps[`${name} CPU`] = cpuMs;
    return result;
  };
  let lastField = "";
  const [, writeMs, writeCpuMs] = await time(async () => {
    if (batch) {
      const fieldIds = await step("addFields", () =>
        addFields(
          fdm,
          owner,
          farmId,
          Array.from({ length: fieldCount }, (_, i) => fieldInput(i)),
        ),
      );
      const cultivationIds = await step("addCultivations", () =>
        addCultivations(
          fdm,
          owner,
          farmId,
          fieldIds.flatMap((fieldId) => [
            { fieldId, ...wheat },
            { fieldId, ...grass },
          ]),
        ),
      );
      await step("addFertilizerApplications", () =>
        addFertilizerApplications(
          fdm,
          owner,
          farmId,
          fieldIds.flatMap((fieldId) => applications.map((a) => ({ fieldId, ...a }))),
        ),
      );
      await step("addHarvests", () =>
        addHarvests(
          fdm,
          owner,
          farmId,
          fieldIds.flatMap((_, i) =>
            harvestsOf(cultivationIds[2 * i] as string, cultivationIds[2 * i + 1] as string),
          ),
        ),
      );
      await step("addSoilAnalyses", () =>
        addSoilAnalyses(
          fdm,
          owner,
          farmId,
          fieldIds.map((fieldId) => ({ fieldId, ...soil })),
        ),
      );
      lastField = fieldIds.at(-1) as string;
      return;
    }
    for (let i = 0; i < fieldCount; i++) {
      const fieldId = await addField(fdm, owner, farmId, fieldInput(i));
      const wheatId = await addCultivation(fdm, owner, fieldId, wheat);
      const grassId = await addCultivation(fdm, owner, fieldId, grass);
      for (const a of applications) await addFertilizerApplication(fdm, owner, fieldId, a);
      for (const { cultivationId, ...h } of harvestsOf(wheatId, grassId)) {
        await addHarvest(fdm, owner, cultivationId, h);
      }
      await addSoilAnalysis(fdm, owner, fieldId, soil);
      lastField = fieldId;
    }
  });

  const readField = async () => {
    const field = await getField(fdm, owner, lastField);
    const cultivations = await getCultivations(fdm, owner, lastField);
    for (const c of cultivations) await getHarvests(fdm, owner, c.id);
    await getFertilizerApplications(fdm, owner, lastField);
    await getSoilAnalyses(fdm, owner, lastField);
    await getCurrentSoilData(fdm, owner, lastField);
    return field;
  };
  const fieldMs = await median(readField);
  let listed = 0;
  const listMs = await median(async () => {
    listed = (await getFields(fdm, owner, farmId)).length;
  }, 11);
  if (listed !== fieldCount) throw new Error(`expected ${fieldCount} fields, listed ${listed}`);
  const [harvests] = await getCultivations(fdm, owner, lastField).then((cs) =>
    Promise.all(cs.map((c) => getHarvests(fdm, owner, c.id))).then((hs) => [hs.flat().length]),
  );
  if (harvests !== 4) throw new Error(`expected 4 harvests on the last field, found ${harvests}`);
  const listCpu: number[] = [];
  for (let i = 0; i < 11; i++) listCpu.push((await time(() => getFields(fdm, owner, farmId)))[2]);
  const listCpuMs = listCpu.sort((a, b) => a - b)[5] as number;
  return { writeMs, writeCpuMs, fieldMs, listMs, listCpuMs, steps };
}

const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const batch of [false, true]) {
  if (only && only !== (batch ? "batch" : "per-call")) continue;
  const label = batch ? "batch" : "per call";
  {
    const fdm = await createFdmLocal();
    results[`PGlite, ${label}`] = await run(fdm, batch);
    await closeFdm(fdm);
  }
  if (pgUrl) {
    const admin = postgres(pgUrl, { onnotice: () => {}, max: 1 });
    const name = `fdm_bench_${Date.now()}`;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const fdm = createFdmServer(url.toString());
    try {
      await migrateFdm(fdm);
      results[`PostgreSQL, ${label}`] = await run(fdm, batch);
    } finally {
      await closeFdm(fdm);
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

const fmt = (ms: number | undefined) =>
  ms === undefined ? "–" : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
console.log(
  `fdm-core benchmark: ${fieldCount} fields × (2 cultivations, 5 applications, 4 harvests, 1 soil analysis)\n`,
);
const names = Object.keys(results);
const line = (label: string, value: (r: Awaited<ReturnType<typeof run>>) => number | undefined) =>
  console.log(
    `| ${label} | ${names.map((n) => fmt(value(results[n] as Awaited<ReturnType<typeof run>>))).join(" | ")} |`,
  );
console.log(`| measure | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---:").join("|")}|`);
line("write the farm", (r) => r.writeMs);
line("write the farm: CPU time of this process", (r) => r.writeCpuMs);
for (const call of [
  "addFields",
  "addCultivations",
  "addFertilizerApplications",
  "addHarvests",
  "addSoilAnalyses",
]) {
  line(`… of which ${call} (one call)`, (r) => r.steps[call]);
  line(`… of which ${call}: CPU time`, (r) => r.steps[`${call} CPU`]);
}
line("read one field's full state (median of 5)", (r) => r.fieldMs);
line("read the farm's field list (median of 11)", (r) => r.listMs);
line("read the farm's field list: CPU time of this process (median of 11)", (r) => r.listCpuMs);
