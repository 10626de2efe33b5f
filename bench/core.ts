// Benchmark of fdm-core: a farm of N fields (default 1,000), each with two
// cultivations, five fertilizer applications and one soil analysis, written
// through the public API; then one field's full state and the farm's field list
// are read back. The farm is written twice, in fresh databases: once with one
// addField call per field ("per call") and once with the fields imported by one
// addFields call ("fields in one batch"); cultivations, applications and soil
// analyses are added per call in both. Runs on PGlite, and on PostgreSQL when FDM_TEST_DATABASE_URL
// or --pg <url> is given (a fresh database is created and dropped).
//
//   npx tsx bench/core.ts [--fields 1000] [--pg postgres://postgres@127.0.0.1:5432/postgres]
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import {
  addCultivation,
  addFarm,
  addFertilizer,
  addFertilizerApplication,
  addField,
  addFields,
  addSoilAnalysis,
  closeFdm,
  createFdmLocal,
  createFdmServer,
  enableCultivationCatalogue,
  enableFertilizerCatalogue,
  type FdmType,
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
const owner = "bench-owner";

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

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await fn();
  return [result, performance.now() - t0];
}

async function median(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await time(fn))[1]);
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] as number;
}

async function run(fdm: FdmType, batch: boolean) {
  await syncCatalogues(fdm);
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
  let lastField = "";
  const [, writeMs] = await time(async () => {
    const imported = batch
      ? await addFields(
          fdm,
          owner,
          farmId,
          Array.from({ length: fieldCount }, (_, i) => fieldInput(i)),
        )
      : [];
    for (let i = 0; i < fieldCount; i++) {
      const fieldId = batch
        ? (imported[i] as string)
        : await addField(fdm, owner, farmId, fieldInput(i));
      await addCultivation(fdm, owner, fieldId, {
        catalogueItemId: "nl_233",
        startDate: new Date("2023-10-15"),
        endDate: new Date("2024-08-01"),
      });
      await addCultivation(fdm, owner, fieldId, {
        catalogueItemId: "nl_265",
        startDate: new Date("2024-09-01"),
      });
      for (const [k, date] of [
        "2025-02-15",
        "2025-03-15",
        "2025-04-15",
        "2025-05-15",
        "2025-06-15",
      ].entries()) {
        await addFertilizerApplication(
          fdm,
          owner,
          fieldId,
          k < 3
            ? {
                fertilizerId: slurry,
                amountKgPerHa: 20_000,
                method: "shallow_injection",
                applicationDate: new Date(date),
              }
            : {
                fertilizerId: can,
                amountKgPerHa: 200,
                method: "broadcasting",
                applicationDate: new Date(date),
              },
        );
      }
      await addSoilAnalysis(fdm, owner, fieldId, {
        samplingDate: new Date("2024-02-01"),
        source: "laboratory",
        parameters: { pAl: 40, pCaCl2: 2.5, organicMatter: 4, ph: 5.5, soilType: "dekzand" },
      });
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
  });
  if (listed !== fieldCount) throw new Error(`expected ${fieldCount} fields, listed ${listed}`);
  return { writeMs, fieldMs, listMs };
}

const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const batch of [false, true]) {
  const label = batch ? "fields in one batch" : "per call";
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

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
console.log(
  `fdm-core benchmark: ${fieldCount} fields × (2 cultivations, 5 applications, 1 soil analysis)\n`,
);
const names = Object.keys(results);
console.log(`| measure | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---:").join("|")}|`);
console.log(`| write the farm | ${names.map((n) => fmt(results[n]?.writeMs ?? 0)).join(" | ")} |`);
console.log(
  `| read one field's full state (median of 5) | ${names.map((n) => fmt(results[n]?.fieldMs ?? 0)).join(" | ")} |`,
);
console.log(
  `| read the farm's field list (median of 5) | ${names.map((n) => fmt(results[n]?.listMs ?? 0)).join(" | ")} |`,
);
