import { area } from "@turf/area";
import { feature, featureCollection } from "@turf/helpers";
import { intersect } from "@turf/intersect";
import type { MultiPolygon, Polygon } from "geojson";
import { FdmCalculatorError } from "../errors.js";
import type { NLRegion } from "../norms/nl/calendar.js";
import {
  bboxOf,
  checkPolygonal,
  GeodataError,
  type GeodataFeature,
  type GeodataOptions,
  queryGeodata,
  requireSource,
} from "./geodata.js";

/** A field's outline: a GeoJSON Polygon or MultiPolygon in WGS84 longitude/latitude. */
export type FieldGeometry = Polygon | MultiPolygon;

/** Options of {@link getRegion}: the dataset, and how its features name their region. */
export interface RegionLookupOptions extends GeodataOptions {
  /** The feature property that holds the region. Default `"region"`. */
  property?: string;
  /**
   * How the dataset's property values translate to regions. By default the
   * values must be the region codes themselves: `klei`, `veen`, `zand_nwc`,
   * `zand_zuid`, `loess`. For a dataset that writes them otherwise, map each
   * value, e.g. `{ Klei: "klei", Veen: "veen", "Löss": "loess", … }`.
   */
  values?: Readonly<Record<string, NLRegion>>;
}

/** Options of {@link isFieldInNVGebied} and {@link isFieldInGWGBGebied}. */
export interface AreaLookupOptions extends GeodataOptions {
  /**
   * The share of the field's area that must lie inside the dataset's polygons
   * for the answer to be `true`, above 0 and at most 1. Default `0.5`: the
   * field counts as inside when at least half of it lies inside.
   */
  minimumShare?: number;
}

/** Options of {@link getDeposition}: the dataset, and the property that holds the deposition. */
export interface DepositionLookupOptions extends GeodataOptions {
  /** The feature property with the yearly total N deposition in kg N/ha. Default `"deposition"`. */
  property?: string;
  /** Name of the dataset, echoed in the balance (e.g. `"RIVM GCN 2023"`). Default: `source`. */
  name?: string;
}

const REGION_ORDER: readonly NLRegion[] = ["klei", "veen", "zand_nwc", "zand_zuid", "loess"];
const DEFAULT_VALUES: Readonly<Record<string, NLRegion>> = {
  klei: "klei",
  veen: "veen",
  zand_nwc: "zand_nwc",
  zand_zuid: "zand_zuid",
  loess: "loess",
};

// Areas are computed in floating point; shares this close count as equal.
const SHARE_TOLERANCE = 1e-9;

function fieldLabel(options: GeodataOptions | undefined): string {
  return options?.fieldId === undefined ? "Field" : `Field "${options.fieldId}"`;
}

function checkField(
  field: unknown,
  options: GeodataOptions | undefined,
): { geometry: FieldGeometry; area: number } {
  const problem = checkPolygonal(field);
  if (problem !== null) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${fieldLabel(options)}: geometry must be a WGS84 Polygon or MultiPolygon; ${problem}`,
      {
        fieldId: options?.fieldId ?? null,
      },
    );
  }
  const geometry = field as FieldGeometry;
  const fieldArea = area(geometry);
  if (!(fieldArea > 0)) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${fieldLabel(options)}: geometry must enclose an area above 0 m²`,
      {
        fieldId: options?.fieldId ?? null,
      },
    );
  }
  return { geometry, area: fieldArea };
}

function overlapArea(
  source: string,
  field: FieldGeometry,
  candidate: GeodataFeature,
  id: number,
): number {
  try {
    const shared = intersect(featureCollection([feature(field), feature(candidate.geometry)]));
    return shared === null ? 0 : area(shared);
  } catch (error) {
    throw new GeodataError(
      "GEODATA_MALFORMED",
      `Location dataset ${source}: feature ${id} could not be intersected with the field (${error instanceof Error ? error.message : String(error)})`,
      { source, cause: error },
    );
  }
}

