/**
 * Default figures of a field nitrogen balance: mineralization by soil type and
 * land use, ammonia emission factors, the emission from crop residues, nitrate
 * leaching fractions, surplus targets and the national deposition average.
 *
 * Source: NMI, fdm-calculator nitrogen balance figures (MIT), as tabulated in
 * `reference/nmi-nitrogen-balance/` of this repository (Copyright 2024
 * Nutriënten Management Instituut; the licence notice ships in this package's
 * `NOTICE`). `defaults.test.ts` compares every figure here with those CSV files.
 */
import {
  type ApplicationMethods,
  deepFreeze,
  getFertilizersCatalogue,
  type Rotation,
} from "fdm-data";
import { DAY } from "../../norms/nl/calendar.js";

/**
 * Agricultural soil type (`b_soiltype_agr` in NMI's tables): the values of
 * fdm-core's `soilTypesOptions`, plus `maasklei` (Meuse clay), which NMI's
 * tables also list.
 */
export type NitrogenBalanceSoilType =
  | "zeeklei"
  | "rivierklei"
  | "maasklei"
  | "moerige_klei"
  | "veen"
  | "dalgrond"
  | "dekzand"
  | "duinzand"
  | "loess";

/** Land type of a field on a day: grassland, cropland, or bare soil (no cultivation). */
export type NitrogenBalanceLandType = "grassland" | "cropland" | "bare_soil";

/**
 * The application methods of NMI's manure emission table. fdm-data's six
 * {@link ApplicationMethods} are among them; `slotted coulter`, `incorporation
 * 2 tracks`, `spoke wheel` and `pocket placement` are methods fdm-data does not record.
 */
export type NitrogenBalanceNmiMethod =
  | "slotted coulter"
  | "incorporation"
  | "incorporation 2 tracks"
  | "injection"
  | "shallow injection"
  | "spraying"
  | "broadcasting"
  | "spoke wheel"
  | "pocket placement"
  | "narrowband";

/** One row of the manure ammonia emission table. */
export interface NitrogenBalanceManureEmissionFactor {
  /** The application method. */
  method: NitrogenBalanceNmiMethod;
  /** The land type on the day of application. */
  landType: NitrogenBalanceLandType;
  /** kg NH3-N emitted per kg ammoniacal N (NH4-N, TAN) applied, 0–1. */
  factor: number;
  /** `true` where NEMA's table has no entry and NMI assumed the value of a similar method. */
  assumed: boolean;
}

/** The soil groups of the nitrate leaching table. */
export type NitrogenBalanceLeachingSoilGroup = "peat" | "clay" | "loess" | "sand";

/** One row of the nitrate leaching table. */
export interface NitrogenBalanceLeachingFraction {
  /** The soil group. */
  soilGroup: NitrogenBalanceLeachingSoilGroup;
  /** Grassland, or cropland (which bare soil also uses). */
  landType: "grassland" | "cropland";
  /** The grondwatertrappen (groundwater classes) it applies to; `null` for every class (peat, clay, loess). */
  groundwaterClasses: readonly string[] | null;
  /** Fraction of a positive N surplus that leaches as nitrate-N, 0–1. */
  fraction: number;
}

/** One row of the surplus target table. */
export interface NitrogenBalanceTargetRow {
  /** Land use: grassland when some cultivation of the field is grass, else arable. */
  landUse: "grassland" | "arable";
  /** Soil group for targets: peat counts as clay, loess as sand. */
  soilGroup: "sand" | "clay";
  /** Groundwater group from the grondwatertrap (see `groundwaterGroups`). */
  groundwaterGroup: "dry" | "average" | "wet";
  /** The highest acceptable N surplus, kg N/ha per year. */
  target: number;
}

/**
 * The ammoniacal N (NH4-N) share of the generic product of one RVO mestcode:
 * kg NH4-N per kg total N, the mean over NMI's `srm` products that carry the
 * same mestcode and give both a total N above 0 and an NH4-N figure.
 */
