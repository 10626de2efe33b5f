import Flatbush from "flatbush";
import { geojson as fgb } from "flatgeobuf";
import { fromFeature } from "flatgeobuf/lib/mjs/geojson/feature.js";
import type { HeaderMeta } from "flatgeobuf/lib/mjs/header-meta.js";
import { HttpReader, type RangeClient } from "flatgeobuf/lib/mjs/http-reader.js";
import type { Feature, GeoJsonProperties, MultiPolygon, Polygon } from "geojson";
// Node reads local files, a browser refuses them: the "browser" condition of package.json's
// "imports" picks the module, so a bundler for the browser never reaches node:fs.
import {
  type LocalFile,
  openLocalFile,
  readLocalFile,
  resolveLocalPath,
} from "#location/local-files";
import { FdmCalculatorError, type FdmCalculatorErrorCode } from "../errors.js";

/** The file formats a location dataset can have. */
export type GeodataFormat = "flatgeobuf" | "geojson";

/**
 * Where a location lookup reads its polygons from.
 *
 * No dataset ships with fdm-calculator: the caller downloads the public map it
 * needs (see the docs page "Running calculations with fdm-calculator"),
 * converts it to WGS84 (EPSG:4326) and names it here.
 */
export interface GeodataOptions {
  /**
   * A local file path, or an `http://` / `https://` URL, of a FlatGeobuf
   * (`.fgb`) or GeoJSON (`.geojson`, `.json`) file in WGS84. A FlatGeobuf file
   * must carry its spatial index (the default of GDAL and of `flatgeobuf`'s
   * `serialize`); a FlatGeobuf URL must be served by a host that answers HTTP
   * range requests.
   */
  source?: string;
  /** The file format; when absent it is taken from the extension of `source`. */
  format?: GeodataFormat;
  /** Identifier of the field, used in error messages. */
  fieldId?: string;
}

/** The subset of {@link FdmCalculatorErrorCode} that {@link GeodataError} uses. */
export type GeodataErrorCode = Extract<
  FdmCalculatorErrorCode,
  "GEODATA_NOT_CONFIGURED" | "GEODATA_UNREADABLE" | "GEODATA_MALFORMED"
>;

/**
 * The error a location lookup throws when its dataset is missing, cannot be
 * read, or holds something it cannot use. It is an {@link FdmCalculatorError},
 * so one `instanceof` check catches it with every other calculator error.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { GeodataError, isFieldInNVGebied } from "fdm-calculator";
 *
 * const field = {
 *   type: "Polygon" as const,
 *   coordinates: [[[5.1, 52.0], [5.11, 52.0], [5.11, 52.01], [5.1, 52.01], [5.1, 52.0]]],
 * };
 * try {
 *   await isFieldInNVGebied(field, {});
 *   assert.fail("expected a refusal");
 * } catch (error) {
 *   assert.ok(error instanceof GeodataError);
 *   assert.equal(error.code, "GEODATA_NOT_CONFIGURED"); // no `source` given
 * }
 * ```
 */
export class GeodataError extends FdmCalculatorError {
  /** Machine-readable reason. */
  declare readonly code: GeodataErrorCode;
  /** The dataset's path or URL, or `null` when none was configured. */
  readonly source: string | null;

  /**
   * Creates the error.
   *
   * @param code - Machine-readable reason.
   * @param message - What is wrong, naming the dataset and the problem.
   * @param options - The dataset's `source`, the `fieldId` concerned and the `cause`, if any.
   * @returns The error.
   * @throws Never.
   * @example
   * ```ts
   * import assert from "node:assert";
   * import { GeodataError } from "fdm-calculator";
   *
   * const error = new GeodataError("GEODATA_MALFORMED", "regions.geojson: not valid JSON", {
   *   source: "regions.geojson",
   * });
   * assert.deepEqual([error.code, error.source], ["GEODATA_MALFORMED", "regions.geojson"]);
   * ```
   */
  constructor(
    code: GeodataErrorCode,
    message: string,
    options: { source?: string | null; fieldId?: string | null; cause?: unknown } = {},
  ) {
    super(code, message, { fieldId: options.fieldId ?? null, cause: options.cause });
    this.name = "GeodataError";
    this.source = options.source ?? null;
  }
}

/** A polygon of a dataset with its properties, as a lookup sees it. */
export type GeodataFeature = Feature<Polygon | MultiPolygon, GeoJsonProperties>;

/** A bounding box in degrees: west, south, east, north. */
export type BBox = [number, number, number, number];