/**
 * Finds the soil region (grondsoortregio of the Meststoffenwet) a field lies
 * in, for the stikstofgebruiksnorm (nitrogen application norm): `klei` (clay),
 * `veen` (peat), `zand_nwc` (sand, north/west/centre), `zand_zuid` (sand,
 * south) or `loess` (löss).
 *
 * The dataset is a FlatGeobuf or GeoJSON file of region polygons in WGS84,
 * such as a reprojected copy of RVO's grondsoortenkaart (soil-type map);
 * fdm-calculator bundles none. Each feature names its region in the property
 * `options.property` (default `"region"`), whose values are the five codes
 * above unless `options.values` maps them.
 *
 * Rule: the field gets the region that holds the largest share of its area
 * (geodesic areas of the field's intersection with each region's polygons,
 * summed per region). A field touching a region only along its border or at a
 * corner shares no area with it. When two regions hold equal shares (within
 * 1e-9 of the field's area), the one listed first in klei, veen, zand_nwc,
 * zand_zuid, loess wins. When no region polygon overlaps the field, the result
 * is `null`. Only polygons whose bounding box meets the field's are read, via
 * the dataset's spatial index.
 *
 * @param field - The field's outline, a GeoJSON Polygon or MultiPolygon in WGS84.
 * @param options - The dataset (`source`, `format`), the region property and value mapping, and the `fieldId` for messages.
 * @returns The region, or `null` when the field lies outside every region polygon.
 * @throws {GeodataError} `GEODATA_NOT_CONFIGURED` when no `source` is given; `GEODATA_UNREADABLE` when the
 *   file or URL cannot be read; `GEODATA_MALFORMED` when the dataset is not valid FlatGeobuf/GeoJSON in WGS84,
 *   or an overlapping feature has no recognised region value.
 * @throws {FdmCalculatorError} `INVALID_INPUT` when the field is not a valid WGS84 Polygon/MultiPolygon with an
 *   area, or `format` is unknown.
 * @example
 * ```ts fragment="needs a geodata file"
 * import { getRegion } from "fdm-calculator";
 *
 * const field = {
 *   type: "Polygon" as const,
 *   coordinates: [[[5.1, 52.0], [5.11, 52.0], [5.11, 52.01], [5.1, 52.01], [5.1, 52.0]]],
 * };
 * const region = await getRegion(field, { source: "/data/grondsoortenkaart-wgs84.fgb" });
 * console.log(region); // e.g. "klei"
 * ```
 */
export async function getRegion(
  field: FieldGeometry,
  options?: RegionLookupOptions,
): Promise<NLRegion | null> {
  const { source, format } = requireSource(options, "getRegion");
  const { geometry, area: fieldArea } = checkField(field, options);
  const property = options?.property ?? "region";
  const values = options?.values ?? DEFAULT_VALUES;

  const candidates = await queryGeodata(source, format, bboxOf(geometry));
  const shares = new Map<NLRegion, number>();
  candidates.forEach((candidate, i) => {
    const overlap = overlapArea(source, geometry, candidate, i);
    if (overlap <= 0) return;
    const raw = candidate.properties?.[property];
    const region = typeof raw === "string" && Object.hasOwn(values, raw) ? values[raw] : undefined;
    if (region === undefined) {
      throw new GeodataError(
        "GEODATA_MALFORMED",
        `Location dataset ${source}: a feature overlapping the field has ${property} = ${JSON.stringify(raw ?? null)}, which is not one of ${Object.keys(values).join(", ")}`,
        { source, fieldId: options?.fieldId ?? null },
      );
    }
    shares.set(region, (shares.get(region) ?? 0) + overlap / fieldArea);
  });

  let best: NLRegion | null = null;
  let bestShare = 0;
  for (const region of REGION_ORDER) {
    const share = shares.get(region) ?? 0;
    if (share > bestShare + SHARE_TOLERANCE) {
      best = region;
      bestShare = share;
    }
  }
  return best;
}

