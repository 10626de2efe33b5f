// Load run of fdm-api on 127.0.0.1: a fixed count of requests against a 1,000-field farm,
// reporting requests/s and p95 latency for the field list and the farm's 2025 norms.
//
//   node --conditions=source --import tsx bench/api.ts          # PGlite
//   node --conditions=source --import tsx bench/api.ts --pg     # also PostgreSQL
//
// PostgreSQL: FDM_TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres with --pg;
// a fresh database is created and dropped.
import { randomBytes } from "node:crypto";
import { createApi, startApi } from "fdm-api";
import {
  closeFdm,
  createApiKey,
  createFdmAuth,
  createFdmLocal,
  createFdmServer,
  type FdmType,
  fdmSchema,
  migrateFdm,
  syncCatalogues,
} from "fdm-core";
import postgres from "postgres";

const FIELDS = 1000;
const CONCURRENCY = 8;
const LIST_REQUESTS = 200;
const NORMS_REQUESTS = 20;

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

async function run(label: string, fdm: FdmType) {
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
  const { key } = await createApiKey(fdm, userId, { name: "bench" });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
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
  const normsBody = {
    fields: Object.fromEntries(
      fieldIds.map((id) => [id, { region: "zand_zuid", isNVGebied: false, isGWBG: false }]),
    ),
  };

  async function measure(name: string, count: number, request: () => Promise<unknown>) {
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) {
          next++;
          const t = performance.now();
          await request();
          times.push(performance.now() - t);
        }
      }),
    );
    const total = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
    console.log(
      `${label.padEnd(10)} ${name.padEnd(34)} ${String(count).padStart(4)} req  ${(count / total).toFixed(1).padStart(7)} req/s  p95 ${p95.toFixed(0).padStart(6)} ms`,
    );
  }

  // The first norms request computes; the calculation cache answers the rest of the same data.
  const cold = performance.now();
  const norms = await call("POST", `/v1/farms/${farmId}/calculations/norms/2025`, normsBody);
  if (norms.fields.length !== FIELDS) throw new Error(`norms for ${norms.fields.length} fields`);
  console.log(
    `${label.padEnd(10)} norms 2025, first (computed)        1 req  ${(performance.now() - cold).toFixed(0)} ms`,
  );
  await measure(`GET fields (limit=1000, ${FIELDS})`, LIST_REQUESTS, async () => {
    const page = await call("GET", `/v1/farms/${farmId}/fields?limit=1000`);
    if (page.items.length !== FIELDS) throw new Error("lost fields");
  });
  await measure("GET fields (limit=100, first page)", LIST_REQUESTS, () =>
    call("GET", `/v1/farms/${farmId}/fields`),
  );
  await measure("POST norms 2025 (cached result)", NORMS_REQUESTS, () =>
    call("POST", `/v1/farms/${farmId}/calculations/norms/2025`, normsBody),
  );
  await server.close();
}

const pgUrl =
  process.env.FDM_TEST_DATABASE_URL ||
  (process.argv.includes("--pg") ? "postgres://postgres@127.0.0.1:5432/postgres" : "");
console.log(
  `fdm-api bench: ${FIELDS} fields, ${CONCURRENCY} requests in flight, node ${process.version}`,
);
const local = await createFdmLocal();
await run("PGlite", local);
await closeFdm(local);
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
