// Load run of fdm-api on 127.0.0.1 against a 1,000-field farm: the farm's 2025 norms (median
// of 10 calls), then 50 clients page its fields (GET /v1/farms/{id}/fields?limit=100, following
// nextCursor to the end and starting over) for 20 s while 2 writers add fields one at a time.
//
//   node --conditions=source --import tsx bench/api.ts          # PGlite
//   node --conditions=source --import tsx bench/api.ts --pg     # also PostgreSQL
//   ... --no-norms                                               # without the norms calls
//   ... --pg-only                                                # PostgreSQL only
//   ... --profile DIR                                            # the service's CPU profile of
//                                                                # the load, DIR/<label>.cpuprofile
//
// Reports requests/s, read p50/p95/p99, write p50/p95, the service's CPU per request (and a
// local PostgreSQL server's, from /proc), the load average and core count, and
// checks that nothing is lost or duplicated: every walk of the list has unique ids in key
// order and holds every field that existed when it started, and the farm ends with
// 1,000 + successful writes fields. The clients run in a child process, as another program
// would: the server's thread does only the server's work. Bars: read p95 <= 100 ms and write
// p95 <= 250 ms on PGlite; read p95 <= 100 ms at >= 500 requests/s on PostgreSQL.
//
// PostgreSQL: FDM_TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres with --pg;
// a fresh database is created and dropped.

import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const FIELDS = 1000;
const READERS = 50;
const WRITERS = 2;
const SECONDS = 20;
const PAGE = 100;
const NORMS_CALLS = 10;
// fdm-core caps a farm at 2,500 fields (MAX_FIELDS_PER_FARM); the writers stay well below it.
const MAX_WRITES = 1200;

function square(i: number) {
  const dx = 0.0014585;
  const dy = 0.00089832;
  const x = 5.0 + (i % 40) * dx * 1.5;
  const y = 51.5 + Math.floor(i / 40) * dy * 1.5;
  return {
    type: "Polygon",
    coordinates: [
      [
        [x, y],
        [x + dx, y],
        [x + dx, y + dy],
        [x, y + dy],
        [x, y],
      ],
    ],
  };
}

/** What the server process hands the load process. */
interface LoadPlan {
  url: string;
  keys: string[];
  farmId: string;
}

/** What the load process reports back. */
interface LoadResult {
  seconds: number;
  reads: number[];
  writes: number[];
  writeFailures: string[];
  written: string[];
  walks: number;
  problems: string[];
}

/**
 * CPU milliseconds spent so far by the processes named `postgres` on this machine (a local
 * server's backends), from /proc; `null` where there is no /proc or no such process.
 */
function postgresCpuMs(): number | null {
  let ticks = 0;
  let found = false;
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const close = stat.lastIndexOf(")");
        if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
        const fields = stat.slice(close + 2).split(" ");
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
        found = true;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return null;
  }
  return found ? (ticks * 1000) / 100 : null; // USER_HZ is 100 on Linux
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.ceil(sorted.length * p) - 1] as number);

/** The load: runs in a child process. */
async function load({ url, keys, farmId }: LoadPlan): Promise<LoadResult> {
  const reads: number[] = [];
  const writes: number[] = [];
  const writeFailures: string[] = [];
  const written: string[] = [];
  const problems: string[] = [];
  let walks = 0;
  let writesStarted = 0;
  // Every client opens its connection first (GET /v1/health, no database): the run measures
  // requests, not 52 connections being set up at once.
  await Promise.all(
    Array.from({ length: READERS + WRITERS }, async () => {
      const res = await fetch(`${url}/v1/health`);
      await res.text();
    }),
  );
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const headers = (i: number) => ({
    authorization: `Bearer ${keys[i % keys.length]}`,
    "content-type": "application/json",
  });

  async function reader(i: number) {
    while (performance.now() < deadline) {
      // Every field whose write was answered before the walk began must be in it.
      const mustHold = FIELDS + written.length;
      const seen = new Set<string>();
      let last = "";
      let cursor: string | null = null;
      let complete = true;
      do {
        const t = performance.now();
        const query: string = cursor === null ? "" : `&cursor=${cursor}`;
        const res = await fetch(`${url}/v1/farms/${farmId}/fields?limit=${PAGE}${query}`, {
          headers: headers(i),
        });
        const text = await res.text();
        reads.push(performance.now() - t);
        if (res.status !== 200) {
          problems.push(`GET fields: ${res.status} ${text.slice(0, 200)}`);
          complete = false;
          break;
        }
        const page = JSON.parse(text) as { items: { id: string }[]; nextCursor: string | null };
        for (const { id } of page.items) {
          if (seen.has(id)) problems.push(`walk repeated field ${id}`);
          if (id <= last) problems.push(`walk out of order at ${id}`);
          seen.add(id);
          last = id;
        }
        cursor = page.nextCursor;
        if (cursor !== null && performance.now() >= deadline) complete = false;
      } while (cursor !== null && complete);
      if (complete) {
        walks++;
        if (seen.size < mustHold) problems.push(`walk held ${seen.size} of ${mustHold} fields`);
      }
    }
  }

  async function writer(i: number) {
    let n = 0;
    while (performance.now() < deadline && writesStarted < MAX_WRITES) {
      writesStarted++;
      const t = performance.now();
      const res = await fetch(`${url}/v1/farms/${farmId}/fields`, {
        method: "POST",
        headers: headers(READERS + i),
        body: JSON.stringify({
          name: `Writer ${i} field ${++n}`,
          geometry: square(FIELDS + i * MAX_WRITES + n),
          acquiringDate: "2021-01-01",
          acquiringMethod: "lease",
        }),
      });
      const text = await res.text();
      writes.push(performance.now() - t);
      if (res.status === 201) written.push((JSON.parse(text) as { id: string }).id);
      else writeFailures.push(`${res.status} ${text.slice(0, 200)}`);
    }
  }

  await Promise.all([
    ...Array.from({ length: READERS }, (_, i) => reader(i)),
    ...Array.from({ length: WRITERS }, (_, i) => writer(i)),
  ]);
  return {
    seconds: (performance.now() - started) / 1000,
    reads,
    writes,
    writeFailures,
    written,
    walks,
    problems,
  };
}