interface LoadedDataset {
  features: GeodataFeature[];
  index: Flatbush | null;
}

// Datasets read whole, with their Flatbush index, per resolved path or URL.
const datasetCache = new Map<string, Promise<LoadedDataset>>();

/**
 * Forgets every dataset the location lookups have kept in memory.
 *
 * A GeoJSON dataset, and a FlatGeobuf file written without a spatial index,
 * is read, parsed and indexed (a Flatbush R-tree) once per source (resolved
 * file path or URL) and kept in memory for later lookups, so that a farm's
 * fields are looked up without re-reading the file. Call this after replacing
 * a dataset file, or to free the memory. A FlatGeobuf file with its spatial
 * index (GDAL writes one by default) is not cached: each lookup reads only its
 * header, the index nodes it needs and the matching features.
 *
 * @returns Nothing.
 * @throws Never.
 * @example
 * ```ts
 * import { clearGeodataCache } from "fdm-calculator";
 *
 * clearGeodataCache();
 * ```
 */
export function clearGeodataCache(): void {
  datasetCache.clear();
}

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

function cacheKey(source: string): string {
  return isUrl(source) ? source : resolveLocalPath(source);
}

function detectFormat(source: string, format: GeodataFormat | undefined): GeodataFormat {
  if (format !== undefined) {
    if (format !== "flatgeobuf" && format !== "geojson") {
      throw new FdmCalculatorError(
        "INVALID_INPUT",
        `Location dataset ${source}: format must be "flatgeobuf" or "geojson", got ${JSON.stringify(format)}`,
      );
    }
    return format;
  }
  const path = isUrl(source) ? new URL(source).pathname : source;
  const lower = path.toLowerCase();
  if (lower.endsWith(".fgb")) return "flatgeobuf";
  if (lower.endsWith(".geojson") || lower.endsWith(".json")) return "geojson";
  throw new FdmCalculatorError(
    "INVALID_INPUT",
    `Location dataset ${source}: cannot tell the format from the name (expected .fgb, .geojson or .json); set options.format`,
  );
}

/**
 * Checks that a location lookup was given a dataset and returns its source.
 *
 * @param options - The lookup's options.
 * @param lookup - The lookup's name, for the message.
 * @returns The source and its format.
 * @throws {GeodataError} `GEODATA_NOT_CONFIGURED` when there is no source.
 */
export function requireSource(
  options: GeodataOptions | undefined,
  lookup: string,
): { source: string; format: GeodataFormat } {
  const source = options?.source;
  if (typeof source !== "string" || source.trim() === "") {
    throw new GeodataError(
      "GEODATA_NOT_CONFIGURED",
      `${lookup}: no dataset configured; pass options.source with the path or URL of a FlatGeobuf or GeoJSON file (fdm-calculator bundles no geodata)`,
      { fieldId: options?.fieldId ?? null },
    );
  }
  return { source, format: detectFormat(source, options?.format) };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function malformed(source: string, problem: string, cause?: unknown): GeodataError {
  return new GeodataError("GEODATA_MALFORMED", `Location dataset ${source}: ${problem}`, {
    source,
    cause,
  });
}

function isPosition(value: unknown): value is number[] {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    typeof value[0] === "number" &&
    typeof value[1] === "number" &&
    Number.isFinite(value[0]) &&
    Number.isFinite(value[1])
  );
}

function checkRings(rings: unknown): string | null {
  if (!Array.isArray(rings) || rings.length === 0) return "a polygon needs at least one ring";
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4) return "a ring needs at least 4 positions";
    for (const position of ring) {
      if (!isPosition(position)) return "a position is not a pair of finite numbers";
      const [lon, lat] = position as [number, number];
      if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
        return `position [${lon}, ${lat}] lies outside WGS84 longitude/latitude (is the file in another CRS, such as RD New?)`;
      }
    }
    const first = ring[0] as number[];
    const last = ring[ring.length - 1] as number[];
    if (first[0] !== last[0] || first[1] !== last[1]) return "a ring is not closed";
  }
  return null;
}

/**
 * Checks a GeoJSON geometry is a well-formed WGS84 Polygon or MultiPolygon.
 *
 * @param geometry - Any value.
 * @returns `null` when it is one, otherwise what is wrong.
 * @throws Never.
 */
