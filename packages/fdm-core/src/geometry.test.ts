import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmError } from "./error.js";
import { addField } from "./field.js";
import { validateGeometry } from "./geometry.js";
import {
  createTestDatabase,
  expectNoWrite,
  seedFarm,
  squareHa,
  type TestDatabase,
} from "./test-setup.js";

// turf's sphere has the mean earth radius, 6,371,008.8 m; the area of a longitude/latitude
// rectangle on it is R² · Δλ · (sin φ2 − sin φ1), a closed form that does not go through the code under test.
const R = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
function rectangleHa(west: number, south: number, east: number, north: number): number {
  return (R * R * rad(east - west) * (Math.sin(rad(north)) - Math.sin(rad(south)))) / 10_000;
}
function rectangle(west: number, south: number, east: number, north: number): number[][] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}
const polygon = (...rings: number[][][]) => ({ type: "Polygon" as const, coordinates: rings });

/** The rectangle's ring drawn with `n` positions: the extra ones along its south edge. */
function denseRectangle(
  west: number,
  south: number,
  east: number,
  north: number,
  n: number,
): number[][] {
  const extra = Array.from({ length: n - 5 }, (_, i) => [
    west + ((east - west) * (i + 1)) / (n - 4),
    south,
  ]);
  return [[west, south], ...extra, [east, south], [east, north], [west, north], [west, south]];
}

/** The south-west corners of `n` disjoint squares of 0.001°, in rows of 10. */
const corners = (n: number) =>
  Array.from({ length: n }, (_, i) => [5.6 + (i % 10) * 0.002, 51.9 + Math.floor(i / 10) * 0.002]);
/** A MultiPolygon of `n` squares, each ring drawn with `positions` positions. */
const squares = (n: number, positions = 5) => ({
  type: "MultiPolygon" as const,
  coordinates: corners(n).map(([w = 0, s = 0]) => [
    denseRectangle(w, s, w + 0.001, s + 0.001, positions),
  ]),
});
/** Their area by the closed form. */
const squaresHa = (n: number) =>
  corners(n).reduce((sum, [w = 0, s = 0]) => sum + rectangleHa(w, s, w + 0.001, s + 0.001), 0);

function refusal(value: unknown): FdmError {
  try {
    validateGeometry(value);
  } catch (err) {
    expect(err).toBeInstanceOf(FdmError);
    const e = err as FdmError;
    expect(e).toMatchObject({ code: "INVALID_INPUT", field: "geometry" });
    expect(e.message).toMatch(/^geometry: /);
    return e;
  }
  throw new Error("expected the geometry to be refused");
}