export interface NitrogenBalanceAmmoniumShare {
  /** kg NH4-N per kg total N, 0–1. */
  share: number;
  /** The `srm` catalogue ids the share is the mean of. */
  products: readonly string[];
}

/** The shape of {@link NITROGEN_BALANCE_DEFAULTS}. */
export interface NitrogenBalanceDefaults {
  /** Where the figures come from, as the balance names them. */
  source: string;
  /**
   * Yearly N mineralization from soil organic matter, kg N/ha per year, by
   * agricultural soil type and land use (grassland: a grass crop on the field
   * at some day from 15 May to 15 July of the year; arable also covers
   * fallow). Enters supply as `default × days of the year in the timeframe /
   * days in that year`, summed over the years. NMI gives no source for them.
   */
  mineralization: Readonly<
    Record<NitrogenBalanceSoilType, { readonly grassland: number; readonly arable: number }>
  >;
  /**
   * NH3-N emission factors of organic fertilizers (every fertilizer that is
   * not mineral: manure, compost, other) by application method and the land
   * type on the day of application. Enters emission as `amount (kg/ha) ×
   * NH4-N (g/kg) / 1000 × factor`. Source: Van Bruggen et al. (2024),
   * Emissies naar lucht uit de landbouw berekend met NEMA voor 1990-2022,
   * WOT-technical report 264, table B18.3 (column 2019-2022).
   */
  manureEmissionFactors: readonly NitrogenBalanceManureEmissionFactor[];
  /**
   * The NH4-N share of total N of a product that gives no NH4-N of its own
   * (the generic `rvo_<mestcode>` products, which carry only Table 11's
   * forfaitaire total N), by RVO mestcode: the mean NH4-N / N of NMI's `srm`
   * products with that mestcode (NMI, fdm-data catalogues (MIT)). E.g. code
   * 14 (runderdrijfmest): srm "Runderdrijfmest", 1.9 of 4.1 g N/kg, 0.463. A
   * mestcode without such a product has no share: its emission stays missing.
   * Only fertilizers that are not mineral use it (the manure factors apply to NH4-N).
   */
  ammoniumShares: ReadonlyMap<number, NitrogenBalanceAmmoniumShare>;
  /** Where {@link NitrogenBalanceDefaults.ammoniumShares} come from, as the balance names it. */
  ammoniumShareSource: string;
  /**
   * The NMI method of each fdm-data application method: the six share a name
   * (`shallow_injection` is NMI's `shallow injection`).
   */
  methods: Readonly<Record<ApplicationMethods, NitrogenBalanceNmiMethod>>;
  /**
   * Coefficients of the ammonia emission factor of a mineral fertilizer without
   * a catalogue factor (`ammoniaEmissionFactor`): `factor = (k1 × Norg² + k2 ×
   * NO3 × SO3 + k3 × NH4²) / 100`, contents in g/kg, `Norg = N − NO3 − NH4`,
   * k1 without nitrification inhibitor; the factor is limited to 0–1. Enters
   * emission as `amount × total N / 1000 × factor`. NMI names no source.
   */
  mineralEmission: {
    /** k1 without inhibitor, % per (g N/kg)². */
    readonly organicNSquared: number;
    /** k1 with inhibitor, % per (g N/kg)²; never used, an inhibitor is never assumed. */
    readonly organicNSquaredWithInhibitor: number;
    /** k2, % per (g N/kg × g SO3/kg). */
    readonly nitrateTimesSulphur: number;
    /** k3, % per (g N/kg)². */
    readonly ammoniumSquared: number;
  };
  /**
   * Emission factor of crop residues left on the field: `factor = clamp((slope
   * × residue N content (g N/kg DM) + intercept) / 100, 0, 1)`; enters
   * emission as `residue N (kg N/ha) × factor`. NMI names no source.
   */
  residueEmission: { readonly slope: number; readonly intercept: number };
  /**
   * Fraction of a positive surplus that leaches as nitrate-N, by soil group,
   * land type (from every cultivation of the field) and, for sand, the
   * grondwatertrap. `nitrate-N = surplus × fraction` when the surplus is above 0.
   * NMI names no source.
   */
  leachingFractions: readonly NitrogenBalanceLeachingFraction[];
  /** The leaching soil group of each soil type. */
  leachingSoilGroups: Readonly<Record<NitrogenBalanceSoilType, NitrogenBalanceLeachingSoilGroup>>;
  /**
   * Surplus targets (the highest acceptable N surplus), kg N/ha per year, by
   * land use, soil group and groundwater group; `target × days / 365` for the
   * timeframe. Source named by NMI: Ros et al. 2023.
   */
  surplusTargets: readonly NitrogenBalanceTargetRow[];
  /** The target soil group of each soil type (peat with clay, loess with sand). */
  targetSoilGroups: Readonly<Record<NitrogenBalanceSoilType, "sand" | "clay">>;
  /** The groundwater group of each grondwatertrap (main and sub classes). */
  groundwaterGroups: Readonly<Record<string, "dry" | "average" | "wet">>;
  /**
   * BRP crops that count as neither grassland nor cropland when the land type
   * is decided: black fallow, nature grassland, green manures (NMI's catalogue ids).
   */
  landTypeExcludedCrops: readonly string[];
  /**
   * Atmospheric N deposition used when no deposition dataset is configured:
   * the national average total deposition on the Netherlands in 2022, 1,375
   * mol N/ha × 14.007 g/mol = 19.3 kg N/ha per year (Compendium voor de
   * Leefomgeving, indicator "Stikstofdepositie, 1990-2022", RIVM figures).
   * Local values run up to about 56 kg N/ha: an estimate, not a measurement.
   */
  deposition: { readonly value: number; readonly source: string };
}

