// A field's outline is checked with JSTS (the JavaScript port of the JTS Topology Suite): its
// IsValidOp applies the OGC Simple Features rules and names the one that fails, which no
// hand-written check here has to re-derive. Only the GeoJSON shape, the coordinate ranges and
// the size limits, which JSTS does not know about, are checked before it. Deep imports keep the
// bundle to the validity code (about 44 KB gzip, no Node built-ins).
//
// The check is split in two so that callers can decide access in between: the shape check
// (checkGeometryShape) reads each position at most once and stops at the size limits; the
// topology check (checkGeometryTopology) is the costly one and runs only for a caller that
// may write the field.
import { area as turfArea } from "@turf/area";
import GeometryFactory from "jsts/org/locationtech/jts/geom/GeometryFactory.js";
import GeoJSONReader from "jsts/org/locationtech/jts/io/GeoJSONReader.js";
import IsValidOp from "jsts/org/locationtech/jts/operation/valid/IsValidOp.js";
import TopologyValidationError from "jsts/org/locationtech/jts/operation/valid/TopologyValidationError.js";
import { FdmError } from "./error.js";
import type { FieldGeometry } from "./schema.js";

/** The largest field: 10,000 ha (100 km²), far above any Dutch parcel. */
const MAX_FIELD_HA = 10_000;
/**
 * At most this many polygons in one field's MultiPolygon: a real field is a handful. JSTS's
 * check of a MultiPolygon grows with the square of its polygon count (6,000 squares took 12 s,
 * 19,999 about 260 s); 100 squares of 20 positions take about 16 ms of CPU time.
 */
const MAX_POLYGONS = 100;
/**
 * At most this many positions in one field's outline (all rings together). JSTS's sweep line
 * compares every pair of edges that overlap in longitude, so its cost grows with the square
 * of the positions for an outline whose edges lie side by side: a comb, a narrow north–south
 * strip drawn with many positions, a column of holes. The slowest such outlines of 2,000
 * positions take 0.16–0.25 s of CPU time (10,000 positions: 3.8 s), a round one under 5 ms
 * (`npx tsx bench/geometry.ts`, on a busy 2-core machine, where the wall clock was 0.6–0.9 s).
 */
const MAX_POSITIONS = 2_000;

function invalidGeometry(rule: string): FdmError {
  return new FdmError("INVALID_INPUT", `geometry: ${rule}.`, { field: "geometry" });
}

const reader = new GeoJSONReader(new GeometryFactory());

const E = TopologyValidationError;
/** The rule behind each JSTS validation error, in the words an error message uses. */
const ruleOf: Record<number, string> = {
  [E.SELF_INTERSECTION]: "its rings must not cross or overlap (self-intersection)",
  [E.RING_SELF_INTERSECTION]: "a ring must not touch itself (ring self-intersection)",
  [E.HOLE_OUTSIDE_SHELL]: "each hole must lie inside its outer ring (hole outside shell)",
  [E.NESTED_HOLES]: "holes must not lie inside one another (nested holes)",
  [E.DISCONNECTED_INTERIOR]: "holes must not split a polygon in parts (disconnected interior)",
  [E.NESTED_SHELLS]:
    "the polygons of a MultiPolygon must not lie inside one another (nested shells)",
  [E.DUPLICATE_RINGS]: "a ring must not be repeated (duplicate rings)",
  [E.TOO_FEW_POINTS]: "each ring needs at least 3 distinct positions (too few points)",
  [E.RING_NOT_CLOSED]: "each ring must be closed (first position equal to the last)",
  [E.INVALID_COORDINATE]: "positions must be finite numbers (invalid coordinate)",
};

function checkRing(ring: unknown, where: string): number {
  if (!Array.isArray(ring) || ring.length < 4) {
    throw invalidGeometry(`${where} must be an array of at least 4 positions`);
  }
  for (const pos of ring) {
    if (!Array.isArray(pos) || pos.length !== 2) {
      // RFC 7946 allows an altitude; a field's outline has none, so a third coordinate is refused, not dropped.
      throw invalidGeometry(
        `${where}: each position must be [longitude, latitude] (2D, no third coordinate)`,
      );
    }
    const [lon, lat] = pos as unknown[];
    if (
      typeof lon !== "number" ||
      typeof lat !== "number" ||
      !Number.isFinite(lon) ||
      !Number.isFinite(lat)
    ) {
      throw invalidGeometry(`${where}: longitude and latitude must be finite numbers`);
    }
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
      throw invalidGeometry(`${where} has a position outside longitude −180…180 / latitude −90…90`);
    }
  }
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    throw invalidGeometry(`${where} must be closed (first position equal to the last)`);
  }
  return ring.length;
}

