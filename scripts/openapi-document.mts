// Prints fdm-api's OpenAPI 3.1 document as JSON on standard output, for the site's generated
// endpoint reference (src/plugins/rest-api-reference.ts). The document is what the service
// serves at GET /v1/openapi.json. Building it runs no query, so the app is given a handle on a
// PostgreSQL address nothing listens on (postgres-js connects lazily, on the first query):
// opening and migrating an in-memory PGlite would add 10-20 s to every cold site build.
//
//   node --conditions=source --import tsx scripts/openapi-document.mts
import { randomBytes } from "node:crypto";
import { createApi } from "fdm-api";
import { closeFdm, createFdmAuth, createFdmServer } from "fdm-core";

const fdm = createFdmServer("postgres://fdm@127.0.0.1:9/unused");
try {
  // A secret for this run only: the document needs no session to be signed.
  const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
  const app = createApi({ fdm, auth, log: false });
  const res = await app.request("/v1/openapi.json");
  if (res.status !== 200) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
  process.stdout.write(`${JSON.stringify(await res.json())}\n`);
} finally {
  await closeFdm(fdm);
}