const m = (
  method: NitrogenBalanceNmiMethod,
  grassland: [number, boolean],
  cropland: [number, boolean],
  bare: [number, boolean],
): NitrogenBalanceManureEmissionFactor[] => [
  { method, landType: "grassland", factor: grassland[0], assumed: grassland[1] },
  { method, landType: "cropland", factor: cropland[0], assumed: cropland[1] },
  { method, landType: "bare_soil", factor: bare[0], assumed: bare[1] },
];

/** The NH4-N share of each mestcode that NMI's srm catalogue has products for (see `ammoniumShares`). */
function srmAmmoniumShares(): Map<number, NitrogenBalanceAmmoniumShare> {
  const byCode = new Map<number, { shares: number[]; products: string[] }>();
  for (const item of getFertilizersCatalogue("srm")) {
    const { n, nNh4 } = item.composition;
    if (n === null || n <= 0 || nNh4 === null || nNh4 === undefined) continue;
    const entry = byCode.get(item.typeRvo) ?? { shares: [], products: [] };
    entry.shares.push(nNh4 / n);
    entry.products.push(item.id);
    byCode.set(item.typeRvo, entry);
  }
  return new Map(
    [...byCode].map(([code, { shares, products }]) => [
      code,
      { share: shares.reduce((a, b) => a + b, 0) / shares.length, products },
    ]),
  );
}

const WET = ["I", "Ia", "Ic", "II", "IIa", "IIb", "IIc"];
const III = ["III", "IIIa"];
const IV = ["IV", "IVu", "IVc"];
const V = ["V", "Va", "Vao", "Vad", "Vb", "Vbo", "Vbd", "sV", "sVb"];
const VI = ["VI", "VIo", "VId"];
const VII = ["VII", "VIIo", "VIId"];
const VIII = ["VIII", "VIIIo", "VIIId"];
const sand = (landType: "grassland" | "cropland", fractions: number[]) =>
  [WET, III, ["IIIb"], IV, V, VI, VII, VIII].map(
    (groundwaterClasses, i): NitrogenBalanceLeachingFraction => ({
      soilGroup: "sand",
      landType,
      groundwaterClasses,
      fraction: fractions[i] as number,
    }),
  );
const groups = (group: "dry" | "average" | "wet", classes: string[]) =>
  Object.fromEntries(classes.map((c) => [c, group]));

