/**
 * fdm-api: the farm data model over HTTP.
 *
 * An OpenAPI 3.1 service on fdm-core and fdm-calculator: {@link createApi} builds the Hono
 * app (routes under `/v1`, its document at `/v1/openapi.json`), {@link startApi} serves it,
 * and `npm run api` runs it on 127.0.0.1:3001. Each operation calls the fdm-core or
 * fdm-calculator function it names as the authenticated user (an API key or a better-auth
 * session), so access is decided by fdm-core's guard; errors are RFC 9457 problem details.
 *
 * @packageDocumentation
 */

export { type ApiLogLine, type ApiOptions, apiDefaults, createApi } from "./app.js";
export { pageLimits } from "./pagination.js";
export { type Problem, problemMediaType, statusOfCode } from "./problem.js";
export type { ApiApp, ApiEnv } from "./route.js";
export { type RunningApi, type StartApiOptions, startApi } from "./server.js";
