import { and, desc, eq, lte, sql } from "drizzle-orm";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { chunksFor, insertTogether, refreshStatistics } from "./insert-together.js";
import { jsonList } from "./json-list.js";
import { type Page, type PageRequest, pageOf, readJsonPage, requirePage } from "./page.js";
import { type ReturningRecord, wantsRecord } from "./returning.js";
import {
  fieldAcquiring,
  gwlClassOptions,
  soilAnalyses,
  soilAnalysisSourceOptions,
  soilSampling,
  soilTypesOptions,
} from "./schema.js";
import { requireInTenure, requireRowsOnFarm, requireWithinTenure } from "./tenure.js";
import { dateWithin } from "./timeframe.js";
import {
  createId,
  one,
  optionalNumber,
  requireDate,
  requireEnum,
  requireId,
  requireNumber,
  requireObject,
  requireRows,
  requireSomeKey,
  requireTimeframe,
  type Timeframe,
  tied,
} from "./validate.js";

/** A value of `fdmSchema.soilTypesOptions`, e.g. `dekzand`. */
export type SoilType = (typeof soilTypesOptions)[number]["value"];
/** A value of `fdmSchema.gwlClassOptions`, e.g. `V`. */
export type GwlClass = (typeof gwlClassOptions)[number]["value"];
/** A value of `fdmSchema.soilAnalysisSourceOptions`, e.g. `laboratory`. */
export type SoilAnalysisSource = (typeof soilAnalysisSourceOptions)[number]["value"];

/**
 * The parameters of a soil analysis. Each is optional; leave it out or set
 * `null` when it was not determined. See {@link getSoilParametersDescription}
 * for units and ranges.
 */
export type SoilParameters = {
  /** Organic matter, % of dry soil (loss on ignition). */
  organicMatter?: number | null;
  /** P-AL, mg P2O5 per 100 g dry soil. */
  pAl?: number | null;
  /** P-CaCl2 (P-PAE), mg P per kg dry soil. */
  pCaCl2?: number | null;
  /** Total nitrogen, mg N per kg dry soil. */
  nTotal?: number | null;
  /** K-CaCl2 (K-PAE), mg K per kg dry soil. */
  kCaCl2?: number | null;
  /** Acidity, pH-CaCl2. */
  ph?: number | null;
  /** Clay (< 2 µm), % of mineral parts. */
  clay?: number | null;
  /** Silt (2–50 µm), % of mineral parts. */
  silt?: number | null;
  /** Sand (50–2000 µm), % of mineral parts. */
  sand?: number | null;
  /** Dry bulk density of the sampled layer, g/cm³ (0.1–2.0: from peat to compacted sand). */
  bulkDensity?: number | null;
  /** Agricultural soil type. */
  soilType?: SoilType | null;
  /** Grondwatertrap (groundwater table class). */
  gwlClass?: GwlClass | null;
};

type ParameterKey = keyof SoilParameters;

/** How each parameter of {@link SoilParameters} is measured and checked. */
export type SoilParameterDescription = {
  /** The parameter's key. */
  parameter: ParameterKey;
  /** A readable label. */
  label: string;
  /** The unit, or `null` for classes and pH. */
  unit: string | null;
  /** A number or a value of an enumeration. */
  type: "number" | "enum";
  /** Lowest allowed value, for numbers. */
  min?: number;
  /** Highest allowed value, for numbers. */
  max?: number;
  /** The allowed values, for enumerations. */
  options?: readonly { value: string; label: string }[];
  /** How the value is usually determined. */
  method: string;
}[];

const numeric: Record<
  Exclude<ParameterKey, "soilType" | "gwlClass">,
  [string, string | null, number, number, string]