export function checkPolygonal(geometry: unknown): string | null {
  if (typeof geometry !== "object" || geometry === null) {
    return "geometry is missing";
  }
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type === "Polygon") return checkRings(coordinates);
  if (type === "MultiPolygon") {
    if (!Array.isArray(coordinates) || coordinates.length === 0) {
      return "a MultiPolygon needs at least one polygon";
    }
    for (const polygon of coordinates) {
      const problem = checkRings(polygon);
      if (problem !== null) return problem;
    }
    return null;
  }
  return `geometry type is ${JSON.stringify(type)}; expected Polygon or MultiPolygon`;
}

/**
 * The bounding box of a Polygon or MultiPolygon.
 *
 * @param geometry - A checked Polygon or MultiPolygon.
 * @returns West, south, east, north in degrees.
 * @throws Never.
 */
export function bboxOf(geometry: Polygon | MultiPolygon): BBox {
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (const [lon, lat] of ring as [number, number][]) {
        if (lon < box[0]) box[0] = lon;
        if (lat < box[1]) box[1] = lat;
        if (lon > box[2]) box[2] = lon;
        if (lat > box[3]) box[3] = lat;
      }
    }
  }
  return box;
}

function checkCrsMember(source: string, crs: unknown): void {
  if (crs === undefined || crs === null) return;
  const name = (crs as { properties?: { name?: unknown } }).properties?.name;
  if (typeof name === "string" && /(CRS84|EPSG:+4326)$/i.test(name)) return;
  throw malformed(
    source,
    `the "crs" member names ${JSON.stringify(name ?? crs)}; only WGS84 longitude/latitude (EPSG:4326) is read — reproject the file first`,
  );
}

function indexFeatures(features: GeodataFeature[]): LoadedDataset {
  if (features.length === 0) return { features, index: null };
  const index = new Flatbush(features.length);
  for (const feature of features) {
    const [w, s, e, n] = bboxOf(feature.geometry);
    index.add(w, s, e, n);
  }
  index.finish();
  return { features, index };
}

function parseGeoJson(source: string, bytes: Uint8Array): GeodataFeature[] {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw malformed(source, `not valid JSON (${describe(error)})`, error);
  }
  if (
    typeof data !== "object" ||
    data === null ||
    (data as { type?: unknown }).type !== "FeatureCollection" ||
    !Array.isArray((data as { features?: unknown }).features)
  ) {
    throw malformed(
      source,
      'not a GeoJSON FeatureCollection (expected "type": "FeatureCollection" and a "features" array)',
    );
  }
  checkCrsMember(source, (data as { crs?: unknown }).crs);
  return (data as { features: unknown[] }).features.map((item, i) => {
    const problem =
      typeof item === "object" && item !== null && (item as { type?: unknown }).type === "Feature"
        ? checkPolygonal((item as { geometry?: unknown }).geometry)
        : 'it is not a GeoJSON Feature ("type": "Feature")';
    if (problem !== null) throw malformed(source, `feature ${i}: ${problem}`);
    const feature = item as GeodataFeature;
    return { type: "Feature", geometry: feature.geometry, properties: feature.properties ?? {} };
  });
}

async function parseFlatGeobuf(source: string, bytes: Uint8Array): Promise<GeodataFeature[]> {
  const features: GeodataFeature[] = [];
  try {
    const all = fgb.deserialize(bytes, {
      headerMetaFn: (header: HeaderMeta) => checkFgbHeader(source, header),
    });
    for await (const feature of all) {
      features.push(toGeodataFeature(source, feature, features.length));
    }
  } catch (error) {
    if (error instanceof GeodataError) throw error;
    throw malformed(source, `not a readable FlatGeobuf file (${describe(error)})`, error);
  }
  return features;
}

async function readSource(source: string): Promise<Uint8Array> {
  if (isUrl(source)) {
    let response: Response;
    try {
      response = await fetch(source);
    } catch (error) {
      throw new GeodataError(
        "GEODATA_UNREADABLE",
        `Location dataset ${source}: could not be fetched (${describe(error)})`,
        {
          source,
          cause: error,
        },
      );
    }
    if (!response.ok) {
      throw new GeodataError(
        "GEODATA_UNREADABLE",
        `Location dataset ${source}: the server answered HTTP ${response.status}`,
        {
          source,
        },
      );
    }
    return new Uint8Array(await response.arrayBuffer());
  }
  try {
    return await readLocalFile(source);
  } catch (error) {
    throw new GeodataError(
      "GEODATA_UNREADABLE",
      `Location dataset ${source}: could not be read (${describe(error)})`,
      {
        source,
        cause: error,
      },
    );
  }
}

