// Benchmark of a field's geometry check: how long JSTS takes for the costliest outlines the
// limits of geometry.ts accept (MAX_POLYGONS, MAX_POSITIONS) and for a batch at addFields'
// limit, with the longest stall of the event loop during that batch; and how soon a caller
// without access is refused the report's MultiPolygon of 19,999 squares (which took about
// 260 s to check before access was decided). On PGlite.
//
//   npx tsx bench/geometry.ts [--runs 5] [--old-limit]
//
// --old-limit also times the comb at 10,000 positions (about 10 s), to show why the limit is
// 2,000.
// The packages are imported from source (export condition `source`); when started without
// it, the script starts itself again with it.
import { spawnSync } from "node:child_process";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

if (!process.execArgv.some((a) => a.includes("conditions=source"))) {
  const child = spawnSync(
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
  process.exit(child.status ?? 1);
}
const { addFarm, addField, addFields, closeFdm, createFdmLocal, fdmSchema } = await import(
  "../packages/fdm-core/src/index.js"
);
const { checkGeometryTopology, validateGeometry } = await import(
  "../packages/fdm-core/src/geometry.js"
);

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) : 5;

type Ring = number[][];
const polygon = (...rings: Ring[]) => ({ type: "Polygon" as const, coordinates: rings });

/**
 * A comb: a ring whose teeth all span the same longitudes, so that JSTS's sweep line compares
 * every pair of its edges. Valid; the slowest kind of outline for its number of positions
 * (as would be a narrow north–south strip drawn with as many positions).
 */
function comb(n: number, west = 5, south = 52): Ring {
  const ring: Ring = [[west, south]];
  const teeth = n - 3;
  for (let i = 0; i < teeth; i++) {
    ring.push([i % 2 ? west + 0.0011 : west + 0.001, south + (i * 0.001) / teeth]);
  }
  ring.push([west, south + 0.001], [west, south]);
  return ring;
}

/** A rectangle's ring of `n` positions, the extra ones along its south edge. */
function rectangle(west: number, south: number, size: number, n = 5): Ring {
  const extra = Array.from({ length: n - 5 }, (_, i) => [west + (size * (i + 1)) / (n - 4), south]);
  const east = west + size;
  const north = south + size;
  return [[west, south], ...extra, [east, south], [east, north], [west, north], [west, south]];
}

/** A round ring of `n` positions. */
function round(n: number, west = 5.59): Ring {
  const ring: Ring = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    ring.push([west + 0.01 + 0.01 * Math.cos(a), 52 + 0.01 * Math.sin(a)]);
  }
  ring.push(ring[0] as number[]);
  return ring;
}

/** Wall-clock ms and CPU ms of this process (on a busy machine the wall clock also counts waiting for a core). */
async function time(fn: () => unknown): Promise<[number, number]> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await fn();
  const cpu = process.cpuUsage(c0);
  return [performance.now() - t0, (cpu.user + cpu.system) / 1000];
}

/** The fastest of `runs` runs: wall-clock ms and CPU ms. */
async function fastest(fn: () => unknown): Promise<[number, number]> {
  let best: [number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let i = 0; i < runs; i++) {
    const [wall, cpu] = await time(fn);
    best = [Math.min(best[0], wall), Math.min(best[1], cpu)];
  }
  return best;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const rows: [string, string, string][] = [];
const row = (label: string, [wall, cpu]: [number, number | undefined]) => {
  const r: [string, string, string] = [label, fmt(wall), cpu === undefined ? "–" : fmt(cpu)];
  rows.push(r);
  console.error(r.join(": "));
};

validateGeometry(polygon(comb(500))); // warms the JIT
// One field at the limits (100 polygons, 2,000 positions), slowest shapes first.
row(
  "one field: comb of 2,000 positions (slowest)",
  await fastest(() => validateGeometry(polygon(comb(2_000)))),
);
const holesInColumn = Array.from({ length: 498 }, (_, i) => [
  [5.0, 52 + i * 0.00002],
  [5.00001, 52 + i * 0.00002],
  [5.0, 52.00001 + i * 0.00002],
  [5.0, 52 + i * 0.00002],
]);
row(
  "one field: a shell with 498 holes side by side (1,997 positions)",
  await fastest(() => validateGeometry(polygon(rectangle(4.999, 51.999, 0.012), ...holesInColumn))),
);
const combs = Array.from({ length: 100 }, (_, i) => [comb(20, 5, 52 + i * 0.002)]);
row(
  "one field: 100 combs of 20 positions, stacked",
  await fastest(() => validateGeometry({ type: "MultiPolygon", coordinates: combs })),
);
const squares = Array.from({ length: 100 }, (_, i) => [
  rectangle(5 + (i % 10) * 0.002, 52 + Math.floor(i / 10) * 0.002, 0.001, 20),
]);
row(
  "one field: 100 squares of 20 positions",
  await fastest(() => validateGeometry({ type: "MultiPolygon", coordinates: squares })),
);
row(
  "one field: round outline of 2,000 positions",
  await fastest(() => validateGeometry(polygon(round(2_000)))),
);
if (args.includes("--old-limit")) {
  row(
    "one field: comb of 10,000 positions (above the limit)",
    // the topology check alone: the shape check would refuse it
    await fastest(() => checkGeometryTopology(polygon(comb(10_000)))),
  );
}

const fdm = await createFdmLocal();
try {
  const owner = "bench-owner";
  await fdm
    .insert(fdmSchema.authUser)
    .values({ id: owner, name: "Bench", email: "bench@example.org" });
  const farmId = await addFarm(fdm, owner, { name: "Benchmark farm" });
  const field = (name: string, geometry: unknown) => ({
    name,
    geometry: geometry as ReturnType<typeof polygon>,
    acquiringDate: new Date("2020-01-01"),
    acquiringMethod: "owner" as const,
  });

  // A batch at addFields' limit of 50,000 positions: 25 combs of 2,000 (the slowest to check),
  // then 25 round outlines of 2,000 (fast to check: what is left is the database's part).
  for (const [label, ring] of [
    ["combs", (i: number) => comb(2_000, 5 + i * 0.002)],
    ["round outlines", (i: number) => round(2_000, 5 + i * 0.03)],
  ] as const) {
    const batch = Array.from({ length: 25 }, (_, i) => field(`${label} ${i}`, polygon(ring(i))));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const took = await time(() => addFields(fdm, owner, farmId, batch));
    delay.disable();
    row(`addFields: 25 ${label} of 2,000 positions (the batch limit)`, took);
    row(`addFields: that batch's longest event-loop stall`, [delay.max / 1e6, undefined]);
  }

  // The report's input, from a principal that does not exist.
  const flood = {
    type: "MultiPolygon" as const,
    coordinates: Array.from({ length: 19_999 }, (_, i) => [
      rectangle(5 + (i % 200) * 0.001, 52 + Math.floor(i / 200) * 0.001, 0.0005),
    ]),
  };
  let code: string | undefined;
  const took = await time(() =>
    addField(fdm, "no-such-user", farmId, field("Vloed", flood)).then(
      () => {
        code = "accepted";
      },
      (err: { code?: string }) => {
        code = err.code;
      },
    ),
  );
  row(`addField by a principal that does not exist, 19,999 squares: ${code} after`, took);
} finally {
  await closeFdm(fdm);
}

console.log(`fdm-core geometry check (one field: fastest of ${runs} runs)\n`);
console.log("| measure | wall clock | CPU time |");
console.log("|---|---:|---:|");
for (const [label, wall, cpu] of rows) console.log(`| ${label} | ${wall} | ${cpu} |`);