> = {
  organicMatter: ["Organic matter", "%", 0, 100, "Loss on ignition"],
  pAl: ["P-AL", "mg P2O5/100 g", 0, 250, "Ammonium lactate extraction"],
  pCaCl2: ["P-CaCl2 (P-PAE)", "mg P/kg", 0, 100, "0.01 M CaCl2 extraction"],
  nTotal: ["Total nitrogen", "mg N/kg", 0, 30_000, "Kjeldahl or Dumas digestion"],
  kCaCl2: ["K-CaCl2 (K-PAE)", "mg K/kg", 0, 2_000, "0.01 M CaCl2 extraction"],
  ph: ["pH-CaCl2", null, 3, 10, "Measured in a 0.01 M CaCl2 suspension"],
  clay: ["Clay (< 2 µm)", "%", 0, 100, "Sieve and sedimentation analysis"],
  silt: ["Silt (2–50 µm)", "%", 0, 100, "Sieve and sedimentation analysis"],
  sand: ["Sand (50–2000 µm)", "%", 0, 100, "Sieve and sedimentation analysis"],
  bulkDensity: ["Bulk density", "g/cm³", 0.1, 2, "Dry mass of an undisturbed core of known volume"],
};
const numericKeys = Object.keys(numeric) as (keyof typeof numeric)[];
const parameterKeys: ParameterKey[] = [...numericKeys, "soilType", "gwlClass"];

/**
 * Describes the parameters of a soil analysis: label, unit, allowed range or
 * values, and how each is usually determined — for building an input form.
 *
 * @returns One entry per parameter of {@link SoilParameters}.
 * @throws Never.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getSoilParametersDescription } from "fdm-core";
 * const pAl = getSoilParametersDescription().find((d) => d.parameter === "pAl");
 * assert.strictEqual(pAl?.unit, "mg P2O5/100 g");
 * ```
 */
export function getSoilParametersDescription(): SoilParameterDescription {
  return [
    ...numericKeys.map((k) => {
      const [label, unit, min, max, method] = numeric[k];
      return { parameter: k, label, unit, type: "number" as const, min, max, method };
    }),
    {
      parameter: "soilType",
      label: "Soil type",
      unit: null,
      type: "enum",
      options: soilTypesOptions,
      method: "Soil map or field survey",
    },
    {
      parameter: "gwlClass",
      label: "Grondwatertrap (groundwater table class)",
      unit: null,
      type: "enum",
      options: gwlClassOptions,
      method: "Soil map (Bodemkaart van Nederland) or field survey",
    },
  ];
}

function validateParameters(value: unknown, requireOne: boolean): SoilParameters {
  const p = requireObject(value, "parameters");
  for (const k of Object.keys(p)) {
    if (!(parameterKeys as string[]).includes(k)) {
      throw new FdmError("INVALID_INPUT", `${k}: is not a soil parameter.`, { field: k });
    }
  }
  const out: SoilParameters = {};
  for (const k of numericKeys) {
    if (p[k] !== undefined) {
      const [, , min, max] = numeric[k];
      out[k] = optionalNumber(p[k], k, min, max);
    }
  }
  const soilTypes = soilTypesOptions.map((o) => o.value);
  const gwlClasses = gwlClassOptions.map((o) => o.value);
  if (p.soilType !== undefined)
    out.soilType = p.soilType === null ? null : requireEnum(p.soilType, "soilType", soilTypes);
  if (p.gwlClass !== undefined)
    out.gwlClass = p.gwlClass === null ? null : requireEnum(p.gwlClass, "gwlClass", gwlClasses);
  if (requireOne && !parameterKeys.some((k) => out[k] !== undefined && out[k] !== null)) {
    throw new FdmError(
      "INVALID_INPUT",
      "parameters: must hold at least one soil parameter with a value.",
      {
        field: "parameters",
      },
    );
  }
  return out;
}

function requireTexture(p: SoilParameters): void {
  const sum = (p.clay ?? 0) + (p.silt ?? 0) + (p.sand ?? 0);
  if (sum > 100) {
    throw new FdmError(
      "INVALID_INPUT",
      "clay: clay, silt and sand together must not exceed 100%.",
      {
        field: "clay",
      },
    );
  }
}