function loadWhole(source: string, format: GeodataFormat): Promise<LoadedDataset> {
  const key = `${format}:${cacheKey(source)}`;
  let loaded = datasetCache.get(key);
  if (loaded === undefined) {
    loaded = readSource(source)
      .then((bytes) =>
        format === "geojson" ? parseGeoJson(source, bytes) : parseFlatGeobuf(source, bytes),
      )
      .then(indexFeatures);
    datasetCache.set(key, loaded);
    // A failed load is not kept: the next lookup tries again.
    loaded.catch(() => datasetCache.delete(key));
  }
  return loaded;
}

// Serves byte ranges of a local file to flatgeobuf's index-aware reader, so
// that only the header, the index nodes and the matching features are read.
class FileRangeClient implements RangeClient {
  constructor(private readonly handle: LocalFile) {}

  async getRange(begin: number, length: number): Promise<ArrayBuffer> {
    const bytes = new Uint8Array(length);
    const { bytesRead } = await this.handle.read(bytes, 0, length, begin);
    return bytes.buffer.slice(0, bytesRead);
  }
}

function checkFgbHeader(source: string, header: HeaderMeta): void {
  const code = header.crs?.code ?? 0;
  if (code !== 0 && code !== 4326) {
    const org = header.crs?.org ?? "EPSG";
    throw malformed(
      source,
      `the file is in ${org}:${code}; only WGS84 longitude/latitude (EPSG:4326) is read — reproject it first (e.g. ogr2ogr -t_srs EPSG:4326)`,
    );
  }
}

function toGeodataFeature(source: string, feature: Feature, id: number): GeodataFeature {
  const problem = checkPolygonal(feature.geometry);
  if (problem !== null) throw malformed(source, `feature ${id}: ${problem}`);
  return {
    type: "Feature",
    geometry: feature.geometry as Polygon | MultiPolygon,
    properties: feature.properties ?? {},
  };
}

// flatgeobuf's reader refuses a file without a spatial index with this message.
const NO_INDEX = /No index found/;

async function queryIndexedFlatGeobuf(source: string, box: BBox): Promise<GeodataFeature[] | null> {
  const rect = { minX: box[0], minY: box[1], maxX: box[2], maxY: box[3] };
  let handle: LocalFile | null = null;
  if (!isUrl(source)) {
    try {
      handle = await openLocalFile(source);
    } catch (error) {
      throw new GeodataError(
        "GEODATA_UNREADABLE",
        `Location dataset ${source}: could not be read (${describe(error)})`,
        {
          source,
          cause: error,
        },
      );
    }
  }
  let opened = false;
  try {
    const reader =
      handle === null
        ? await HttpReader.open(source, false)
        : await HttpReader.openSource(new FileRangeClient(handle));
    opened = true;
    checkFgbHeader(source, reader.header);
    const found: GeodataFeature[] = [];
    for await (const { id, feature } of reader.selectBbox(rect)) {
      found.push(toGeodataFeature(source, fromFeature(id, feature, reader.header), id));
    }
    return found;
  } catch (error) {
    if (error instanceof GeodataError) throw error;
    const message = describe(error);
    if (!opened && NO_INDEX.test(message)) return null;
    // flatgeobuf reports a failed range request as "HTTP request failed: <status> <text>".
    if (handle === null && /HTTP request failed|fetch failed/i.test(message)) {
      throw new GeodataError(
        "GEODATA_UNREADABLE",
        `Location dataset ${source}: could not be fetched (${message})`,
        {
          source,
          cause: error,
        },
      );
    }
    throw malformed(source, `not a readable FlatGeobuf file (${message})`, error);
  } finally {
    await handle?.close();
  }
}

/**
 * Returns the dataset's polygons whose bounding box meets `box`, through the
 * dataset's spatial index: the packed R-tree inside a FlatGeobuf file, or a
 * Flatbush index built once for a GeoJSON file (and for a FlatGeobuf file
 * written without an index).
 *
 * @param source - Path or URL of the dataset.
 * @param format - Its format.
 * @param box - The area of interest.
 * @returns The candidate polygons, in no particular order.
 * @throws {GeodataError} When the dataset cannot be read or is malformed.
 */
export async function queryGeodata(
  source: string,
  format: GeodataFormat,
  box: BBox,
): Promise<GeodataFeature[]> {
  if (format === "flatgeobuf") {
    const found = await queryIndexedFlatGeobuf(source, box);
    if (found !== null) return found;
  }
  const { features, index } = await loadWhole(source, format);
  if (index === null) return [];
  return index.search(box[0], box[1], box[2], box[3]).map((i) => features[i] as GeodataFeature);
}