/**
 * The default figures of the nitrogen balance, with their units, conditions
 * and sources — NMI, fdm-calculator nitrogen balance figures (MIT), credited
 * as "NMI, fdm-data catalogues (MIT)" with the crop and fertilizer figures.
 * {@link collectInputForNitrogenBalance} fills a farm's balance input from
 * them; each figure's TSDoc in {@link NitrogenBalanceDefaults} says where it
 * enters the balance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NITROGEN_BALANCE_DEFAULTS } from "fdm-calculator";
 *
 * // Peat under grass mineralizes 160 kg N/ha per year.
 * assert.equal(NITROGEN_BALANCE_DEFAULTS.mineralization.veen.grassland, 160);
 * ```
 */
export const NITROGEN_BALANCE_DEFAULTS: NitrogenBalanceDefaults = deepFreeze({
  source: "NMI, fdm-calculator nitrogen balance figures (MIT)",
  mineralization: {
    dalgrond: { grassland: 20, arable: 20 },
    veen: { grassland: 160, arable: 20 },
    dekzand: { grassland: 0, arable: 0 },
    duinzand: { grassland: 0, arable: 0 },
    loess: { grassland: 0, arable: 0 },
    moerige_klei: { grassland: 0, arable: 0 },
    rivierklei: { grassland: 0, arable: 0 },
    zeeklei: { grassland: 0, arable: 0 },
    maasklei: { grassland: 0, arable: 0 },
  },
  manureEmissionFactors: [
    ...m("slotted coulter", [0.17, false], [0.24, true], [0.24, false]),
    ...m("incorporation", [0.17, true], [0.22, false], [0.46, true]),
    ...m("incorporation 2 tracks", [0.17, true], [0.46, false], [0.46, false]),
    ...m("injection", [0.17, false], [0.24, true], [0.02, false]),
    ...m("shallow injection", [0.17, false], [0.24, false], [0.24, false]),
    ...m("spraying", [0.68, true], [0.69, true], [0.69, true]),
    ...m("broadcasting", [0.68, false], [0.69, false], [0.69, false]),
    ...m("spoke wheel", [0.17, true], [0.24, true], [0.24, true]),
    ...m("pocket placement", [0.68, true], [0.69, true], [0.69, true]),
    ...m("narrowband", [0.17, false], [0.36, false], [0.36, false]),
  ],
  ammoniumShares: srmAmmoniumShares(),
  ammoniumShareSource:
    "NH4-N of products without their own: mean NH4-N/N of NMI's srm products of the same RVO mestcode (NMI, fdm-data catalogues (MIT))",
  methods: {
    broadcasting: "broadcasting",
    narrowband: "narrowband",
    shallow_injection: "shallow injection",
    injection: "injection",
    incorporation: "incorporation",
    spraying: "spraying",
  },
  mineralEmission: {
    organicNSquared: 7.021e-5,
    organicNSquaredWithInhibitor: 3.166e-5,
    nitrateTimesSulphur: -4.308e-5,
    ammoniumSquared: 2.498e-4,
  },
  residueEmission: { slope: 0.41, intercept: -5.42 },
  leachingFractions: [
    { soilGroup: "peat", landType: "grassland", groundwaterClasses: null, fraction: 0.06 },
    { soilGroup: "peat", landType: "cropland", groundwaterClasses: null, fraction: 0.17 },
    { soilGroup: "clay", landType: "grassland", groundwaterClasses: null, fraction: 0.11 },
    { soilGroup: "clay", landType: "cropland", groundwaterClasses: null, fraction: 0.33 },
    { soilGroup: "loess", landType: "grassland", groundwaterClasses: null, fraction: 0.14 },
    { soilGroup: "loess", landType: "cropland", groundwaterClasses: null, fraction: 0.74 },
    ...sand("grassland", [0.02, 0.03, 0.1, 0.14, 0.16, 0.21, 0.27, 0.32]),
    ...sand("cropland", [0.04, 0.07, 0.28, 0.38, 0.44, 0.58, 0.74, 0.89]),
  ],
  leachingSoilGroups: {
    veen: "peat",
    moerige_klei: "clay",
    rivierklei: "clay",
    zeeklei: "clay",
    maasklei: "clay",
    loess: "loess",
    dekzand: "sand",
    dalgrond: "sand",
    duinzand: "sand",
  },
  surplusTargets: [
    { landUse: "grassland", soilGroup: "sand", groundwaterGroup: "dry", target: 80 },
    { landUse: "grassland", soilGroup: "sand", groundwaterGroup: "average", target: 125 },
    { landUse: "grassland", soilGroup: "sand", groundwaterGroup: "wet", target: 125 },
    { landUse: "grassland", soilGroup: "clay", groundwaterGroup: "dry", target: 125 },
    { landUse: "grassland", soilGroup: "clay", groundwaterGroup: "average", target: 125 },
    { landUse: "grassland", soilGroup: "clay", groundwaterGroup: "wet", target: 125 },
    { landUse: "arable", soilGroup: "sand", groundwaterGroup: "dry", target: 50 },
    { landUse: "arable", soilGroup: "sand", groundwaterGroup: "average", target: 70 },
    { landUse: "arable", soilGroup: "sand", groundwaterGroup: "wet", target: 125 },
    { landUse: "arable", soilGroup: "clay", groundwaterGroup: "dry", target: 115 },
    { landUse: "arable", soilGroup: "clay", groundwaterGroup: "average", target: 125 },
    { landUse: "arable", soilGroup: "clay", groundwaterGroup: "wet", target: 125 },
  ],
  targetSoilGroups: {
    moerige_klei: "clay",
    rivierklei: "clay",
    zeeklei: "clay",
    maasklei: "clay",
    veen: "clay",
    dekzand: "sand",
    dalgrond: "sand",
    duinzand: "sand",
    loess: "sand",
  },
  groundwaterGroups: {
    ...groups("dry", [...VII, ...VIII]),
    ...groups("average", [...V, ...VI]),
    ...groups("wet", [...WET, ...III, "IIIb", ...IV]),
  },
  landTypeExcludedCrops: ["nl_6794", "nl_662", "nl_6798", "nl_2300", "nl_3802", "nl_3801"],
  deposition: {
    value: 19.3,
    source:
      "national average total N deposition 2022 (1,375 mol N/ha; CLO indicator 'Stikstofdepositie, 1990-2022', RIVM)",
  },
});