/** A soil analysis to record: the sampling and the analysed parameters. */
export interface SoilAnalysisInput {
  /** The date the soil was sampled (action soil sampling); within the farm's tenure of the field. */
  samplingDate: Date;
  /** Top of the sampled layer in cm below the surface; 0 when omitted. */
  depthUpperCm?: number;
  /** Bottom of the sampled layer in cm below the surface, deeper than the top; 30 when omitted. */
  depthLowerCm?: number;
  /** Where the values come from. */
  source: SoilAnalysisSource;
  /** The analysed parameters (at least one with a value). */
  parameters: SoilParameters;
}

/** A soil analysis as fdm-core returns it. */
export interface SoilAnalysis {
  /** The analysis's id. */
  id: string;
  /** The sampled field. */
  fieldId: string;
  /** The sampling date. */
  samplingDate: Date;
  /** Top of the sampled layer, cm. */
  depthUpperCm: number;
  /** Bottom of the sampled layer, cm. */
  depthLowerCm: number;
  /** Where the values come from. */
  source: SoilAnalysisSource;
  /** Every parameter; `null` when not determined. */
  parameters: Required<{ [K in ParameterKey]: NonNullable<SoilParameters[K]> | null }>;
}

// The interface follows its tables: a column added there and not here fails the type-check.
tied<
  SoilAnalysis,
  typeof soilAnalyses.$inferSelect,
  keyof SoilAnalysis["parameters"] | "createdAt" | "updatedAt"
>(true, true);
tied<SoilAnalysis, typeof soilSampling.$inferSelect, "analysisId">(true, true);

/** For each soil parameter that has a value, the most recent one and where it came from. */
export type CurrentSoilData = {
  /** The parameter. */
  parameter: ParameterKey;
  /** Its most recent value. */
  value: number | string;
  /** The sampling date of the analysis it comes from. */
  samplingDate: Date;
  /** The source of that analysis. */
  source: SoilAnalysisSource;
  /** The id of that analysis. */
  analysisId: string;
  /** Top of the sampled layer, cm. */
  depthUpperCm: number;
  /** Bottom of the sampled layer, cm. */
  depthLowerCm: number;
}[];

const analysisColumns = {
  id: soilAnalyses.id,
  fieldId: soilSampling.fieldId,
  samplingDate: soilSampling.samplingDate,
  depthUpperCm: soilSampling.depthUpperCm,
  depthLowerCm: soilSampling.depthLowerCm,
  source: soilAnalyses.source,
  createdAt: soilAnalyses.createdAt,
  organicMatter: soilAnalyses.organicMatter,
  bulkDensity: soilAnalyses.bulkDensity,
  pAl: soilAnalyses.pAl,
  pCaCl2: soilAnalyses.pCaCl2,
  nTotal: soilAnalyses.nTotal,
  kCaCl2: soilAnalyses.kCaCl2,
  ph: soilAnalyses.ph,
  clay: soilAnalyses.clay,
  silt: soilAnalyses.silt,
  sand: soilAnalyses.sand,
  soilType: soilAnalyses.soilType,
  gwlClass: soilAnalyses.gwlClass,
};

function selectAnalyses(db: FdmType) {
  return db
    .select(analysisColumns)
    .from(soilAnalyses)
    .innerJoin(soilSampling, eq(soilSampling.analysisId, soilAnalyses.id));
}

type AnalysisRow = Awaited<ReturnType<typeof selectAnalyses>>[number];

const analysisList = jsonList(analysisColumns);

/** One soil analysis; no access check (the caller's guard made it). */
async function readAnalysis(db: FdmType, analysisId: string): Promise<SoilAnalysis> {
  const rows = await selectAnalyses(db).where(eq(soilAnalyses.id, analysisId));
  return toAnalysis(one(rows, "analysisId", analysisId));
}

/** For each parameter, the value of the newest row that has one; rows come newest first. */
function currentOf(rows: readonly AnalysisRow[]): CurrentSoilData {
  const out: CurrentSoilData = [];
  for (const k of parameterKeys) {
    const latest = rows.find((r) => r[k] !== null);
    if (!latest) continue;
    out.push({
      parameter: k,
      value: latest[k] as number | string,
      samplingDate: latest.samplingDate,
      source: latest.source,
      analysisId: latest.id,
      depthUpperCm: latest.depthUpperCm,
      depthLowerCm: latest.depthLowerCm,
    });
  }
  return out;
}