async function run(label: string, fdm: import("fdm-core").FdmType) {
  const { createApi, startApi } = await import("fdm-api");
  const { createApiKey, createFdmAuth, fdmSchema, syncCatalogues } = await import("fdm-core");
  await syncCatalogues(fdm);
  const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
  const server = await startApi(
    createApi({ fdm, auth, log: false, requestsPerMinute: 1_000_000 }),
    { port: 0 },
  );
  const userId = `bench_${randomBytes(6).toString("hex")}`;
  await fdm
    .insert(fdmSchema.authUser)
    .values({ id: userId, name: "Bench", email: `${userId}@example.org` });
  // Several keys of one user, as several programs of one farm would hold.
  const keys: string[] = [];
  for (let i = 0; i < 10; i++) keys.push((await createApiKey(fdm, userId, { name: `k${i}` })).key);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${keys[0]}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300 && res.status !== 204)
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text === "" ? null : JSON.parse(text);
  };
  const farmId = (await call("POST", "/v1/farms", { name: "Bench farm" })).id as string;
  await call("PUT", `/v1/farms/${farmId}/catalogues/cultivations/brp`);
  await call("PUT", `/v1/farms/${farmId}/grazing-intentions/2025`, { hasGrazingIntention: false });
  const fieldIds: string[] = [];
  for (let start = 0; start < FIELDS; start += 250) {
    const rows = Array.from({ length: 250 }, (_, j) => ({
      name: `Perceel ${start + j + 1}`,
      geometry: square(start + j),
      acquiringDate: "2020-01-01",
      acquiringMethod: "owner",
    }));
    fieldIds.push(...(await call("POST", `/v1/farms/${farmId}/fields/batch`, { rows })).ids);
  }
  await call("POST", `/v1/farms/${farmId}/cultivations/batch`, {
    rows: fieldIds.map((fieldId) => ({
      fieldId,
      catalogueItemId: "nl_265",
      startDate: "2020-01-01",
    })),
  });
  await call("POST", `/v1/farms/${farmId}/soil-analyses/batch`, {
    rows: fieldIds.map((fieldId) => ({
      fieldId,
      samplingDate: "2024-03-01",
      source: "laboratory",
      parameters: { pCaCl2: 2.0, pAl: 40 },
    })),
  });

  // The farm's 2025 norms: every call reads the farm and computes (the HTTP service keeps no result cache).
  const normsBody = {
    fields: Object.fromEntries(
      fieldIds.map((id) => [id, { region: "zand_zuid", isNVGebied: false, isGWBG: false }]),
    ),
  };
  const normsTimes: number[] = [];
  let normsError = "";
  const normsCalls = process.argv.includes("--no-norms") ? 0 : NORMS_CALLS;
  try {
    for (let i = 0; i < normsCalls; i++) {
      const t = performance.now();
      const norms = await call("POST", `/v1/farms/${farmId}/calculations/norms/2025`, normsBody);
      normsTimes.push(performance.now() - t);
      if (norms.fields.length !== FIELDS)
        throw new Error(`norms for ${norms.fields.length} fields`);
    }
  } catch (err) {
    normsError = String(err).slice(0, 300);
  }
  const firstNorms = normsTimes[0] ?? Number.NaN;
  normsTimes.sort((a, b) => a - b);

  // With --profile DIR: the service's CPU profile of the load window (setup excluded).
  const profileAt = process.argv.indexOf("--profile");
  const profileDir = profileAt === -1 ? null : process.argv[profileAt + 1];
  const profiler = profileDir ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const cpuBefore = process.cpuUsage();
  const pgBefore = label === "PostgreSQL" ? postgresCpuMs() : null;
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ["--load"]);
    child.once("message", (m) => resolve(m as LoadResult));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the load process exited with ${code}`)));
    child.send({ url: server.url, keys, farmId } satisfies LoadPlan);
  });

  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = pgBefore === null ? null : postgresCpuMs();
  if (profiler && profileDir) {
    const { profile } = await profiler.post("Profiler.stop");
    profiler.disconnect();
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(`${profileDir}/${label}.cpuprofile`, JSON.stringify(profile));
  }
  // Nothing lost or duplicated: one last walk holds the 1,000 fields and every one written.
  const final = new Set<string>();
  let cursor: string | null = null;
  let finalCount = 0;
  do {
    const query: string = cursor === null ? "" : `&cursor=${cursor}`;
    const page = await call("GET", `/v1/farms/${farmId}/fields?limit=1000${query}`);
    for (const { id } of page.items as { id: string }[]) {
      finalCount++;
      final.add(id);
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  const problems = [...result.problems];
  if (finalCount !== final.size) problems.push(`final walk repeated ${finalCount - final.size}`);
  if (final.size !== FIELDS + result.written.length) {
    problems.push(`farm holds ${final.size} fields, expected ${FIELDS + result.written.length}`);
  }
  for (const id of [...fieldIds, ...result.written]) {
    if (!final.has(id)) problems.push(`field ${id} lost`);
  }
  if (new Set(result.written).size !== result.written.length) problems.push("a write repeated");

  const reads = result.reads.sort((a, b) => a - b);
  const writes = result.writes.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const perRequest = (total: number) => `${(total / (reads.length + writes.length)).toFixed(2)} ms`;
  const pgCpu =
    label === "PGlite"
      ? " (the database included)"
      : pgBefore === null || pgAfter === null
        ? ""
        : `, and ${perRequest(pgAfter - pgBefore)} in the postgres processes of this machine`;
  const [l1, l5] = loadavg();
  console.log(
    [
      `${label}: ${READERS} readers + ${WRITERS} writers for ${result.seconds.toFixed(1)} s`,
      `  requests/s   ${((reads.length + writes.length) / result.seconds).toFixed(0)} (${reads.length} reads, ${writes.length} writes, ${result.walks} complete walks)`,
      `  read         p50 ${ms(pct(reads, 0.5))}  p95 ${ms(pct(reads, 0.95))}  p99 ${ms(pct(reads, 0.99))}`,
      `  write        p50 ${ms(pct(writes, 0.5))}  p95 ${ms(pct(writes, 0.95))}  (${result.written.length} stored, ${result.writeFailures.length} failed${result.writeFailures[0] ? `: ${result.writeFailures[0]}` : ""})`,
      `  server CPU   ${perRequest((cpu.user + cpu.system) / 1000)} per request in the service${pgCpu}`,
      `  integrity    ${problems.length === 0 ? "nothing lost or duplicated" : `${problems.length} problems: ${problems.slice(0, 5).join("; ")}`}`,
      `  machine      load average ${l1?.toFixed(2)} (1 min) ${l5?.toFixed(2)} (5 min), ${availableParallelism()} cores`,
    ].join("\n"),
  );
  console.log(
    normsError || normsTimes.length === 0
      ? `  norms 2025   ${normsError ? `failed: ${normsError}` : "skipped (--no-norms)"}`
      : `  norms 2025   first ${ms(firstNorms)} (computed), median of ${NORMS_CALLS} ${ms(pct(normsTimes, 0.5))}`,
  );
  await server.close();
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv.includes("--load")) {
  process.once("message", async (plan) => {
    const result = await load(plan as LoadPlan);
    process.send?.(result, () => process.exit(0));
  });
} else {
  const { closeFdm, createFdmLocal, createFdmServer, migrateFdm } = await import("fdm-core");
  const { default: postgres } = await import("postgres");
  const pgUrl =
    process.env.FDM_TEST_DATABASE_URL ||
    (process.argv.includes("--pg") || process.argv.includes("--pg-only")
      ? "postgres://postgres@127.0.0.1:5432/postgres"
      : "");
  console.log(
    `fdm-api bench: ${FIELDS} fields, ${READERS} readers paging ${PAGE} at a time and ${WRITERS} writers for ${SECONDS} s, node ${process.version}`,
  );
  if (!process.argv.includes("--pg-only")) {
    const local = await createFdmLocal();
    await run("PGlite", local);
    await closeFdm(local);
  }
  if (pgUrl) {
    const name = `fdm_api_bench_${randomBytes(4).toString("hex")}`;
    const admin = postgres(pgUrl, { onnotice: () => {}, max: 1 });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const target = new URL(pgUrl);
    target.pathname = `/${name}`;
    const fdm = createFdmServer(target.toString());
    try {
      await migrateFdm(fdm);
      await run("PostgreSQL", fdm);
    } finally {
      await closeFdm(fdm);
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