// ——— How the collector applies the figures (internal; tested in defaults.test.ts) ———

/** A cultivation as the rules below see it: crop, rotation and its days (UTC midnight ms; `end` null while it stays). */
export interface DefaultsCultivation {
  cultivationId: string;
  rotation: Rotation;
  start: number;
  end: number | null;
}

const counts = (c: DefaultsCultivation) =>
  !NITROGEN_BALANCE_DEFAULTS.landTypeExcludedCrops.includes(c.cultivationId);

/**
 * Land type on a day: grassland when a grassland crop (fdm-data rotation
 * `grassland`) is on the field, else cropland when another crop is, else bare soil.
 */
export function landTypeOn(cultivations: readonly DefaultsCultivation[], day: number) {
  const on = cultivations.filter(
    (c) => counts(c) && c.start <= day && (c.end === null || c.end >= day),
  );
  if (on.some((c) => c.rotation === "grassland")) return "grassland";
  return on.length > 0 ? "cropland" : "bare_soil";
}

/** Land type for leaching: from every cultivation of the field, no date test; bare soil as cropland. */
export function leachingLandType(cultivations: readonly DefaultsCultivation[]) {
  return cultivations.some((c) => counts(c) && c.rotation === "grassland")
    ? "grassland"
    : "cropland";
}

/**
 * Mineralization in kg N/ha per year for the balance (which scales by days /
 * 365): Σ over calendar years of default(soil, land use of that year) × days
 * of the year in the timeframe / days in the year, then × 365 / timeframe
 * days. Land use of a year is grassland when a grassland crop is on the field
 * on some day from 15 May to 15 July of it.
 */