function toAnalysis(r: AnalysisRow): SoilAnalysis {
  const parameters = Object.fromEntries(
    parameterKeys.map((k) => [k, r[k]]),
  ) as SoilAnalysis["parameters"];
  return {
    id: r.id,
    fieldId: r.fieldId,
    samplingDate: r.samplingDate,
    depthUpperCm: r.depthUpperCm,
    depthLowerCm: r.depthLowerCm,
    source: r.source,
    parameters,
  };
}

function requireDepths(
  upper: unknown,
  lower: unknown,
): { depthUpperCm: number; depthLowerCm: number } {
  const depthUpperCm = requireNumber(upper, "depthUpperCm", 0, 1000);
  const depthLowerCm = requireNumber(lower, "depthLowerCm", 0, 1000);
  if (depthLowerCm <= depthUpperCm) {
    throw new FdmError("INVALID_INPUT", "depthLowerCm: must be deeper than depthUpperCm.", {
      field: "depthLowerCm",
    });
  }
  return { depthUpperCm, depthLowerCm };
}

/**
 * Records a soil sampling on a field and the analysis of the sample, in one
 * transaction.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param analysis - The sampling date, depths, source and parameters.
 * @returns The new analysis's id.
 * @throws {FdmError} `INVALID_INPUT` for a parameter out of range or unknown, no parameter at
 *   all, clay + silt + sand above 100%, a lower depth not below the upper one, or a date outside
 *   the farm's tenure of the field; `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addField example"
 * import { addSoilAnalysis } from "fdm-core";
 * const analysisId = await addSoilAnalysis(fdm, me, fieldId, {
 *   samplingDate: new Date("2025-02-10"),
 *   source: "laboratory",
 *   parameters: { pAl: 45, pCaCl2: 2.8, organicMatter: 4.2, soilType: "dekzand" },
 * });
 * ```
 */
export async function addSoilAnalysis(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  analysis: SoilAnalysisInput,
): Promise<string>;
/**
 * Records a soil sampling and its analysis as {@link addSoilAnalysis} does, and returns the
 * analysis as {@link getSoilAnalysis} shows it, read in the same transaction: one access
 * check and one audit row for the add and the read.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the field's farm.
 * @param fieldId - The field.
 * @param analysis - The sampling date, depths, source and parameters.
 * @param options - `{ returning: "record" }`.
 * @returns The new analysis.
 * @throws {FdmError} As {@link addSoilAnalysis}; `INVALID_INPUT` (`field: "options.returning"`)
 *   for other options.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 */
export async function addSoilAnalysis(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  analysis: SoilAnalysisInput,
  options: ReturningRecord,
): Promise<SoilAnalysis>;
export async function addSoilAnalysis(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  analysis: SoilAnalysisInput,
  options?: ReturningRecord,
): Promise<string | SoilAnalysis> {
  const { id, samplingDate, depths, source, parameters } = soilAnalysisRow(analysis);
  const record = wantsRecord(options);
  return guard(fdm, principalId, "addSoilAnalysis").write(
    "field",
    fieldId,
    async (tx, { farmId: _farmId, tenure }) => {
      requireInTenure(tenure, samplingDate, "samplingDate");
      await insertTogether(tx, [
        tx.insert(soilAnalyses).values({ id, source, ...parameters }),
        tx
          .insert(soilSampling)
          .values({ id: createId(), fieldId, analysisId: id, samplingDate, ...depths }),
      ]);
      return record ? readAnalysis(tx, id) : id;
    },
  );
}

/** Validates a new soil analysis (the rules of addSoilAnalysis) and gives it an id. */
function soilAnalysisRow(analysis: unknown) {
  const input = requireObject(analysis, "analysis");
  const samplingDate = requireDate(input.samplingDate, "samplingDate");
  const depths = requireDepths(input.depthUpperCm ?? 0, input.depthLowerCm ?? 30);
  const source = requireEnum(
    input.source,
    "source",
    soilAnalysisSourceOptions.map((o) => o.value),
  );
  const parameters = validateParameters(input.parameters, true);
  requireTexture(parameters);
  return { id: createId(), samplingDate, depths, source, parameters };
}

