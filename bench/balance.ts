/**
 * Benchmark of calculateNitrogenBalance: a farm of 1,000 fields, each with a
 * cultivation, three harvests or one harvest with straw taken off, and four
 * applications (slurry, CAN, solid manure, compost). Run with
 * `npx tsx bench/balance.ts`; prints the time per farm, fields per second and
 * peak memory. The figures in the input are plausible test values, not sourced
 * coefficients: the benchmark measures speed, not agronomy.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type {
  NitrogenBalanceApplication,
  NitrogenBalanceCultivation,
  NitrogenBalanceFieldInput,
  NitrogenBalanceInput,
} from "../packages/fdm-calculator/src/index.js";
import type { Mestcode } from "../packages/fdm-data/src/index.js";

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
const { calculateNitrogenBalance } = await import("../packages/fdm-calculator/src/index.js");

const FIELDS = 1000;
const ROUNDS = 20;
const soils = ["klei", "veen", "zand_nwc", "zand_zuid", "loess"] as const;

const product = (
  id: string,
  typeRvo: Mestcode,
  n: number | null,
  type: "mineral" | "manure" | "compost",
) => ({
  id,
  typeRvo,
  isMineral: type === "mineral",
  isManure: type === "manure",
  isCompost: type === "compost",
  composition: { n },
});

function applications(i: number): NitrogenBalanceApplication[] {
  return [
    {
      id: `a${i}-1`,
      date: new Date("2025-03-01"),
      amount: 25000,
      method: "shallow_injection",
      fertilizer: product("rvo_14", 14, null, "manure"),
    },
    {
      id: `a${i}-2`,
      date: new Date("2025-04-10"),
      amount: 250 + (i % 7) * 10,
      method: "broadcasting",
      fertilizer: product("can27", 115, 270, "mineral"),
    },
    {
      id: `a${i}-3`,
      date: new Date("2025-09-01"),
      amount: 10000,
      method: "incorporation",
      fertilizer: product("rvo_10", 10, null, "manure"),
    },
    {
      id: `a${i}-4`,
      date: new Date("2025-10-01"),
      amount: 8000,
      method: "broadcasting",
      fertilizer: product("compost", 111, 5.5, "compost"),
    },
  ];
}

function cultivation(i: number): NitrogenBalanceCultivation {
  if (i % 2 === 0) {
    return {
      id: `c${i}`,
      cultivationId: "nl_265",
      rotation: "grassland",
      startDate: new Date("2015-03-01"),
      nitrogenFixation: null,
      nitrogenContentHarvest: 30,
      residueNitrogen: 10,
      harvests: [0, 1, 2].map((h) => ({
        id: `h${i}-${h}`,
        date: new Date(Date.UTC(2025, 4 + h * 2, 20)),
        yield: 3500 - h * 500,
        nContent: h === 0 ? 34 : null,
      })),
    };
  }
  return {
    id: `c${i}`,
    cultivationId: "nl_233",
    rotation: "cereal",
    startDate: new Date("2024-10-20"),
    endDate: new Date("2025-08-05"),
    nitrogenFixation: null,
    nitrogenContentHarvest: 19,
    residueNitrogen: 15,
    harvests: [{ id: `h${i}`, date: new Date("2025-08-05"), yield: 8000, nContent: null }],
    residueRemovals: [{ id: `r${i}`, date: new Date("2025-08-06"), amount: 4000, nContent: 5 }],
  };
}

const fields: NitrogenBalanceFieldInput[] = Array.from({ length: FIELDS }, (_, i) => ({
  id: `field-${i}`,
  area: 1 + (i % 9),
  soilType: soils[i % soils.length] ?? "klei",
  groundwaterClass: i % 3 === 0 ? "VI" : null,
  deposition: 15 + (i % 10),
  mineralization: 40 + (i % 30),
  nitrateLeachingFraction: i % 2 === 0 ? 0.11 : 0.33,
  cultivations: [cultivation(i)],
  applications: applications(i),
}));

const input: NitrogenBalanceInput = {
  timeframe: { start: new Date("2025-01-01"), end: new Date("2025-12-31") },
  fields,
  emissionFactors: {
    source: "benchmark values",
    fertilizers: [
      { type: "manure", method: "shallow_injection", factor: 0.1 },
      { type: "manure", method: "incorporation", factor: 0.1 },
      { type: "mineral", method: "broadcasting", factor: 0.02 },
      { type: "compost", method: "broadcasting", factor: 0.01 },
    ],
    cropResidue: 0.05,
  },
  surplusTargets: soils.map((soilType) => ({
    soilType,
    groundwaterClass: null,
    target: 100,
    source: "benchmark values",
  })),
};

let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};

calculateNitrogenBalance(input); // warm-up
const times: number[] = [];
let result = calculateNitrogenBalance(input);
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  result = calculateNitrogenBalance(input);
  times.push(performance.now() - start);
  sample();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(`calculateNitrogenBalance: ${FIELDS} fields, ${ROUNDS} rounds`);
console.log(`  complete: ${result.complete}, farm balance ${result.balance?.toFixed(1)} kg N/ha`);
console.log(
  `  median ${median.toFixed(1)} ms per farm, slowest ${times[times.length - 1]?.toFixed(1)} ms (target < 1000 ms)`,
);
console.log(`  ${Math.round((FIELDS / median) * 1000).toLocaleString("en")} fields per second`);
console.log(`  peak rss ${mb(peakRss)} MB, peak heapUsed ${mb(peakHeap)} MB`);