describe("validateGeometry refuses invalid outlines, naming the rule", () => {
  it("refuses the issue's self-intersecting polygon (not 152.26 ha)", () => {
    const e = refusal(
      polygon([
        [5.66, 51.98],
        [5.7, 52.0],
        [5.7, 51.98],
        [5.66, 51.99],
        [5.66, 51.98],
      ]),
    );
    expect(e.message).toMatch(/self-intersection/i);
    expect(e.message).toMatch(/5\.67\d*, 51\.98\d*/);
  });

  it("refuses a symmetric bowtie as a self-intersection, not as a zero area", () => {
    const e = refusal(
      polygon([
        [5.66, 51.98],
        [5.67, 51.99],
        [5.67, 51.98],
        [5.66, 51.99],
        [5.66, 51.98],
      ]),
    );
    expect(e.message).toMatch(/self-intersection/i);
    expect(e.message).not.toMatch(/area/);
  });

  it("refuses a hole that lies outside its outer ring", () => {
    const shell = squareHa.coordinates[0] ?? [];
    const e = refusal(polygon(shell, rectangle(5.67, 51.98, 5.671, 51.981)));
    expect(e.message).toMatch(/hole.*inside its outer ring/i);
  });

  it("refuses a hole that crosses its outer ring", () => {
    const e = refusal(
      polygon(rectangle(5.66, 51.98, 5.67, 51.99), rectangle(5.665, 51.985, 5.675, 51.986)),
    );
    expect(e.message).toMatch(/self-intersection|cross/i);
  });

  it("refuses holes nested in one another", () => {
    const e = refusal(
      polygon(
        rectangle(5.66, 51.98, 5.67, 51.99),
        rectangle(5.661, 51.981, 5.669, 51.989),
        rectangle(5.662, 51.982, 5.668, 51.988),
      ),
    );
    expect(e.message).toMatch(/holes.*inside one another/i);
  });

  it("refuses a MultiPolygon whose polygons overlap or nest", () => {
    const overlap = refusal({
      type: "MultiPolygon",
      coordinates: [
        [rectangle(5.66, 51.98, 5.67, 51.99)],
        [rectangle(5.665, 51.985, 5.675, 51.995)],
      ],
    });
    expect(overlap.message).toMatch(/self-intersection|cross/i);
    const nested = refusal({
      type: "MultiPolygon",
      coordinates: [
        [rectangle(5.66, 51.98, 5.67, 51.99)],
        [rectangle(5.662, 51.982, 5.668, 51.988)],
      ],
    });
    expect(nested.message).toMatch(/polygons.*inside one another/i);
  });

  it("refuses a third coordinate (2D only), so 1e308 is never stored", () => {
    const ring = (squareHa.coordinates[0] ?? []).map(([x, y]) => [x ?? 0, y ?? 0, 1e308]);
    const e = refusal(polygon(ring));
    expect(e.message).toMatch(/\[longitude, latitude\].*2D/);
    const zeroZ = (squareHa.coordinates[0] ?? []).map(([x, y]) => [x ?? 0, y ?? 0, 0]);
    expect(refusal(polygon(zeroZ)).message).toMatch(/2D/);
  });

  it.each([
    ["a longitude of 180.5", 180.5, 52],
    ["a longitude of -181", -181, 52],
    ["a latitude of 90.1", 5, 90.1],
    ["a latitude of -95", 5, -95],
  ])("refuses %s", (_name, lon, lat) => {
    const e = refusal(polygon(rectangle(lon - 0.001, lat - 0.001, lon, lat)));
    expect(e.message).toMatch(/longitude −180…180.*latitude −90…90/);
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a string", "5.66"],
  ])("refuses a coordinate that is %s", (_name, bad) => {
    const ring: unknown[][] = rectangle(5.66, 51.98, 5.67, 51.99);
    ring[1] = [bad, 51.98];
    expect(refusal(polygon(ring as number[][])).message).toMatch(/finite numbers/);
  });

  it("refuses structural faults with their own rule", () => {
    expect(refusal(null).message).toMatch(/GeoJSON object/);
    expect(refusal({ type: "Point", coordinates: [5, 52] }).message).toMatch(
      /Polygon or MultiPolygon/,
    );
    expect(refusal({ type: "MultiPolygon", coordinates: [] }).message).toMatch(
      /at least one polygon/,
    );
    expect(refusal(polygon()).message).toMatch(/non-empty array of rings/);
    const open = rectangle(5.66, 51.98, 5.67, 51.99).slice(0, 4);
    expect(refusal(polygon(open)).message).toMatch(/at least 4 positions|closed/);
    const unclosed = [...open, [5.661, 51.98]];
    expect(refusal(polygon(unclosed)).message).toMatch(/closed/);
  });

  it("refuses a ring with no area (all positions on a line) as a self-intersection or collapse", () => {
    const e = refusal(
      polygon([
        [5, 52],
        [5.001, 52],
        [5.002, 52],
        [5, 52],
      ]),
    );
    expect(e.message).not.toMatch(/area must be above 0/);
  });

  it("refuses an area above 10,000 ha", () => {
    expect(refusal(polygon(rectangle(5, 52, 6, 53))).message).toMatch(/at most 10000 ha/);
  });

  it("refuses more than 2000 positions and more than 100 polygons, naming the rule; takes the limits themselves", () => {
    const ring2000 = denseRectangle(5.66, 51.98, 5.67, 51.99, 2000);
    expect(ring2000).toHaveLength(2000);
    expect(validateGeometry(polygon(ring2000)).areaHa).toBeCloseTo(
      rectangleHa(5.66, 51.98, 5.67, 51.99),
      6,
    );
    expect(refusal(polygon(denseRectangle(5.66, 51.98, 5.67, 51.99, 2001))).message).toBe(
      "geometry: an outline may hold at most 2000 positions.",
    );
    // the positions of all rings count together: a shell of 1,000 and a hole of 1,001
    const holed = polygon(
      denseRectangle(5.66, 51.98, 5.67, 51.99, 1000),
      denseRectangle(5.662, 51.982, 5.668, 51.988, 1001),
    );
    expect(refusal(holed).message).toMatch(/at most 2000 positions/);

    expect(validateGeometry(squares(100)).areaHa).toBeCloseTo(squaresHa(100), 6);
    expect(refusal(squares(101)).message).toBe(
      "geometry: a MultiPolygon may hold at most 100 polygons.",
    );
  });

  it("takes the largest outline at both limits: 100 polygons of 20 positions each", () => {
    expect(validateGeometry(squares(100, 20)).areaHa).toBeCloseTo(squaresHa(100), 6);
    expect(refusal(squares(100, 21)).message).toMatch(/at most 2000 positions/);
  });

  it("refuses an oversized ring without reading its positions", () => {
    // 2,001 positions of which only the first is a position: the size is refused first
    const ring: unknown[] = Array.from({ length: 2001 }, () => "not a position");
    ring[0] = [5.66, 51.98];
    expect(refusal(polygon(ring as number[][])).message).toMatch(/at most 2000 positions/);
  });
});