/**
 * Reads one soil analysis with its sampling.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param analysisId - The analysis.
 * @returns The analysis.
 * @throws {FdmError} `NOT_FOUND` for an unknown analysis.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addSoilAnalysis example"
 * import assert from "node:assert";
 * import { getSoilAnalysis } from "fdm-core";
 * const analysis = await getSoilAnalysis(fdm, me, analysisId);
 * assert.equal(analysis.parameters.pAl, 45);
 * ```
 */
export async function getSoilAnalysis(
  fdm: FdmType,
  principalId: PrincipalId,
  analysisId: string,
): Promise<SoilAnalysis> {
  return guard(fdm, principalId, "getSoilAnalysis").read("soil_analysis", analysisId, (db) =>
    readAnalysis(db, analysisId),
  );
}

/**
 * Lists the soil analyses of a field, newest sampling first, optionally only
 * those sampled within a timeframe (both ends included).
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param fieldId - The field.
 * @param timeframe - The period; all analyses when omitted.
 * @returns The analyses.
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe; `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 * @example
 * ```ts fragment="continues the addSoilAnalysis example"
 * import assert from "node:assert";
 * import { getSoilAnalyses } from "fdm-core";
 * const analyses = await getSoilAnalyses(fdm, me, fieldId);
 * assert.deepEqual(analyses.map((a) => a.id), [analysisId]);
 * ```
 */
export async function getSoilAnalyses(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
): Promise<SoilAnalysis[]>;
/**
 * Lists one page of the soil analyses of a field, by id (ids compare as bytes): at most
 * `page.limit` whose ids come after `page.after`, read in SQL; the timeframe filters as
 * without a page. See {@link getFields} for how pages are walked.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param fieldId - The field.
 * @param timeframe - The period, or `undefined` for all analyses.
 * @param page - `limit`: 1 to 1,000; `after`: the previous page's `next`, absent for the first.
 * @returns The page's analyses and the `after` of the next page (`next`, `null` on the last).
 * @throws {FdmError} `INVALID_INPUT` for a reversed timeframe or a bad page (`field:
 *   "page.limit"` or `"page.after"`); `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not list the farm.
 */
export async function getSoilAnalyses(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe: Timeframe | undefined,
  page: PageRequest,
): Promise<Page<SoilAnalysis>>;
export async function getSoilAnalyses(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  timeframe?: Timeframe,
  page?: PageRequest,
): Promise<SoilAnalysis[] | Page<SoilAnalysis>> {
  const tf = requireTimeframe(timeframe);
  const checked = page === undefined ? null : requirePage(page);
  return guard(fdm, principalId, "getSoilAnalyses").list("field", fieldId, async (db) => {
    const where = and(eq(soilSampling.fieldId, fieldId), dateWithin(soilSampling.samplingDate, tf));
    if (checked !== null) {
      const rows = await readJsonPage<AnalysisRow>(
        db,
        analysisList,
        soilAnalyses.id,
        checked,
        (selected) =>
          db
            .select(selected)
            .from(soilAnalyses)
            .innerJoin(soilSampling, eq(soilSampling.analysisId, soilAnalyses.id))
            .$dynamic(),
        where,
      );
      return pageOf(rows.map(toAnalysis), checked, (a) => a.id);
    }
    const rows = await selectAnalyses(db)
      .where(where)
      .orderBy(
        desc(soilSampling.samplingDate),
        desc(soilAnalyses.createdAt),
        desc(soilAnalyses.id),
      );
    return rows.map(toAnalysis);
  });
}

