// Benchmark of fdm-calculator's collectors on a farm read from fdm-core: a farm
// of N fields (default 1,000) is written through fdm-core's public API into an
// in-memory PGlite database (half permanent grassland with two cuts and cattle
// slurry, half winter wheat with one harvest and CAN; a soil analysis each).
// Then, for the whole farm, it times collecting + nitrogen balance and
// collecting + 2025 norms, and prints fields per second and peak memory.
// The agronomic figures are plausible test values: it measures speed.
//
//   npx tsx bench/calculator-farm.ts [--fields 1000] [--rounds 3]
//
// The packages are imported from source (export condition `source`); when
// started without it, the script starts itself again with it.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
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
const fieldCount = Number(arg("--fields") ?? 1000);
const rounds = Number(arg("--rounds") ?? 3);

// Peak memory, sampled while the script runs (RSS also from the OS at the end).
let peakHeap = 0;
let peakRss = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
};
const sampler = setInterval(sample, 20);

function square(i: number) {
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
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const regions = ["klei", "veen", "zand_nwc", "zand_zuid", "loess"] as const;

const t0 = performance.now();
const fdm = await core.createFdmLocal();
// The acting principal: a user signed up as an application would (only an existing user acts).
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
await core.setGrazingIntention(fdm, owner, farmId, 2025, true);
const canId = await core.addFertilizer(fdm, owner, farmId, {
  catalogueItemId: "baat_028",
  acquiringDate: new Date("2024-01-01"),
});
const slurryId = await core.addFertilizer(fdm, owner, farmId, {
  catalogueItemId: "srm_9d855a14df2045c2", // NMI's Runderdrijfmest (mestcode 14), with its NH4-N
  acquiringDate: new Date("2024-01-01"),
});

const locations: Record<
  string,
  { region: (typeof regions)[number]; isNVGebied: boolean; isGWBG: boolean }
> = {};
for (let i = 0; i < fieldCount; i++) {
  const fieldId = await core.addField(fdm, owner, farmId, {
    name: `Perceel ${String(i).padStart(4, "0")}`,
    geometry: square(i),
    acquiringDate: new Date("2015-01-01"),
    acquiringMethod: "owner",
  });
  const region = regions[i % regions.length] ?? "klei";
  locations[fieldId] = { region, isNVGebied: i % 7 === 0, isGWBG: false };
  if (i % 2 === 0) {
    const grass = await core.addCultivation(fdm, owner, fieldId, {
      catalogueItemId: "nl_265",
      startDate: new Date("2016-01-01"),
    });
    await core.addHarvest(fdm, owner, grass, {
      harvestDate: new Date("2025-05-20"),
      dryMatterYield: 3000,
      nitrogenContent: 30,
    });
    await core.addHarvest(fdm, owner, grass, {
      harvestDate: new Date("2025-07-01"),
      dryMatterYield: 2500,
      nitrogenContent: 28,
    });
    await core.addFertilizerApplication(fdm, owner, fieldId, {
      fertilizerId: slurryId,
      amountKgPerHa: 30000,
      method: "shallow_injection",
      applicationDate: new Date("2025-03-15"),
    });
  } else {
    const wheat = await core.addCultivation(fdm, owner, fieldId, {
      catalogueItemId: "nl_233",
      startDate: new Date("2024-10-20"),
    });
    await core.addHarvest(fdm, owner, wheat, {
      harvestDate: new Date("2025-08-01"),
      dryMatterYield: 8000,
      nitrogenContent: 20,
    });
  }
  await core.addFertilizerApplication(fdm, owner, fieldId, {
    fertilizerId: canId,
    amountKgPerHa: 300,
    method: "broadcasting",
    applicationDate: new Date("2025-04-01"),
  });
  await core.addSoilAnalysis(fdm, owner, fieldId, {
    samplingDate: new Date("2024-02-01"),
    source: "laboratory",
    parameters: {
      pCaCl2: 2.0,
      pAl: 40,
      gwlClass: "VI",
      soilType: i % 2 === 0 ? "dekzand" : "zeeklei",
    },
  });
}
const writeSeconds = (performance.now() - t0) / 1000;
console.log(`wrote ${fieldCount} fields through fdm-core in ${writeSeconds.toFixed(1)} s`);

const year = { start: new Date("2025-01-01"), end: new Date("2025-12-31") };

let lastBalance = { complete: false, missing: 0 };
async function balanceRun() {
  // From the database alone: every coefficient from the catalogues and NMI's defaults.
  const input = await calc.collectInputForNitrogenBalance(fdm, owner, farmId, year);
  const collected = performance.now();
  const balance = calc.calculateNitrogenBalance(input);
  lastBalance = { complete: balance.complete, missing: balance.missing.length };
  return { collected, fields: balance.fields.length };
}

async function normsRun() {
  const inputs = await calc.collectInputForNorms(fdm, owner, farmId, 2025, {
    fields: locations,
    manureOrigin: { [slurryId]: "eigen_bedrijf" },
  });
  const collected = performance.now();
  const norms = calc.calculateGebruiksnormenForFarm(2025, inputs);
  return { collected, fields: norms.fields.length };
}

async function measure(name: string, run: () => Promise<{ collected: number; fields: number }>) {
  const totals: number[] = [];
  const collecting: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    const { collected, fields } = await run();
    const end = performance.now();
    if (fields !== fieldCount) throw new Error(`${name}: ${fields} fields, expected ${fieldCount}`);
    totals.push(end - start);
    collecting.push(collected - start);
  }
  const best = Math.min(...totals);
  const median = [...totals].sort((a, b) => a - b)[Math.floor(totals.length / 2)] ?? best;
  const collectMedian =
    [...collecting].sort((a, b) => a - b)[Math.floor(collecting.length / 2)] ?? 0;
  console.log(
    `${name}: median ${(median / 1000).toFixed(2)} s per farm (collect ${(collectMedian / 1000).toFixed(2)} s), ` +
      `best ${(best / 1000).toFixed(2)} s; ${Math.round(fieldCount / (median / 1000))} fields/s (median), ` +
      `${Math.round(fieldCount / (best / 1000))} fields/s (best)`,
  );
  return median;
}

const balanceMs = await measure("collect + nitrogen balance", balanceRun);
console.log(
  `  balance from the database alone: complete ${lastBalance.complete}, ${lastBalance.missing} missing items`,
);
const normsMs = await measure("collect + 2025 norms", normsRun);
console.log(
  `balance and norms together: ${((balanceMs + normsMs) / 1000).toFixed(2)} s per farm, ` +
    `${Math.round(fieldCount / ((balanceMs + normsMs) / 1000))} fields/s`,
);

sample();
clearInterval(sampler);
await core.closeFdm(fdm);
const maxRss = process.resourceUsage().maxRSS * 1024;
console.log(
  `peak memory: heapUsed ${mb(peakHeap)}, rss ${mb(Math.max(peakRss, maxRss))} (PGlite's WebAssembly memory counts in rss)`,
);