export function yearlyMineralization(
  soil: NitrogenBalanceSoilType,
  cultivations: readonly DefaultsCultivation[],
  startDay: number,
  endDay: number,
): number {
  const rates = NITROGEN_BALANCE_DEFAULTS.mineralization[soil];
  let total = 0;
  const first = new Date(startDay).getUTCFullYear();
  const last = new Date(endDay).getUTCFullYear();
  for (let year = first; year <= last; year++) {
    const yearStart = Date.UTC(year, 0, 1);
    const yearEnd = Date.UTC(year + 1, 0, 1);
    const overlap = (Math.min(yearEnd, endDay + DAY) - Math.max(yearStart, startDay)) / DAY;
    const grass = cultivations.some(
      (c) =>
        c.rotation === "grassland" &&
        c.start <= Date.UTC(year, 6, 15) &&
        (c.end === null || c.end >= Date.UTC(year, 4, 15)),
    );
    total += ((grass ? rates.grassland : rates.arable) * overlap) / ((yearEnd - yearStart) / DAY);
  }
  return (total * 365) / ((endDay - startDay) / DAY + 1);
}

/** The N contents of a fertilizer (g/kg product) and its catalogue NH3 factor, as far as known. */
export interface DefaultsFertilizer {
  isMineral: boolean;
  /** The RVO mestcode, for the NH4-N share of a product without its own NH4-N. */
  typeRvo?: number | null;
  n: number | null;
  nNh4: number | null;
  nNo3: number | null;
  so3: number | null;
  ammoniaEmissionFactor: number | null;
}

/**
 * The NH4-N share of total N of a fertilizer that is not mineral: its own
 * NH4-N / N, else the share of its mestcode (`ammoniumShares`); `null` when
 * neither is known. `source` says which.
 */