/**
 * Changes a soil analysis. Given parameters replace the stored ones (`null`
 * clears one); parameters left out stay. The result must still hold at least
 * one value.
 *
 * @param fdm - The database handle.
 * @param principalId - Who changes it; needs the `write` right on the farm.
 * @param analysisId - The analysis.
 * @param update - The fields to change (at least one).
 * @returns The analysis as stored afterwards, read in the same transaction.
 * @throws {FdmError} `INVALID_INPUT` for a bad value; `NOT_FOUND` for an unknown analysis.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addSoilAnalysis example"
 * import assert from "node:assert";
 * import { updateSoilAnalysis } from "fdm-core";
 * const updated = await updateSoilAnalysis(fdm, me, analysisId, { parameters: { ph: 5.4 } });
 * assert.deepEqual([updated.parameters.ph, updated.parameters.pAl], [5.4, 45]); // pAl stays
 * ```
 */
export async function updateSoilAnalysis(
  fdm: FdmType,
  principalId: PrincipalId,
  analysisId: string,
  update: Partial<SoilAnalysisInput>,
): Promise<SoilAnalysis> {
  const patch = requireObject(update, "update");
  requireSomeKey(patch, ["samplingDate", "depthUpperCm", "depthLowerCm", "source", "parameters"]);
  const samplingDate =
    patch.samplingDate === undefined ? undefined : requireDate(patch.samplingDate, "samplingDate");
  const source =
    patch.source === undefined
      ? undefined
      : requireEnum(
          patch.source,
          "source",
          soilAnalysisSourceOptions.map((o) => o.value),
        );
  const parameters =
    patch.parameters === undefined ? {} : validateParameters(patch.parameters, false);
  return guard(fdm, principalId, "updateSoilAnalysis").write(
    "soil_analysis",
    analysisId,
    async (tx) => {
      const [row] = await selectAnalyses(tx).where(eq(soilAnalyses.id, analysisId)).for("update");
      if (!row)
        throw new FdmError("NOT_FOUND", `analysisId: no soil analysis with id '${analysisId}'.`);
      const current = toAnalysis(row);
      const merged = { ...current.parameters, ...parameters };
      if (!parameterKeys.some((k) => merged[k] !== null)) {
        throw new FdmError(
          "INVALID_INPUT",
          "parameters: must hold at least one soil parameter with a value.",
          {
            field: "parameters",
          },
        );
      }
      requireTexture(merged);
      const depths = requireDepths(
        patch.depthUpperCm ?? current.depthUpperCm,
        patch.depthLowerCm ?? current.depthLowerCm,
      );
      if (samplingDate)
        await requireWithinTenure(tx, current.fieldId, samplingDate, "samplingDate");
      await tx
        .update(soilAnalyses)
        .set({ source, ...parameters, updatedAt: new Date() })
        .where(eq(soilAnalyses.id, analysisId));
      await tx
        .update(soilSampling)
        .set({ samplingDate, ...depths })
        .where(eq(soilSampling.analysisId, analysisId));
      // Read back in the transaction: one access check and one audit row for the call.
      return readAnalysis(tx, analysisId);
    },
  );
}

/**
 * Removes a soil analysis with its sampling.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param analysisId - The analysis.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown analysis.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts fragment="continues the addSoilAnalysis example"
 * import assert from "node:assert";
 * import { getSoilAnalyses, removeSoilAnalysis } from "fdm-core";
 * await removeSoilAnalysis(fdm, me, analysisId);
 * assert.deepEqual(await getSoilAnalyses(fdm, me, fieldId), []);
 * ```
 */
export async function removeSoilAnalysis(
  fdm: FdmType,
  principalId: PrincipalId,
  analysisId: string,
): Promise<void> {
  await guard(fdm, principalId, "removeSoilAnalysis").write(
    "soil_analysis",
    analysisId,
    async (tx) => {
      // the sampling goes by ON DELETE CASCADE
      await tx.delete(soilAnalyses).where(eq(soilAnalyses.id, analysisId));
    },
  );
}