describe("validateGeometry keeps the areas of valid fields", () => {
  it("a 100 m × 100 m square is 1.00 ha", () => {
    expect(validateGeometry(squareHa).areaHa).toBeCloseTo(1.0, 2);
  });

  it("a longitude/latitude rectangle has its closed-form spherical area, either orientation", () => {
    const ring = rectangle(5.66, 51.98, 5.68, 51.99);
    const expected = rectangleHa(5.66, 51.98, 5.68, 51.99);
    expect(validateGeometry(polygon(ring)).areaHa).toBeCloseTo(expected, 6);
    expect(validateGeometry(polygon([...ring].reverse())).areaHa).toBeCloseTo(expected, 6);
  });

  it("an L-shaped parcel is the sum of its two rectangles", () => {
    const lShape = [
      [5.66, 51.98],
      [5.68, 51.98],
      [5.68, 51.985],
      [5.67, 51.985],
      [5.67, 51.99],
      [5.66, 51.99],
      [5.66, 51.98],
    ];
    const expected =
      rectangleHa(5.66, 51.98, 5.68, 51.985) + rectangleHa(5.66, 51.985, 5.67, 51.99);
    expect(validateGeometry(polygon(lShape)).areaHa).toBeCloseTo(expected, 6);
  });

  it("a polygon with a hole is the shell minus the hole; a hole touching the shell at one point is valid", () => {
    const expected =
      rectangleHa(5.66, 51.98, 5.68, 51.99) - rectangleHa(5.665, 51.982, 5.67, 51.985);
    const holed = polygon(
      rectangle(5.66, 51.98, 5.68, 51.99),
      rectangle(5.665, 51.982, 5.67, 51.985),
    );
    expect(validateGeometry(holed).areaHa).toBeCloseTo(expected, 6);
    // A triangular hole whose corner lies on the shell's south edge.
    const touching = polygon(rectangle(5.66, 51.98, 5.68, 51.99), [
      [5.67, 51.98],
      [5.672, 51.985],
      [5.668, 51.985],
      [5.67, 51.98],
    ]);
    expect(validateGeometry(touching).areaHa).toBeLessThan(rectangleHa(5.66, 51.98, 5.68, 51.99));
  });

  it("a MultiPolygon of two disjoint parcels, one with a hole, sums them (the field test's 1.75 ha)", () => {
    const [ring] = squareHa.coordinates;
    const shifted = (ring ?? []).map(([x, y]) => [(x ?? 0) + 0.01, y ?? 0]);
    const hole = rectangle(5.66036, 51.98022, 5.66036 + 0.00072925, 51.98022 + 0.00044916);
    const result = validateGeometry({
      type: "MultiPolygon",
      coordinates: [[ring ?? [], hole], [shifted]],
    });
    expect(result.areaHa).toBeCloseTo(1.75, 2);
    expect(result.geometry).toEqual({
      type: "MultiPolygon",
      coordinates: [[ring, hole], [shifted]],
    });
  });

  it("accepts a repeated position (zero-length edge) and returns the geometry without extra members", () => {
    const ring = rectangle(5.66, 51.98, 5.68, 51.99);
    ring.splice(1, 0, [5.66, 51.98]);
    const result = validateGeometry({ ...polygon(ring), bbox: [0, 0, 1, 1] });
    expect(result.geometry).toEqual(polygon(ring));
    expect(result.areaHa).toBeCloseTo(rectangleHa(5.66, 51.98, 5.68, 51.99), 6);
  });
});

describe("addField with an invalid geometry", () => {
  let db: TestDatabase;
  let farmId: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    farmId = (await seedFarm(db.fdm, "grower")).farmId;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("writes nothing and names geometry and the rule", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addField(db.fdm, "grower", farmId, {
        name: "Strik",
        geometry: polygon([
          [5.66, 51.98],
          [5.7, 52.0],
          [5.7, 51.98],
          [5.66, 51.99],
          [5.66, 51.98],
        ]),
        acquiringDate: new Date("2021-03-01"),
        acquiringMethod: "lease",
      }),
    );
    expect(error).toMatchObject({ code: "INVALID_INPUT", field: "geometry" });
    expect((error as Error).message).toMatch(/self-intersection/i);
    expect(after.fields).toBe(before.fields);
  });
});
