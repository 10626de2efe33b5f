/**
 * Benchmark of the NL 2025 gebruiksnormen: the stikstof-, fosfaat- and
 * dierlijke-mest-gebruiksnorm and their filling for a farm of 1,000 fields with
 * 5 applications each. Run with `npx tsx bench/norms.ts`; prints fields per second.
 */
import { performance } from "node:perf_hooks";
import {
  calculateNL2025GebruiksnormenForFarm,
  type NL2025Application,
  type NL2025NormsInput,
  type NL2025Region,
} from "../packages/fdm-calculator/src/index.js";

const FIELDS = 1000;
const ROUNDS = 20;
const regions: NL2025Region[] = ["klei", "veen", "zand_nwc", "zand_zuid", "loess"];
const crops = [
  { cultivationId: "nl_265", startDate: new Date("2012-03-01") },
  { cultivationId: "nl_259", startDate: new Date("2025-05-01"), endDate: new Date("2025-10-01") },
  {
    cultivationId: "nl_2014",
    startDate: new Date("2025-04-15"),
    endDate: new Date("2025-09-20"),
    variety: "Fontane",
  },
  { cultivationId: "nl_233", startDate: new Date("2024-10-20"), endDate: new Date("2025-08-01") },
  { cultivationId: "nl_236", startDate: new Date("2025-03-20"), endDate: new Date("2025-08-01") },
];
const unknown = { n: null, p2o5: null, k2o: null, so3: null, mgo: null, cao: null };

function applications(i: number): NL2025Application[] {
  return [
    {
      date: new Date("2025-03-01"),
      amount: 15000,
      origin: "eigen_bedrijf",
      fertilizer: { typeRvo: 14, composition: unknown },
    },
    {
      date: new Date("2025-04-10"),
      amount: 8000,
      fertilizer: { typeRvo: 50, composition: unknown },
    },
    {
      date: new Date("2025-04-20"),
      amount: 120 + (i % 50),
      fertilizer: { typeRvo: 115, composition: { ...unknown, n: 270, p2o5: 0 } },
    },
    {
      date: new Date("2025-09-15"),
      amount: 5000,
      origin: "aangevoerd",
      fertilizer: { typeRvo: 10, composition: unknown },
    },
    {
      date: new Date("2025-10-01"),
      amount: 5000,
      fertilizer: { typeRvo: 111, composition: { ...unknown, n: 7, p2o5: 3 } },
    },
  ];
}

const farm: NL2025NormsInput[] = Array.from({ length: FIELDS }, (_, i) => ({
  fieldId: `field-${i}`,
  area: 1 + (i % 7),
  region: regions[i % regions.length] as NL2025Region,
  isNVGebied: i % 3 === 0,
  isGWBG: i % 11 === 0,
  isNatura2000: false,
  isDerogatievrijeZone: false,
  hasDerogation: i % 2 === 0,
  hasGrazingIntention: true,
  isOrganicCertified: false,
  cultivations: [
    crops[i % crops.length] as NL2025NormsInput["cultivations"][number],
    {
      cultivationId: "nl_3504",
      startDate: new Date("2024-10-10"),
      endDate: new Date("2025-03-01"),
    },
  ],
  soilPhosphate: { pCaCl2: 0.5 + (i % 40) / 10, pAl: 15 + (i % 50) },
  applications: applications(i),
}));

// Warm-up, so the JIT has compiled the hot paths before timing.
let check = calculateNL2025GebruiksnormenForFarm(farm);
const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  check = calculateNL2025GebruiksnormenForFarm(farm);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] as number;
const best = times[0] as number;
const perSecond = (ms: number) => Math.round((FIELDS / ms) * 1000);

console.log(
  `NL 2025 gebruiksnormen + filling: ${FIELDS} fields × 5 applications, ${ROUNDS} rounds`,
);
console.log(`median ${median.toFixed(1)} ms per farm → ${perSecond(median)} fields/s`);
console.log(`best   ${best.toFixed(1)} ms per farm → ${perSecond(best)} fields/s`);
console.log(
  `farm check: stikstof ${check.stikstof.explanation}; fosfaat ${check.fosfaat.explanation}; dierlijke mest ${check.dierlijkeMest.explanation}`,
);