/** A field's outline whose GeoJSON shape and size are checked, not yet its topology. */
export interface ShapedGeometry {
  /** The geometry with only its `type` and `coordinates`. */
  geometry: FieldGeometry;
  /** How many positions its rings hold together. */
  positions: number;
}

/**
 * Checks the GeoJSON shape of a field's outline: a Polygon or MultiPolygon of at most 100
 * polygons and 2,000 positions, each position `[longitude, latitude]` in range, each ring
 * closed. Reads each position at most once and stops at the limits, so that its cost is
 * bounded whatever the input; the topology is left to {@link checkGeometryTopology}.
 *
 * @param value - The geometry as given by the caller.
 * @returns The geometry with only its `type` and `coordinates`, and its number of positions.
 * @throws {FdmError} `INVALID_INPUT` with `field: "geometry"` and a message naming the rule.
 */
export function checkGeometryShape(value: unknown): ShapedGeometry {
  if (typeof value !== "object" || value === null)
    throw invalidGeometry("must be a GeoJSON object");
  const g = value as { type?: unknown; coordinates?: unknown };
  let polygons: unknown[];
  if (g.type === "Polygon") polygons = [g.coordinates];
  else if (g.type === "MultiPolygon" && Array.isArray(g.coordinates)) polygons = g.coordinates;
  else throw invalidGeometry("type must be Polygon or MultiPolygon");
  if (polygons.length === 0) throw invalidGeometry("a MultiPolygon must hold at least one polygon");
  if (polygons.length > MAX_POLYGONS) {
    throw invalidGeometry(`a MultiPolygon may hold at most ${MAX_POLYGONS} polygons`);
  }
  let positions = 0;
  polygons.forEach((poly, p) => {
    if (!Array.isArray(poly) || poly.length === 0) {
      throw invalidGeometry(`polygon ${p} must be a non-empty array of rings`);
    }
    poly.forEach((ring, r) => {
      // counted before the ring is read, so that an oversized ring is not read at all
      if (Array.isArray(ring) && positions + ring.length > MAX_POSITIONS) {
        throw invalidGeometry(`an outline may hold at most ${MAX_POSITIONS} positions`);
      }
      positions += checkRing(ring, `ring ${r} of polygon ${p}`);
    });
  });
  return { geometry: { type: g.type, coordinates: g.coordinates } as FieldGeometry, positions };
}

/**
 * Checks the topology of an outline whose shape {@link checkGeometryShape} accepted, and
 * computes its area. This is the costly part (up to about 0.4 s at the limits, see
 * {@link MAX_POSITIONS}): run it only after access is granted.
 *
 * @param geometry - An outline as returned by {@link checkGeometryShape}.
 * @returns Its geodesic area in hectares (turf, on a sphere of the mean earth radius).
 * @throws {FdmError} `INVALID_INPUT` with `field: "geometry"` and a message naming the rule
 *   that failed (and, for a topology fault, the position near it).
 */
export function checkGeometryTopology(geometry: FieldGeometry): number {
  const fault = new IsValidOp(reader.read(geometry)).getValidationError();
  if (fault) {
    const rule =
      ruleOf[fault.getErrorType()] ?? `it must be a valid polygon (${fault.getMessage()})`;
    const at = fault.getCoordinate();
    throw invalidGeometry(at ? `${rule} near ${at.x}, ${at.y}` : rule);
  }
  const areaHa = turfArea(geometry) / 10_000;
  if (!(areaHa > 0) || areaHa > MAX_FIELD_HA) {
    throw invalidGeometry(`its area must be above 0 ha and at most ${MAX_FIELD_HA} ha`);
  }
  return areaHa;
}

/**
 * Checks a field's outline and computes its area: {@link checkGeometryShape}, then
 * {@link checkGeometryTopology}.
 *
 * The outline must be a GeoJSON Polygon or MultiPolygon in WGS 84 whose positions are
 * `[longitude, latitude]` (2D: a third coordinate is refused) within −180…180 / −90…90, with at
 * most 100 polygons and 2,000 positions (all rings together), valid by the OGC Simple Features
 * rules as JSTS checks them (closed simple rings, holes inside their outer ring and not nested,
 * polygons of a MultiPolygon not overlapping), and an area above 0 and at most 10,000 ha.
 *
 * @param value - The geometry as given by the caller.
 * @returns The geometry with only its `type` and `coordinates`, and its geodesic area in
 *   hectares (turf, on a sphere of the mean earth radius).
 * @throws {FdmError} `INVALID_INPUT` with `field: "geometry"` and a message naming the rule
 *   that failed (and, for a topology fault, the position near it).
 */
export function validateGeometry(value: unknown): { geometry: FieldGeometry; areaHa: number } {
  const { geometry } = checkGeometryShape(value);
  return { geometry, areaHa: checkGeometryTopology(geometry) };
}