async function isFieldInArea(
  lookup: string,
  field: FieldGeometry,
  options: AreaLookupOptions | undefined,
): Promise<boolean> {
  const { source, format } = requireSource(options, lookup);
  const minimumShare = options?.minimumShare ?? 0.5;
  if (typeof minimumShare !== "number" || !(minimumShare > 0 && minimumShare <= 1)) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `${lookup}: options.minimumShare must be a number above 0 and at most 1, got ${JSON.stringify(minimumShare)}`,
      { fieldId: options?.fieldId ?? null },
    );
  }
  const { geometry, area: fieldArea } = checkField(field, options);
  const candidates = await queryGeodata(source, format, bboxOf(geometry));
  let share = 0;
  candidates.forEach((candidate, i) => {
    share += overlapArea(source, geometry, candidate, i) / fieldArea;
  });
  return share >= minimumShare - SHARE_TOLERANCE;
}

/**
 * Tells whether a field lies in a met nutriënten verontreinigd gebied
 * (NV-gebied, area polluted with nutrients), where lower stikstof and
 * dierlijke-mest norms apply.
 *
 * The dataset is a FlatGeobuf or GeoJSON file of the NV-gebieden polygons in
 * WGS84, such as a reprojected copy of RVO's map; every polygon in it counts
 * as NV-gebied and properties are ignored. fdm-calculator bundles none.
 *
 * Rule: `true` when at least `options.minimumShare` (default 0.5, i.e. half)
 * of the field's geodesic area lies inside the polygons, within a tolerance of
 * 1e-9 of the field's area; a field touching the area only along its border
 * shares nothing with it. Polygons are expected not to overlap each other (as
 * in the published maps): overlapping polygons would count the shared part twice.
 *
 * @param field - The field's outline, a GeoJSON Polygon or MultiPolygon in WGS84.
 * @param options - The dataset (`source`, `format`), the `minimumShare` and the `fieldId` for messages.
 * @returns Whether the field counts as lying in an NV-gebied.
 * @throws {GeodataError} `GEODATA_NOT_CONFIGURED` when no `source` is given; `GEODATA_UNREADABLE` when the
 *   file or URL cannot be read; `GEODATA_MALFORMED` when the dataset is not valid FlatGeobuf/GeoJSON in WGS84.
 * @throws {FdmCalculatorError} `INVALID_INPUT` when the field is not a valid WGS84 Polygon/MultiPolygon with an
 *   area, `minimumShare` is out of range, or `format` is unknown.
 * @example
 * ```ts fragment="needs a geodata file"
 * import { isFieldInNVGebied } from "fdm-calculator";
 *
 * const field = {
 *   type: "Polygon" as const,
 *   coordinates: [[[5.1, 52.0], [5.11, 52.0], [5.11, 52.01], [5.1, 52.01], [5.1, 52.0]]],
 * };
 * const inNV = await isFieldInNVGebied(field, { source: "/data/nv-gebieden-wgs84.geojson" });
 * console.log(inNV); // true or false
 * ```
 */
export function isFieldInNVGebied(
  field: FieldGeometry,
  options?: AreaLookupOptions,
): Promise<boolean> {
  return isFieldInArea("isFieldInNVGebied", field, options);
}

/**
 * Tells whether a field lies in a grondwaterbeschermingsgebied (GWBG,
 * groundwater protection area), where provinces restrict fertilization.
 *
 * The dataset is a FlatGeobuf or GeoJSON file of the protection areas'
 * polygons in WGS84, such as the provinces' maps as published through PDOK;
 * every polygon in it counts as protection area and properties are ignored.
 * fdm-calculator bundles none.
 *
 * Rule: the same as {@link isFieldInNVGebied}: `true` when at least
 * `options.minimumShare` (default 0.5) of the field's area lies inside.
 *
 * @param field - The field's outline, a GeoJSON Polygon or MultiPolygon in WGS84.
 * @param options - The dataset (`source`, `format`), the `minimumShare` and the `fieldId` for messages.
 * @returns Whether the field counts as lying in a groundwater protection area.
 * @throws {GeodataError} `GEODATA_NOT_CONFIGURED` when no `source` is given; `GEODATA_UNREADABLE` when the
 *   file or URL cannot be read; `GEODATA_MALFORMED` when the dataset is not valid FlatGeobuf/GeoJSON in WGS84.
 * @throws {FdmCalculatorError} `INVALID_INPUT` when the field is not a valid WGS84 Polygon/MultiPolygon with an
 *   area, `minimumShare` is out of range, or `format` is unknown.
 * @example
 * ```ts fragment="needs a geodata file"
 * import { isFieldInGWGBGebied } from "fdm-calculator";
 *
 * const field = {
 *   type: "Polygon" as const,
 *   coordinates: [[[5.1, 52.0], [5.11, 52.0], [5.11, 52.01], [5.1, 52.01], [5.1, 52.0]]],
 * };
 * const inGWBG = await isFieldInGWGBGebied(field, { source: "/data/grondwaterbeschermingsgebieden-wgs84.fgb" });
 * console.log(inGWBG); // true or false
 * ```
 */
