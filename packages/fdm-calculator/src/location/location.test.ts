import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { geojson as fgb } from "flatgeobuf";
import { generateLevelBounds } from "flatgeobuf/lib/mjs/packedrtree.js";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FdmCalculatorError } from "../errors.js";
import { clearGeodataCache, GeodataError } from "./geodata.js";
import {
  type FieldGeometry,
  getDeposition,
  getRegion,
  isFieldInGWGBGebied,
  isFieldInNVGebied,
} from "./location.js";

// An axis-aligned lon/lat rectangle. On the sphere its area is proportional to
// (east - west) × (sin north − sin south), so two rectangles in the same
// latitude band compare by their longitude widths alone: the expected shares
// below follow from the widths.
function rect(west: number, south: number, east: number, north: number): Polygon {
  return {
    type: "Polygon",
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

function feature(
  geometry: Polygon | MultiPolygon,
  properties: Record<string, string | number>,
): Feature {
  return { type: "Feature", geometry, properties };
}

function collection(features: Feature[]): FeatureCollection {
  return { type: "FeatureCollection", features };
}

type Box = [number, number, number, number];

function boxOf(geometry: Polygon | MultiPolygon): Box {
  const rings = geometry.type === "Polygon" ? geometry.coordinates : geometry.coordinates.flat();
  const points = rings.flat() as [number, number][];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

// flatgeobuf's serialize writes no spatial index, while GDAL's FlatGeobuf
// driver writes one by default. To test the indexed read path, this adds a
// packed R-tree (node size 16) to serialize's output, as the format describes:
// the header's index_node_size field (vtable slot 22) set to 16, then the tree,
// root first, leaves last; a leaf points at its feature's byte offset, a parent
// at its first child's node index.
function serializeWithIndex(features: Feature[], crsCode = 4326): Uint8Array {
  const plain = fgb.serialize(collection(features), crsCode);
  const view = new DataView(plain.buffer, plain.byteOffset, plain.byteLength);
  const headerLength = view.getUint32(8, true);
  const table = 12 + view.getUint32(12, true);
  const vtable = table - view.getInt32(table, true);
  const slot = view.getUint16(vtable + 22, true);
  if (slot === 0) throw new Error("serialize stored no index_node_size field");
  view.setUint16(table + slot, 16, true);

  const featuresStart = 12 + headerLength;
  const offsets: number[] = [];
  for (let at = featuresStart; at < plain.length; at += 4 + view.getUint32(at, true)) {
    offsets.push(at - featuresStart);
  }
  const levels = generateLevelBounds(features.length, 16);
  const nodeCount = (levels[0] as [number, number])[1];
  const boxes: Box[] = new Array(nodeCount);
  const pointers: number[] = new Array(nodeCount);
  const [leafStart] = levels[0] as [number, number];
  features.forEach((item, i) => {
    boxes[leafStart + i] = boxOf(item.geometry as Polygon);
    pointers[leafStart + i] = offsets[i] as number;
  });
  for (let level = 1; level < levels.length; level++) {
    const [childStart, childEnd] = levels[level - 1] as [number, number];
    const [parentStart] = levels[level] as [number, number];
    for (let child = childStart; child < childEnd; child++) {
      const parent = parentStart + Math.floor((child - childStart) / 16);
      const box = boxes[child] as Box;
      const current = boxes[parent];
      boxes[parent] = current
        ? [
            Math.min(current[0], box[0]),
            Math.min(current[1], box[1]),
            Math.max(current[2], box[2]),
            Math.max(current[3], box[3]),
          ]
        : [...box];
      if (pointers[parent] === undefined) pointers[parent] = child;
    }
  }
  const tree = new DataView(new ArrayBuffer(nodeCount * 40));
  for (let i = 0; i < nodeCount; i++) {
    const [minX, minY, maxX, maxY] = boxes[i] as Box;
    tree.setFloat64(i * 40, minX, true);
    tree.setFloat64(i * 40 + 8, minY, true);
    tree.setFloat64(i * 40 + 16, maxX, true);
    tree.setFloat64(i * 40 + 24, maxY, true);
    tree.setBigUint64(i * 40 + 32, BigInt(pointers[i] as number), true);
  }
  const out = new Uint8Array(plain.length + tree.byteLength);
  out.set(plain.subarray(0, featuresStart));
  out.set(new Uint8Array(tree.buffer), featuresStart);
  out.set(plain.subarray(featuresStart), featuresStart + tree.byteLength);
  return out;
}

// Region map: klei west of 5.1°E, zand_nwc east of it (both 52.0–52.1°N), veen far away.
const regionFeatures = [
  feature(rect(5.0, 52.0, 5.1, 52.1), { region: "klei" }),
  feature(rect(5.1, 52.0, 5.2, 52.1), { region: "zand_nwc" }),
  feature(rect(6.0, 53.0, 6.1, 53.1), { region: "veen" }),
];
// Area map (NV-gebied or GWBG): one block, 5.0–5.1°E × 52.0–52.1°N.
const areaFeatures = [feature(rect(5.0, 52.0, 5.1, 52.1), { name: "gebied" })];

// Fields, all 52.02–52.04°N.
const inside = rect(5.02, 52.02, 5.04, 52.04);
const outside = rect(5.5, 52.5, 5.52, 52.52);
const insideOnBorder = rect(5.08, 52.02, 5.1, 52.04); // east side on the klei/zand border
const outsideOnBorder = rect(4.98, 52.02, 5.0, 52.04); // east side on the west edge of the map
const oneThirdKlei = rect(5.09, 52.02, 5.12, 52.04); // 0.01° klei, 0.02° zand
const halfHalf = rect(5.09, 52.02, 5.11, 52.04); // 0.01° on each side

// The byte length (without its 4-byte size prefix) of the last feature of an indexed file.
function serializeLastFeatureLength(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const featuresStart =
    12 + view.getUint32(8, true) + (generateLevelBounds(3, 16)[0] as [number, number])[1] * 40;
  let last = 0;
  for (let at = featuresStart; at < bytes.length; at += 4 + view.getUint32(at, true))
    last = view.getUint32(at, true);
  return last;
}

let dir: string;
let server: Server;
let baseUrl: string;
const served = new Map<string, Uint8Array>();
let bytesServed = 0;

beforeAll(async () => {
  // flatgeobuf logs every range request with console.debug.
  vi.spyOn(console, "debug").mockImplementation(() => {});
  dir = await mkdtemp(join(tmpdir(), "fdm-location-"));
  const files: Record<string, string | Uint8Array> = {
    "regions.geojson": JSON.stringify(collection(regionFeatures)),
    "regions.fgb": serializeWithIndex(regionFeatures),
    "regions-no-index.fgb": fgb.serialize(collection(regionFeatures)),
    "area.geojson": JSON.stringify(collection(areaFeatures)),
    "area.fgb": serializeWithIndex(areaFeatures),
    "area-no-index.fgb": fgb.serialize(collection(areaFeatures), 4326),
    "broken.geojson": '{"type": "FeatureCollection", "features": [',
    "not-a-collection.geojson": JSON.stringify(feature(rect(5, 52, 5.1, 52.1), { region: "klei" })),
    "point.geojson": JSON.stringify(
      collection([
        { type: "Feature", geometry: { type: "Point", coordinates: [5, 52] }, properties: {} },
      ]),
    ),
    "rd-new.geojson": JSON.stringify(
      collection([feature(rect(150000, 450000, 151000, 451000), { region: "klei" })]),
    ),
    "rd-new.fgb": serializeWithIndex(areaFeatures, 28992),
    "broken.fgb": new TextEncoder().encode("this is not a FlatGeobuf file at all"),
    "bad-region.geojson": JSON.stringify(
      collection([feature(rect(5.0, 52.0, 5.1, 52.1), { region: "sand" })]),
    ),
    // Deposition: 20 kg N/ha west of 5.1, 30 east of it, up to 5.2; one bad value further east.
    "deposition.geojson": JSON.stringify(
      collection([
        feature(rect(5.0, 52.0, 5.1, 52.1), { deposition: 20 }),
        feature(rect(5.1, 52.0, 5.2, 52.1), { deposition: 30, ntot: "31.5" }),
        feature(rect(5.3, 52.0, 5.4, 52.1), { deposition: -4 }),
      ]),
    ),
    "grondsoort.geojson": JSON.stringify(
      collection([
        feature(rect(5.0, 52.0, 5.1, 52.1), { GRONDSOORT: "Klei" }),
        feature(rect(5.1, 52.0, 5.2, 52.1), { GRONDSOORT: "Zuidelijk zand" }),
      ]),
    ),
  };
  for (const [name, content] of Object.entries(files)) {
    await writeFile(join(dir, name), content);
    served.set(
      `/${name}`,
      typeof content === "string" ? new TextEncoder().encode(content) : content,
    );
  }
  // A large area map for the spatial-index test: 40 × 40 small blocks.
  const grid: Feature[] = [];
  for (let i = 0; i < 40; i++) {
    for (let j = 0; j < 40; j++) {
      grid.push(
        feature(rect(4 + i * 0.05, 51 + j * 0.05, 4.05 + i * 0.05, 51.05 + j * 0.05), {
          name: `b${i}-${j}`,
        }),
      );
    }
  }
  served.set("/grid.fgb", serializeWithIndex(grid));

  server = createServer((request, response) => {
    const body = served.get(request.url ?? "");
    if (body === undefined) {
      response.writeHead(404).end("not found");
      return;
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
    if (range === null) {
      bytesServed += body.length;
      response.writeHead(200, { "Content-Length": body.length }).end(body);
      return;
    }
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), body.length - 1);
    const part = body.subarray(start, end + 1);
    bytesServed += part.length;
    response
      .writeHead(206, {
        "Content-Range": `bytes ${start}-${end}/${body.length}`,
        "Content-Length": part.length,
      })
      .end(part);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await rm(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

beforeEach(() => clearGeodataCache());

const file = (name: string) => join(dir, name);

describe.each([
  ["GeoJSON file", () => file("regions.geojson"), () => file("area.geojson")],
  ["FlatGeobuf file", () => file("regions.fgb"), () => file("area.fgb")],
  [
    "FlatGeobuf file without index",
    () => file("regions-no-index.fgb"),
    () => file("area-no-index.fgb"),
  ],
  ["GeoJSON URL", () => `${baseUrl}/regions.geojson`, () => `${baseUrl}/area.geojson`],
  ["FlatGeobuf URL", () => `${baseUrl}/regions.fgb`, () => `${baseUrl}/area.fgb`],
  [
    "FlatGeobuf URL without index",
    () => `${baseUrl}/regions-no-index.fgb`,
    () => `${baseUrl}/area-no-index.fgb`,
  ],
])("lookups from a %s", (_kind, regions, areas) => {
  it("getRegion: a field inside one region gets that region", async () => {
    expect(await getRegion(inside, { source: regions() })).toBe("klei");
  });
  it("getRegion: a field outside every region gets null", async () => {
    expect(await getRegion(outside, { source: regions() })).toBeNull();
  });
  it("getRegion: a field inside, with one side on the border with the next region, keeps its region", async () => {
    expect(await getRegion(insideOnBorder, { source: regions() })).toBe("klei");
  });
  it("getRegion: a field touching the map only along its edge lies outside it", async () => {
    expect(await getRegion(outsideOnBorder, { source: regions() })).toBeNull();
  });
  it("getRegion: a straddling field gets the region with the largest share (2/3 zand over 1/3 klei)", async () => {
    expect(await getRegion(oneThirdKlei, { source: regions() })).toBe("zand_nwc");
  });
  it("getRegion: an exact half-half split goes to the region listed first (klei before zand_nwc)", async () => {
    expect(await getRegion(halfHalf, { source: regions() })).toBe("klei");
  });
  it("area lookups: inside is true, outside and touching the edge are false", async () => {
    expect(await isFieldInNVGebied(inside, { source: areas() })).toBe(true);
    expect(await isFieldInGWGBGebied(inside, { source: areas() })).toBe(true);
    expect(await isFieldInNVGebied(outside, { source: areas() })).toBe(false);
    expect(await isFieldInGWGBGebied(outsideOnBorder, { source: areas() })).toBe(false);
    expect(await isFieldInNVGebied(insideOnBorder, { source: areas() })).toBe(true);
  });
  it("area lookups: exactly half inside is true; 47.5 % is false; 52.5 % is true", async () => {
    expect(await isFieldInNVGebied(halfHalf, { source: areas() })).toBe(true);
    // 5.0905–5.1105: 0.0095 of 0.02 inside = 0.475.
    expect(await isFieldInNVGebied(rect(5.0905, 52.02, 5.1105, 52.04), { source: areas() })).toBe(
      false,
    );
    // 5.0895–5.1095: 0.0105 of 0.02 inside = 0.525.
    expect(await isFieldInGWGBGebied(rect(5.0895, 52.02, 5.1095, 52.04), { source: areas() })).toBe(
      true,
    );
  });
});

describe("field geometry and options", () => {
  it("a MultiPolygon field with two equal parts, one inside and one outside, is half inside", async () => {
    const field: MultiPolygon = {
      type: "MultiPolygon",
      coordinates: [
        rect(5.02, 52.02, 5.03, 52.04).coordinates,
        rect(5.3, 52.02, 5.31, 52.04).coordinates,
      ],
    };
    expect(await isFieldInNVGebied(field, { source: file("area.geojson") })).toBe(true);
    expect(
      await isFieldInNVGebied(field, { source: file("area.geojson"), minimumShare: 0.6 }),
    ).toBe(false);
    expect(await getRegion(field, { source: file("regions.geojson") })).toBe("klei");
  });
  it("minimumShare lowers or raises the bar", async () => {
    const field = rect(5.0905, 52.02, 5.1105, 52.04); // 47.5 % inside
    expect(await isFieldInNVGebied(field, { source: file("area.fgb"), minimumShare: 0.475 })).toBe(
      true,
    );
    expect(await isFieldInNVGebied(field, { source: file("area.fgb"), minimumShare: 0.01 })).toBe(
      true,
    );
    expect(await isFieldInNVGebied(inside, { source: file("area.fgb"), minimumShare: 1 })).toBe(
      true,
    );
    expect(await isFieldInNVGebied(halfHalf, { source: file("area.fgb"), minimumShare: 1 })).toBe(
      false,
    );
  });
  it("rejects a minimumShare outside (0, 1]", async () => {
    for (const minimumShare of [0, -0.1, 1.5, Number.NaN]) {
      await expect(
        isFieldInNVGebied(inside, { source: file("area.fgb"), minimumShare }),
      ).rejects.toMatchObject({
        code: "INVALID_INPUT",
        message: expect.stringContaining("minimumShare"),
      });
    }
  });
  it("maps a dataset's own property and values to region codes", async () => {
    const options = {
      source: file("grondsoort.geojson"),
      property: "GRONDSOORT",
      values: { Klei: "klei", "Zuidelijk zand": "zand_zuid" } as const,
    };
    expect(await getRegion(inside, options)).toBe("klei");
    expect(await getRegion(oneThirdKlei, options)).toBe("zand_zuid");
  });
  it("rejects a field geometry that is not a polygon, not closed or without area, naming the field", async () => {
    const point = { type: "Point", coordinates: [5, 52] } as unknown as FieldGeometry;
    await expect(
      getRegion(point, { source: file("regions.geojson"), fieldId: "f7" }),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      fieldId: "f7",
      message: expect.stringMatching(/^Field "f7": geometry must be .*"Point"/),
    });
    const open: Polygon = {
      type: "Polygon",
      coordinates: [
        [
          [5, 52],
          [5.1, 52],
          [5.1, 52.1],
          [5, 52.1],
        ],
      ],
    };
    await expect(isFieldInNVGebied(open, { source: file("area.geojson") })).rejects.toThrow(/ring/);
    const flat: Polygon = {
      type: "Polygon",
      coordinates: [
        [
          [5, 52],
          [5.1, 52],
          [5.2, 52],
          [5, 52],
        ],
      ],
    };
    await expect(isFieldInNVGebied(flat, { source: file("area.geojson") })).rejects.toThrow(
      /area above 0/,
    );
  });
});

describe("getDeposition", () => {
  const source = () => file("deposition.geojson");

  it("gives the value of the polygon a field lies in, and null off the map", async () => {
    expect(await getDeposition(rect(5.02, 52.02, 5.04, 52.04), { source: source() })).toBe(20);
    expect(await getDeposition(rect(6.0, 52.02, 6.01, 52.03), { source: source() })).toBeNull();
  });

  it("weights a straddling field by area: 1/4 on 20 and 3/4 on 30 gives 27.5", async () => {
    // Same latitude band, so the shares follow from the longitude widths: 0.01 and 0.03.
    const straddling = rect(5.09, 52.02, 5.13, 52.04);
    expect(await getDeposition(straddling, { source: source() })).toBeCloseTo(27.5, 6);
    // Half off the map counts only the covered half.
    expect(await getDeposition(rect(5.18, 52.02, 5.22, 52.04), { source: source() })).toBeCloseTo(
      30,
      6,
    );
  });

  it("reads another property, also as a numeric text", async () => {
    const field = rect(5.12, 52.02, 5.14, 52.04);
    expect(await getDeposition(field, { source: source(), property: "ntot" })).toBe(31.5);
  });

  it("rejects a value that is not a deposition, and a missing source", async () => {
    await expect(
      getDeposition(rect(5.32, 52.02, 5.34, 52.04), { source: source(), fieldId: "f1" }),
    ).rejects.toThrow(/deposition = -4, which is not a deposition from 0 to 500 kg N\/ha/);
    await expect(getDeposition(rect(5.32, 52.02, 5.34, 52.04), {})).rejects.toMatchObject({
      code: "GEODATA_NOT_CONFIGURED",
    });
  });
});

describe("datasets that are missing or malformed", () => {
  it("throws GEODATA_NOT_CONFIGURED without a source, for each lookup", async () => {
    for (const call of [
      () => getRegion(inside),
      () => getRegion(inside, {}),
      () => isFieldInNVGebied(inside, { source: "" }),
      () => isFieldInGWGBGebied(inside),
    ]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GeodataError);
      expect(error).toBeInstanceOf(FdmCalculatorError);
      expect(error).toMatchObject({ code: "GEODATA_NOT_CONFIGURED", source: null });
      expect((error as Error).message).toContain("no dataset configured");
    }
  });
  it("throws GEODATA_UNREADABLE for a missing file and a URL that answers 404", async () => {
    await expect(getRegion(inside, { source: file("nowhere.geojson") })).rejects.toMatchObject({
      code: "GEODATA_UNREADABLE",
      source: file("nowhere.geojson"),
    });
    await expect(getRegion(inside, { source: file("nowhere.fgb") })).rejects.toMatchObject({
      code: "GEODATA_UNREADABLE",
    });
    await expect(getRegion(inside, { source: `${baseUrl}/nowhere.geojson` })).rejects.toMatchObject(
      {
        code: "GEODATA_UNREADABLE",
        message: expect.stringContaining("HTTP 404"),
      },
    );
    await expect(getRegion(inside, { source: `${baseUrl}/nowhere.fgb` })).rejects.toMatchObject({
      code: "GEODATA_UNREADABLE",
      message: expect.stringContaining("404"),
    });
  });
  it.each([
    ["broken.geojson", "not valid JSON"],
    ["not-a-collection.geojson", "not a GeoJSON FeatureCollection"],
    ["point.geojson", 'feature 0: geometry type is "Point"'],
    ["rd-new.geojson", "outside WGS84"],
    ["rd-new.fgb", "EPSG:28992"],
    ["broken.fgb", "not a readable FlatGeobuf file"],
  ])("throws GEODATA_MALFORMED naming the file for %s", async (name, problem) => {
    const error = await getRegion(inside, { source: file(name) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeodataError);
    expect(error).toMatchObject({ code: "GEODATA_MALFORMED", source: file(name) });
    expect((error as Error).message).toContain(file(name));
    expect((error as Error).message).toContain(problem);
  });
  it("throws GEODATA_MALFORMED when an overlapping feature has an unknown region value", async () => {
    await expect(getRegion(inside, { source: file("bad-region.geojson") })).rejects.toMatchObject({
      code: "GEODATA_MALFORMED",
      message: expect.stringContaining('region = "sand"'),
    });
  });
  it("rejects a source whose format cannot be told from its name", async () => {
    await expect(getRegion(inside, { source: file("regions.shp") })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("options.format"),
    });
  });
  it("reads a file with an unusual name when the format is given", async () => {
    const path = file("regions.data");
    await writeFile(path, JSON.stringify(collection(regionFeatures)));
    expect(await getRegion(inside, { source: path, format: "geojson" })).toBe("klei");
  });
});

describe("spatial index and cache", () => {
  it("a FlatGeobuf URL lookup fetches only part of a 1,600-polygon file", async () => {
    const size = (served.get("/grid.fgb") as Uint8Array).length;
    bytesServed = 0;
    // Lies wholly in block b2-2 (4.10–4.15°E, 51.10–51.15°N).
    expect(
      await isFieldInNVGebied(rect(4.11, 51.11, 4.12, 51.12), { source: `${baseUrl}/grid.fgb` }),
    ).toBe(true);
    expect(bytesServed).toBeGreaterThan(0);
    expect(bytesServed).toBeLessThan(size / 2);
  });
  it("a FlatGeobuf file lookup reads only the features near the field", async () => {
    // Cut the last feature (veen, far to the north-east) off an indexed file.
    const whole = serializeWithIndex(regionFeatures);
    const lastFeatureLength = 4 + serializeLastFeatureLength(whole);
    const path = file("regions-cut.fgb");
    await writeFile(path, whole.subarray(0, whole.length - lastFeatureLength));
    expect(await getRegion(inside, { source: path })).toBe("klei");
    await expect(getRegion(rect(6.02, 53.02, 6.04, 53.04), { source: path })).rejects.toMatchObject(
      {
        code: "GEODATA_MALFORMED",
      },
    );
  });
  it("keeps a loaded GeoJSON dataset until clearGeodataCache", async () => {
    const path = file("cached.geojson");
    await writeFile(path, JSON.stringify(collection(regionFeatures)));
    expect(await getRegion(inside, { source: path })).toBe("klei");
    await writeFile(
      path,
      JSON.stringify(collection([feature(rect(5.0, 52.0, 5.1, 52.1), { region: "veen" })])),
    );
    expect(await getRegion(inside, { source: path })).toBe("klei");
    clearGeodataCache();
    expect(await getRegion(inside, { source: path })).toBe("veen");
  });
  it("does not cache a failed load", async () => {
    const path = file("later.geojson");
    await expect(getRegion(inside, { source: path })).rejects.toMatchObject({
      code: "GEODATA_UNREADABLE",
    });
    await writeFile(path, JSON.stringify(collection(regionFeatures)));
    expect(await getRegion(inside, { source: path })).toBe("klei");
  });
});