/**
 * Combines the soil analyses of a field into its current soil data: for each
 * parameter, the value of the most recent sampling (on or before `date`) that
 * determined it, with that analysis's date, source and depth. A parameter that
 * no analysis determined is left out.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param fieldId - The field.
 * @param date - Look only at samplings on or before this date; all when omitted.
 * @returns One entry per determined parameter, in the order of {@link getSoilParametersDescription}.
 * @throws {FdmError} `INVALID_INPUT` for a bad date; `NOT_FOUND` for an unknown field.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addSoilAnalysis example"
 * import assert from "node:assert";
 * import { getCurrentSoilData } from "fdm-core";
 * const current = await getCurrentSoilData(fdm, me, fieldId);
 * const pAl = current.find((c) => c.parameter === "pAl");
 * assert.deepEqual([pAl?.value, pAl?.source], [45, "laboratory"]);
 * ```
 */
export async function getCurrentSoilData(
  fdm: FdmType,
  principalId: PrincipalId,
  fieldId: string,
  date?: Date,
): Promise<CurrentSoilData> {
  const until = date === undefined ? null : requireDate(date, "date");
  return guard(fdm, principalId, "getCurrentSoilData").read("field", fieldId, async (db) => {
    const rows = await selectAnalyses(db)
      .where(
        and(
          eq(soilSampling.fieldId, fieldId),
          until ? lte(soilSampling.samplingDate, until) : undefined,
        ),
      )
      .orderBy(
        desc(soilSampling.samplingDate),
        desc(soilAnalyses.createdAt),
        desc(soilAnalyses.id),
      );
    return currentOf(rows);
  });
}

/**
 * The current soil data of every field of a farm, with one access check on the
 * farm: for each field, what {@link getCurrentSoilData} returns for it. Use it
 * instead of calling {@link getCurrentSoilData} per field when the whole farm
 * is needed.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `read` right on the farm.
 * @param farmId - The farm.
 * @param date - Look only at samplings on or before this date; all when omitted.
 * @returns An entry for every field the farm holds (also fields it gave up), keyed by field id;
 *   a field without analyses gets an empty list.
 * @throws {FdmError} `INVALID_INPUT` for a bad date; `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not read the farm.
 * @example
 * ```ts fragment="continues the addSoilAnalysis example"
 * import assert from "node:assert";
 * import { getCurrentSoilDataForFarm } from "fdm-core";
 * const byField = await getCurrentSoilDataForFarm(fdm, me, farmId, new Date("2025-12-31"));
 * const pAl = byField[fieldId]?.find((c) => c.parameter === "pAl");
 * assert.equal(pAl?.value, 45);
 * ```
 */
export async function getCurrentSoilDataForFarm(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  date?: Date,
): Promise<Record<string, CurrentSoilData>> {
  const until = date === undefined ? null : requireDate(date, "date");
  return guard(fdm, principalId, "getCurrentSoilDataForFarm").read("farm", farmId, (db) =>
    soilDataOfFarm(db, farmId, until),
  );
}

/** The work of {@link getCurrentSoilDataForFarm}, also done by getFarmRecords. */
export async function soilDataOfFarm(
  db: FdmType,
  farmId: string,
  until: Date | null,
): Promise<Record<string, CurrentSoilData>> {
  // Each list as one JSON value (see json-list.ts): one string to parse, not a cell per value.
  const [fieldRow] = await db
    .select({ ids: sql<string>`coalesce(json_agg(${fieldAcquiring.fieldId}), '[]')::text` })
    .from(fieldAcquiring)
    .where(eq(fieldAcquiring.farmId, farmId));
  const [analysisRow] = await db
    .select({
      list: analysisList.select(
        desc(soilSampling.samplingDate),
        desc(soilAnalyses.createdAt),
        desc(soilAnalyses.id),
      ),
    })
    .from(soilAnalyses)
    .innerJoin(soilSampling, eq(soilSampling.analysisId, soilAnalyses.id))
    .innerJoin(fieldAcquiring, eq(fieldAcquiring.fieldId, soilSampling.fieldId))
    .where(
      and(
        eq(fieldAcquiring.farmId, farmId),
        until ? lte(soilSampling.samplingDate, until) : undefined,
      ),
    );
  const fieldIds = JSON.parse(fieldRow?.ids ?? "[]") as string[];
  const rows = analysisList.parse<AnalysisRow>(analysisRow?.list);
  const byField = new Map<string, AnalysisRow[]>(fieldIds.map((id) => [id, []]));
  for (const r of rows) byField.get(r.fieldId)?.push(r);
  return Object.fromEntries([...byField].map(([fieldId, list]) => [fieldId, currentOf(list)]));
}