export function isFieldInGWGBGebied(
  field: FieldGeometry,
  options?: AreaLookupOptions,
): Promise<boolean> {
  return isFieldInArea("isFieldInGWGBGebied", field, options);
}

/**
 * Reads the atmospheric nitrogen deposition on a field from a deposition
 * dataset, for the nitrogen balance: the area-weighted mean of the
 * `options.property` (default `"deposition"`, kg N/ha per year) of the
 * polygons the field overlaps.
 *
 * The dataset is a FlatGeobuf or GeoJSON file of polygons in WGS84, such as
 * RIVM's GCN deposition map converted to polygons with a kg N/ha value each;
 * fdm-calculator bundles none (without one, the balance uses the national
 * average of {@link NITROGEN_BALANCE_DEFAULTS}). Only the part of the field
 * that the polygons cover counts: a field half on a 20 and half off the map
 * gets 20.
 *
 * @param field - The field's outline, a GeoJSON Polygon or MultiPolygon in WGS84.
 * @param options - The dataset (`source`, `format`), the property and the `fieldId` for messages.
 * @returns The deposition in kg N/ha per year, or `null` when no polygon overlaps the field.
 * @throws {GeodataError} `GEODATA_NOT_CONFIGURED` when no `source` is given; `GEODATA_UNREADABLE` when the
 *   file or URL cannot be read; `GEODATA_MALFORMED` when the dataset is not valid FlatGeobuf/GeoJSON in WGS84,
 *   or an overlapping feature's value is not a number from 0 to 500 kg N/ha.
 * @throws {FdmCalculatorError} `INVALID_INPUT` when the field is not a valid WGS84 Polygon/MultiPolygon with an area.
 * @example
 * ```ts fragment="needs a geodata file"
 * import { getDeposition } from "fdm-calculator";
 *
 * const field = {
 *   type: "Polygon" as const,
 *   coordinates: [[[5.1, 52.0], [5.11, 52.0], [5.11, 52.01], [5.1, 52.01], [5.1, 52.0]]],
 * };
 * console.log(await getDeposition(field, { source: "/data/deposition-2023-wgs84.fgb" })); // e.g. 21.4
 * ```
 */
export async function getDeposition(
  field: FieldGeometry,
  options?: DepositionLookupOptions,
): Promise<number | null> {
  const { source, format } = requireSource(options, "getDeposition");
  const { geometry } = checkField(field, options);
  const property = options?.property ?? "deposition";
  const candidates = await queryGeodata(source, format, bboxOf(geometry));
  let covered = 0;
  let sum = 0;
  candidates.forEach((candidate, i) => {
    const overlap = overlapArea(source, geometry, candidate, i);
    if (overlap <= 0) return;
    const raw = candidate.properties?.[property];
    const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    // Deposition on Dutch land stays well below 100 kg N/ha; 500 bounds it physically.
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 500) {
      throw new GeodataError(
        "GEODATA_MALFORMED",
        `Location dataset ${source}: a feature overlapping the field has ${property} = ${JSON.stringify(raw ?? null)}, which is not a deposition from 0 to 500 kg N/ha`,
        { source, fieldId: options?.fieldId ?? null },
      );
    }
    covered += overlap;
    sum += overlap * value;
  });
  return covered > 0 ? sum / covered : null;
}
