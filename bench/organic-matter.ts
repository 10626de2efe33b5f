/**
 * Benchmark of the soil organic-matter balance on a farm of 1,000 fields:
 *
 * 1. calculateOrganicMatterBalance on plain input (each field a crop, one or
 *    two applications and a soil analysis; every other field without a
 *    measured bulk density, so that the estimate runs too);
 * 2. collect + balance: the same farm written through fdm-core's public API
 *    into an in-memory PGlite database, read with
 *    collectInputForOrganicMatterBalance and balanced; then both balances,
 *    each collector reading the farm, against collectInputForBalances reading
 *    it once.
 *
 * Run with `npx tsx bench/organic-matter.ts [--fields 1000] [--rounds 20] [--no-db]`;
 * prints the median time per farm and fields per second. The bar is 0.1 s for
 * the calculation of a 1,000-field farm. The figures in the input are
 * plausible test values (catalogue EOM of NMI's crops and products), not a
 * farm: the benchmark measures speed, not agronomy.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type {
  OrganicMatterBalanceFieldInput,
  OrganicMatterBalanceInput,
} from "../packages/fdm-calculator/src/index.js";

// The packages are imported from source (export condition `source`), so that
// no build is needed; started without it, the script starts itself again with it.
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
const ROUNDS = Number(arg("--rounds") ?? 20);
const BAR_MS = 100;
const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };
const soilTypes = ["dekzand", "zeeklei", "rivierklei", "veen", "loess"] as const;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function time(run: () => unknown, rounds: number): number[] {
  run(); // warm-up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times;
}

// 1. The pure calculation.
const fields: OrganicMatterBalanceFieldInput[] = Array.from({ length: FIELDS }, (_, i) => ({
  id: `field-${i}`,
  area: 1 + (i % 9),
  soil: {
    organicMatter: 2 + (i % 7),
    bulkDensity: i % 2 === 0 ? 1.2 + (i % 5) * 0.05 : null,
    soilType: soilTypes[i % soilTypes.length] ?? "zeeklei",
  },
  cultivations:
    i % 2 === 0
      ? [
          {
            id: `c${i}`,
            cultivationId: "nl_265",
            rotation: "grassland",
            startDate: new Date("2015-03-01"),
            effectiveOrganicMatter: 3975,
            effectiveOrganicMatterResidue: 0,
          },
        ]
      : [
          {
            id: `c${i}`,
            cultivationId: "nl_233",
            rotation: "cereal",
            startDate: new Date("2024-10-20"),
            endDate: new Date("2025-08-05"),
            effectiveOrganicMatter: 1640,
            effectiveOrganicMatterResidue: 990,
            residuesLeft: i % 3 !== 0,
          },
          {
            id: `cc${i}`,
            cultivationId: "nl_6755",
            rotation: "catch_crop",
            startDate: new Date("2025-08-20"),
            effectiveOrganicMatter: 1100,
            effectiveOrganicMatterResidue: 0,
          },
        ],
  applications: [
    {
      id: `a${i}-1`,
      date: new Date("2025-03-15"),
      amount: 30_000,
      fertilizer: {
        id: "srm_9d855a14df2045c2",
        isMineral: false,
        isManure: true,
        isCompost: false,
        effectiveOrganicMatter: 44.8643,
      },
    },
    {
      id: `a${i}-2`,
      date: new Date("2025-09-01"),
      amount: 15_000,
      fertilizer: {
        id: "srm_1ae98c5a34997eac",
        isMineral: false,
        isManure: false,
        isCompost: true,
        effectiveOrganicMatter: 98.9037,
      },
    },
  ],
}));
const input: OrganicMatterBalanceInput = { timeframe: year, fields };
let result = calc.calculateOrganicMatterBalance(input);
const pure = median(time(() => (result = calc.calculateOrganicMatterBalance(input)), ROUNDS));
console.log(`calculateOrganicMatterBalance: ${FIELDS} fields, ${ROUNDS} rounds`);
console.log(
  `  complete: ${result.complete}, ${result.estimated.length} densities estimated, farm balance ${result.balance?.toFixed(0)} kg OM/ha`,
);
console.log(
  `  median ${pure.toFixed(2)} ms per farm (bar < ${BAR_MS} ms): ${pure < BAR_MS ? "within" : "OVER"}; ${Math.round((FIELDS / pure) * 1000).toLocaleString("en")} fields per second`,
);

// 2. Collect from fdm-core + balance.
if (!args.includes("--no-db")) {
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
  const acquired = { acquiringDate: new Date("2024-01-01") };
  const slurry = await core.addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "srm_9d855a14df2045c2",
    ...acquired,
  });
  const compost = await core.addFertilizer(fdm, owner, farmId, {
    catalogueItemId: "srm_1ae98c5a34997eac",
    ...acquired,
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
  // Written in batches, as an import would.
  const fieldIds = await core.addFields(
    fdm,
    owner,
    farmId,
    Array.from({ length: FIELDS }, (_, i) => ({
      name: `Perceel ${String(i).padStart(4, "0")}`,
      geometry: square(i),
      acquiringDate: new Date("2015-01-01"),
      acquiringMethod: "owner" as const,
    })),
  );
  await core.addCultivations(
    fdm,
    owner,
    farmId,
    fieldIds.map((fieldId, i) =>
      i % 2 === 0
        ? { fieldId, catalogueItemId: "nl_265", startDate: new Date("2016-01-01") }
        : {
            fieldId,
            catalogueItemId: "nl_233",
            startDate: new Date("2024-10-20"),
            endDate: new Date("2025-08-05"),
          },
    ),
  );
  await core.addFertilizerApplications(
    fdm,
    owner,
    farmId,
    fieldIds.flatMap((fieldId) => [
      {
        fieldId,
        fertilizerId: slurry,
        amountKgPerHa: 30_000,
        method: "broadcasting" as const,
        applicationDate: new Date("2025-03-15"),
      },
      {
        fieldId,
        fertilizerId: compost,
        amountKgPerHa: 15_000,
        method: "broadcasting" as const,
        applicationDate: new Date("2025-09-01"),
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
        organicMatter: 2 + (i % 7),
        ...(i % 2 === 0 ? { bulkDensity: 1.3 } : {}),
        soilType: soilTypes[i % soilTypes.length] ?? "zeeklei",
      },
    })),
  );
  console.log(
    `wrote ${FIELDS} fields through fdm-core in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const totals: number[] = [];
  const collecting: number[] = [];
  let last = result;
  const dbRounds = Math.max(3, Math.min(ROUNDS, 5));
  for (let r = 0; r < dbRounds + 1; r++) {
    const start = performance.now();
    const collected = await calc.collectInputForOrganicMatterBalance(fdm, owner, farmId, year);
    const read = performance.now();
    last = calc.calculateOrganicMatterBalance(collected);
    if (r === 0) continue; // warm-up
    totals.push(performance.now() - start);
    collecting.push(read - start);
  }
  const total = median(totals);
  console.log(
    `collect + organic-matter balance: median ${total.toFixed(0)} ms per farm (collect ${median(collecting).toFixed(0)} ms), ${dbRounds} rounds; ${Math.round((FIELDS / total) * 1000).toLocaleString("en")} fields per second`,
  );
  console.log(
    `  from the database alone: complete ${last.complete}, ${last.missing.length} missing, ${last.estimated.length} estimated`,
  );
  // Both balances: each collector on its own (two reads of the farm), then one read for both.
  const twice: number[] = [];
  const once: number[] = [];
  for (let r = 0; r < dbRounds + 1; r++) {
    let start = performance.now();
    calc.calculateNitrogenBalance(
      await calc.collectInputForNitrogenBalance(fdm, owner, farmId, year),
    );
    calc.calculateOrganicMatterBalance(
      await calc.collectInputForOrganicMatterBalance(fdm, owner, farmId, year),
    );
    const split = performance.now() - start;
    start = performance.now();
    const both = await calc.collectInputForBalances(fdm, owner, farmId, year);
    calc.calculateNitrogenBalance(both.nitrogen);
    calc.calculateOrganicMatterBalance(both.organicMatter);
    if (r === 0) continue; // warm-up
    twice.push(split);
    once.push(performance.now() - start);
  }
  console.log(
    `nitrogen + organic-matter balance: median ${median(twice).toFixed(0)} ms with a read each, ${median(once).toFixed(0)} ms from one read (collectInputForBalances)`,
  );
  await core.closeFdm(fdm);
}