/** A row of {@link addSoilAnalyses}: a soil analysis and the field that was sampled. */
export interface SoilAnalysisBatchRow extends SoilAnalysisInput {
  /** The sampled field; it must belong to the farm the call writes to. */
  fieldId: string;
}

/** The most rows {@link addSoilAnalyses} takes in one call. */
const MAX_BATCH_ROWS = 20_000;

/**
 * Records many soil analyses on fields of one farm at once, e.g. when importing
 * a laboratory's results: access is checked once on the farm, every row is
 * checked with the rules of {@link addSoilAnalysis} (parameters in range, depths,
 * source, a sampling date within the farm's tenure of the field), and all rows
 * are written in one transaction with multi-row inserts — when one row is
 * invalid, none is written.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records them; needs the `write` right on the farm.
 * @param farmId - The farm; every row's field must belong to it.
 * @param rows - 1 to 20,000 analyses, each with its `fieldId`.
 * @returns The new analyses' ids, in the order of `rows`.
 * @throws {FdmError} `INVALID_INPUT` when the list is empty or too long, or a row breaks a rule
 *   of {@link addSoilAnalysis}; `NOT_FOUND` for an unknown farm or a field the farm does not
 *   hold. The error's `field` and message name the row and its property, e.g.
 *   `analyses[4].pAl: must be between 0 and 250.`
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addField, addSoilAnalyses, createFdmAuth, createFdmLocal, getCurrentSoilData } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const fieldId = await addField(fdm, me, farmId, {
 *   name: "Achter de schuur",
 *   geometry: {
 *     type: "Polygon",
 *     coordinates: [[[5.66, 51.98], [5.67, 51.98], [5.67, 51.99], [5.66, 51.99], [5.66, 51.98]]],
 *   },
 *   acquiringDate: new Date("2020-01-01"),
 *   acquiringMethod: "owner",
 * });
 * await addSoilAnalyses(fdm, me, farmId, [
 *   { fieldId, samplingDate: new Date("2023-02-01"), source: "laboratory", parameters: { pAl: 38 } },
 *   { fieldId, samplingDate: new Date("2025-02-01"), source: "laboratory", parameters: { pAl: 45 } },
 * ]);
 * const current = await getCurrentSoilData(fdm, me, fieldId);
 * assert.strictEqual(current.find((d) => d.parameter === "pAl")?.value, 45);
 * ```
 */
export async function addSoilAnalyses(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  rows: SoilAnalysisBatchRow[],
): Promise<string[]> {
  const list = requireRows(rows, "analyses", MAX_BATCH_ROWS, "analysis", (row) => ({
    ...soilAnalysisRow(row),
    fieldId: requireId((row as Record<string, unknown>).fieldId, "fieldId"),
  }));
  await guard(fdm, principalId, "addSoilAnalyses").write("farm", farmId, async (tx) => {
    await requireRowsOnFarm(
      tx,
      farmId,
      "analyses",
      list.map((r) => ({ fieldId: r.fieldId, date: r.samplingDate, dateField: "samplingDate" })),
    );
    for (const chunk of chunksFor(list, [soilAnalyses, soilSampling])) {
      await insertTogether(tx, [
        tx
          .insert(soilAnalyses)
          .values(chunk.map((r) => ({ id: r.id, source: r.source, ...r.parameters }))),
        tx.insert(soilSampling).values(
          chunk.map((r) => ({
            id: createId(),
            fieldId: r.fieldId,
            analysisId: r.id,
            samplingDate: r.samplingDate,
            ...r.depths,
          })),
        ),
      ]);
    }
    await refreshStatistics(tx, list.length, [soilAnalyses, soilSampling]);
  });
  return list.map((r) => r.id);
}