export function ammoniumShareOf(
  fertilizer: DefaultsFertilizer,
): { share: number; source: "own" | "mestcode" } | null {
  const { n, nNh4, typeRvo } = fertilizer;
  if (n !== null && nNh4 !== null) return { share: n === 0 ? 0 : nNh4 / n, source: "own" };
  const row =
    typeRvo === null || typeRvo === undefined
      ? undefined
      : NITROGEN_BALANCE_DEFAULTS.ammoniumShares.get(typeRvo);
  return row === undefined ? null : { share: row.share, source: "mestcode" };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * The NH3 emission factor of an application as a fraction of its total N:
 * for a mineral fertilizer its catalogue factor, else NMI's formula from its
 * composition; for any other fertilizer NMI's factor for the method and land
 * type × its NH4-N share of total N ({@link ammoniumShareOf}: its own NH4-N,
 * else the share of its mestcode). `null` when a content it needs is not known.
 */
export function applicationEmissionFactor(
  fertilizer: DefaultsFertilizer,
  method: ApplicationMethods,
  landType: NitrogenBalanceLandType,
): number | null {
  const { n, nNh4, nNo3, so3 } = fertilizer;
  if (fertilizer.isMineral) {
    if (fertilizer.ammoniaEmissionFactor !== null) return clamp01(fertilizer.ammoniaEmissionFactor);
    if (n === null || nNh4 === null || nNo3 === null || so3 === null) return null;
    const k = NITROGEN_BALANCE_DEFAULTS.mineralEmission;
    const organic = n - nNo3 - nNh4;
    return clamp01(
      (k.organicNSquared * organic ** 2 +
        k.nitrateTimesSulphur * nNo3 * so3 +
        k.ammoniumSquared * nNh4 ** 2) /
        100,
    );
  }
  const ammonium = ammoniumShareOf(fertilizer);
  if (ammonium === null) return null;
  const nmi = NITROGEN_BALANCE_DEFAULTS.methods[method];
  const row = NITROGEN_BALANCE_DEFAULTS.manureEmissionFactors.find(
    (f) => f.method === nmi && f.landType === landType,
  );
  return row === undefined ? null : row.factor * ammonium.share;
}

/**
 * Why {@link applicationEmissionFactor} gives no factor for an application: the figure that
 * is missing and the fertilizer field to give it in. `null` when it gives one.
 *
 * @param fertilizer - The fertilizer's contents, mestcode and catalogue factor.
 * @param name - How the message names the fertilizer (its id).
 * @param method - The application method.
 * @param landType - The land type on the day of the application.
 * @returns The reason, naming the missing figure, or `null`.
 */
export function missingEmissionFigure(
  fertilizer: DefaultsFertilizer,
  name: string,
  method: ApplicationMethods,
  landType: NitrogenBalanceLandType,
): string | null {
  if (applicationEmissionFactor(fertilizer, method, landType) !== null) return null;
  if (fertilizer.isMineral) {
    const lacking = (["n", "nNh4", "nNo3", "so3"] as const).filter((k) => fertilizer[k] === null);
    return `mineral fertilizer "${name}" has no catalogue ammonia emission factor, and NMI's formula for one needs its ${lacking.join(", ")} (g/kg); give them in the fertilizer's composition`;
  }
  const nmi = NITROGEN_BALANCE_DEFAULTS.methods[method];
  const row = NITROGEN_BALANCE_DEFAULTS.manureEmissionFactors.find(
    (f) => f.method === nmi && f.landType === landType,
  );
  if (row === undefined)
    return `NMI's table has no ammonia emission factor for ${nmi} on ${landType}`;
  const code = fertilizer.typeRvo;
  const share =
    code === null || code === undefined
      ? "it has no RVO mestcode to take a share from"
      : `no NMI srm product of its RVO mestcode ${code} gives one to take a share from`;
  return `fertilizer "${name}" has no ammonium N figure (nNh4, g NH4-N/kg) and ${share}; give its nNh4 so that NMI's factor for ${nmi} on ${landType} (${row.factor} kg NH3-N per kg NH4-N) applies`;
}

/** Residue emission factor from the residue N content (g N/kg DM), limited to 0–1. */
export function residueEmissionFactor(nitrogenContentResidue: number): number {
  const { slope, intercept } = NITROGEN_BALANCE_DEFAULTS.residueEmission;
  return clamp01((slope * nitrogenContentResidue + intercept) / 100);
}

/**
 * N in crop residues, kg N/ha: mean yield / HI × (1 − HI) × residue N content
 * / 1000 (0 when HI is 0). `null` when a figure is missing.
 */
export function residueNitrogen(
  meanYield: number | null,
  harvestIndex: number | null,
  nitrogenContentResidue: number | null,
): number | null {
  if (meanYield === null || harvestIndex === null || nitrogenContentResidue === null) return null;
  if (harvestIndex === 0) return 0;
  return ((meanYield / harvestIndex) * (1 - harvestIndex) * nitrogenContentResidue) / 1000;
}

/** Leaching fraction by soil, land type and (for sand) grondwatertrap; `null` when sand has no known class. */
export function leachingFraction(
  soil: NitrogenBalanceSoilType,
  landType: "grassland" | "cropland",
  groundwaterClass: string | null,
): number | null {
  const group = NITROGEN_BALANCE_DEFAULTS.leachingSoilGroups[soil];
  const row = NITROGEN_BALANCE_DEFAULTS.leachingFractions.find(
    (f) =>
      f.soilGroup === group &&
      f.landType === landType &&
      (f.groundwaterClasses === null ||
        (groundwaterClass !== null && f.groundwaterClasses.includes(groundwaterClass))),
  );
  return row?.fraction ?? null;
}

/** Surplus target, kg N/ha per year; `null` without a known grondwatertrap. */
export function surplusTarget(
  soil: NitrogenBalanceSoilType,
  grassland: boolean,
  groundwaterClass: string | null,
): number | null {
  const D = NITROGEN_BALANCE_DEFAULTS;
  const gw = groundwaterClass === null ? undefined : D.groundwaterGroups[groundwaterClass];
  if (gw === undefined) return null;
  const row = D.surplusTargets.find(
    (t) =>
      t.landUse === (grassland ? "grassland" : "arable") &&
      t.soilGroup === D.targetSoilGroups[soil] &&
      t.groundwaterGroup === gw,
  );
  return row?.target ?? null;
}
