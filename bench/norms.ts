/**
 * Benchmark of the NL gebruiksnormen of every year fdm-calculator knows
 * (`getNormYears`): the stikstof-, fosfaat- and dierlijke-mest-gebruiksnorm
 * (and, in a year that has one, the RENURE norm) and their filling for a farm
 * of 1,000 fields with 5 applications each, three ways: the farm function
 * (norms and filling together), the per-field norm functions alone and the
 * per-field filling functions alone. Run with `npx tsx bench/norms.ts`; prints
 * fields per second for each year and way.
 */
// The packages are imported from source (export condition `source`); when
// started without it, the script starts itself again with it.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { DerogationFlags, NLRegion, NormsApplication, NormsFieldInput } from "fdm-calculator";

if (!process.execArgv.some((a) => a.includes("conditions=source"))) {
  const child = spawnSync(
    process.execPath,
    ["--conditions=source", "--import", "tsx", fileURLToPath(import.meta.url)],
    { stdio: "inherit" },
  );
  process.exit(child.status ?? 1);
}
const {
  calculateDierlijkeMestGebruiksNormFilling,
  calculateFosfaatGebruiksNormFilling,
  calculateGebruiksnormenForFarm,
  calculateRenureGebruiksNormFilling,
  calculateStikstofGebruiksNormFilling,
  describeNormYear,
  getDierlijkeMestGebruiksNorm,
  getFosfaatGebruiksNorm,
  getNormYears,
  getRenureGebruiksNorm,
  getStikstofGebruiksNorm,
} = await import("fdm-calculator");

/** A field with every flag: the derogation flags count in a year with derogation (2025) only. */
type FieldInput = NormsFieldInput & DerogationFlags;

const FIELDS = 1000;
const ROUNDS = 40;
/** Rounds of the per-field functions, which validate each field once per norm and so take longer. */
const FIELD_ROUNDS = 15;
const regions: NLRegion[] = ["klei", "veen", "zand_nwc", "zand_zuid", "loess"];
/** The same farm in `year`: every date moved from 2025 to `year`. */
function farmIn(year: number): FieldInput[] {
  const shift = (iso: string) =>
    new Date(`${Number(iso.slice(0, 4)) + year - 2025}${iso.slice(4)}`);
  const crops = [
    { cultivationId: "nl_265", startDate: shift("2012-03-01") },
    { cultivationId: "nl_259", startDate: shift("2025-05-01"), endDate: shift("2025-10-01") },
    {
      cultivationId: "nl_2014",
      startDate: shift("2025-04-15"),
      endDate: shift("2025-09-20"),
      variety: "Fontane",
    },
    { cultivationId: "nl_233", startDate: shift("2024-10-20"), endDate: shift("2025-08-01") },
    { cultivationId: "nl_236", startDate: shift("2025-03-20"), endDate: shift("2025-08-01") },
  ];
  const unknown = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };

  function applications(i: number): NormsApplication[] {
    return [
      {
        date: shift("2025-03-01"),
        amount: 15000,
        origin: "eigen_bedrijf",
        fertilizer: { typeRvo: 14, composition: unknown },
      },
      {
        date: shift("2025-04-10"),
        amount: 8000,
        fertilizer: { typeRvo: 50, composition: unknown },
      },
      {
        date: shift("2025-04-20"),
        amount: 120 + (i % 50),
        fertilizer: { typeRvo: 115, composition: { ...unknown, n: 270, p2o5: 0 } },
      },
      {
        date: shift("2025-09-15"),
        amount: 5000,
        origin: "aangevoerd",
        fertilizer: { typeRvo: 10, composition: unknown },
      },
      {
        date: shift("2025-10-01"),
        amount: 5000,
        fertilizer: { typeRvo: 111, composition: { ...unknown, n: 7, p2o5: 3 } },
      },
    ];
  }

  return Array.from({ length: FIELDS }, (_, i) => ({
    fieldId: `field-${i}`,
    area: 1 + (i % 7),
    region: regions[i % regions.length] as NLRegion,
    isNVGebied: i % 3 === 0,
    isGWBG: i % 11 === 0,
    isNatura2000: false,
    isDerogatievrijeZone: false,
    hasDerogation: i % 2 === 0,
    hasGrazingIntention: true,
    isOrganicCertified: false,
    cultivations: [
      crops[i % crops.length] as FieldInput["cultivations"][number],
      {
        cultivationId: "nl_3504",
        startDate: shift("2024-10-10"),
        endDate: shift("2025-03-01"),
      },
    ],
    soilPhosphate: { pCaCl2: 0.5 + (i % 40) / 10, pAl: 15 + (i % 50) },
    applications: applications(i),
  }));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Warm-up rounds before timing. */
const WARM_UP = 10;

/** Times `work` over `rounds` rounds after {@link WARM_UP} warm-up rounds and prints its medians. */
function time(label: string, rounds: number, work: () => void) {
  // Warm-up, so the JIT has compiled the hot paths before timing: on a loaded machine the
  // optimizing compiler's thread may get little time, and one round may not be enough.
  for (let round = 0; round < WARM_UP; round++) work();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    work();
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - start);
  }
  const perSecond = (ms: number) => Math.round((FIELDS / ms) * 1000);
  const wall = median(times);
  const busy = median(cpu);
  console.log(label);
  console.log(`median wall ${wall.toFixed(1)} ms per farm → ${perSecond(wall)} fields/s`);
  // CPU time of this process: what the wall time would be on an idle core.
  console.log(`median cpu  ${busy.toFixed(1)} ms per farm → ${perSecond(busy)} fields/s`);
}

function run(year: number) {
  const farm = farmIn(year);
  const renure = describeNormYear(year).renure;
  let check = calculateGebruiksnormenForFarm(year, farm);
  time(
    `NL ${year} gebruiksnormen + filling: ${FIELDS} fields × 5 applications, ${ROUNDS} rounds`,
    ROUNDS,
    () => {
      check = calculateGebruiksnormenForFarm(year, farm);
    },
  );
  // The per-field functions, as a caller without the farm function uses them.
  let sum = 0;
  time(
    `NL ${year} norms alone (per field: stikstof, fosfaat, dierlijke mest${renure ? ", RENURE" : ""}), ${FIELD_ROUNDS} rounds`,
    FIELD_ROUNDS,
    () => {
      for (const field of farm) {
        sum += getStikstofGebruiksNorm(year, field).normValue;
        sum += getFosfaatGebruiksNorm(year, field).normValue;
        sum += getDierlijkeMestGebruiksNorm(year, field).normValue;
        if (renure) sum += getRenureGebruiksNorm(year, field).normValue;
      }
    },
  );
  time(
    `NL ${year} fillings alone (per field: the same norms' fillings), ${FIELD_ROUNDS} rounds`,
    FIELD_ROUNDS,
    () => {
      for (const field of farm) {
        sum += calculateStikstofGebruiksNormFilling(year, field).normFilling;
        sum += calculateFosfaatGebruiksNormFilling(year, field).normFilling;
        sum += calculateDierlijkeMestGebruiksNormFilling(year, field).normFilling;
        if (renure) sum += calculateRenureGebruiksNormFilling(year, field).normFilling;
      }
    },
  );
  console.log(
    `farm check: stikstof ${check.stikstof.explanation}; fosfaat ${check.fosfaat.explanation}; dierlijke mest ${check.dierlijkeMest.explanation}; per-field sum ${Math.round(sum)}`,
  );
}

for (const year of getNormYears()) run(year);
