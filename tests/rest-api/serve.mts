// Live fdm-api services for walkthrough.test.ts, in a process of their own, started as
// `npm run api` starts main.ts (`node --conditions=source --import tsx`). Not in the test's
// process: better-auth skips its origin and CSRF checks when NODE_ENV is "test" or TEST is
// set, as Vitest sets them, and the walk-through must pass the checks a user's service applies.
// Starts as many services as its argument says, each on a fresh in-memory database, on
// 127.0.0.1 and a free port; prints their URLs on one line, then a line per request, and
// closes them when stdin ends.
import { randomBytes } from "node:crypto";
import { createApi, startApi } from "fdm-api";
import { closeFdm, createFdmAuth, createFdmLocal, syncCatalogues } from "fdm-core";

async function service() {
  const fdm = await createFdmLocal();
  await syncCatalogues(fdm);
  // A secret for this run only.
  const auth = createFdmAuth(fdm, {
    secret: randomBytes(32).toString("hex"),
    baseURL: "http://127.0.0.1",
  });
  // Each request's log line goes to stdout, as with `npm run api`: the test shows them on failure.
  const server = await startApi(createApi({ fdm, auth }), {
    hostname: "127.0.0.1",
    port: 0,
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      await closeFdm(fdm);
    },
  };
}

const count = Number(process.argv[2] ?? 1);
const services: Awaited<ReturnType<typeof service>>[] = [];
for (let i = 0; i < count; i += 1) services.push(await service());
process.stdout.write(`${services.map((s) => s.url).join(" ")}\n`);

process.stdin.resume();
process.stdin.on("end", async () => {
  for (const s of services) await s.close();
  process.exit(0);
});
