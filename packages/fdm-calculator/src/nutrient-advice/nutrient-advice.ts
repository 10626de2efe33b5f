import { deepFreeze, getCultivationCatalogue } from "fdm-data";
import type { MultiPolygon, Point, Polygon } from "geojson";
import { checkBound, PHYSICAL_BOUNDS, type PhysicalBoundName } from "../bounds.js";
import { FdmCalculatorError, type FdmCalculatorErrorCode } from "../errors.js";
import { checkPolygonal } from "../location/geodata.js";

/**
 * Current soil data of a field, as sent to the nutrient-advice service. Every
 * value is optional; give what the latest soil analysis has.
 */
export interface NutrientAdviceSoilData {
  /** P-AL (phosphate extracted with ammonium lactate), mg P2O5 per 100 g dry soil. */
  pAl?: number;
  /** P-CaCl2 (plant-available phosphorus), mg P per kg dry soil. */
  pCaCl2?: number;
  /** K-CaCl2 (plant-available potassium), mg K per kg dry soil. */
  kCaCl2?: number;
  /** K-CEC (potassium bound to the clay-humus complex), mmol+ per kg dry soil. */
  kCec?: number;
  /** Mg-CaCl2 (plant-available magnesium), mg Mg per kg dry soil. */
  mgCaCl2?: number;
  /** Total sulphur, mg S per kg dry soil. */
  sTotal?: number;
  /** Total nitrogen, mg N per kg dry soil. */
  nTotal?: number;
  /** Cation exchange capacity (CEC), mmol+ per kg dry soil. */
  cec?: number;
  /** Organic matter, % of dry soil (by mass). */
  organicMatter?: number;
  /** Clay content (lutum, particles below 2 µm), % of dry soil (by mass). */
  clayContent?: number;
  /** Acidity, pH measured in a CaCl2 extract (0–14). */
  ph?: number;
}

/** What {@link requestNutrientAdvice} asks advice for: one field's crop, location and soil. */
export interface NutrientAdviceInput {
  /** Identifier of the field, used in error messages; not sent to the service. */
  fieldId?: string;
  /** The crop: a BRP gewascode (`"265"`) or its catalogue id (`"nl_265"`). */
  cultivation: string;
  /** Where the field lies: a point in it, or its outline (GeoJSON, WGS84 longitude/latitude). */
  location: Point | Polygon | MultiPolygon;
  /** The field's current soil data. */
  soil: NutrientAdviceSoilData;
}

/** How to reach the nutrient-advice service. */
export interface NutrientAdviceOptions {
  /**
   * The service's `http://` or `https://` URL, to which the request is POSTed. It must not hold a
   * user name or password (give the credential as `apiKey`). Errors name only its origin
   * (scheme, host and port), never its path or query, which may hold a token.
   */
  endpoint: string;
  /** The API key, sent as `Authorization: Bearer <apiKey>`. It never appears in an error. */
  apiKey: string;
  /** How long to wait for the whole answer, body included, in milliseconds. Default 30 000 (30 s); at most 600 000. */
  timeoutMs?: number;
  /**
   * The `fetch` to use; default the global `fetch`. Its response body must be a web
   * `ReadableStream` (as the global `fetch` gives), so that an answer above 1 MiB is cut off.
   */
  fetch?: typeof fetch;
}

/** The nutrients of an advice, each in kg per ha, or `null` where the service gives no advice for it. */
export interface NutrientAdviceNutrients {
  /** Nitrogen, kg N/ha. */
  n: number | null;
  /** Phosphate, kg P2O5/ha. */
  p2o5: number | null;
  /** Potash, kg K2O/ha. */
  k2o: number | null;
  /** Sulphur, kg S/ha. */
  s: number | null;
  /** Magnesium, kg MgO/ha. */
  mg: number | null;
  /** Calcium, kg CaO/ha. */
  ca: number | null;
  /** Sodium, kg Na2O/ha. */
  na: number | null;
  /** Copper, kg Cu/ha. */
  cu: number | null;
  /** Zinc, kg Zn/ha. */
  zn: number | null;
  /** Boron, kg B/ha. */
  b: number | null;
  /** Molybdenum, kg Mo/ha. */
  mo: number | null;
  /** Cobalt, kg Co/ha. */
  co: number | null;
}

/** The name of a nutrient in {@link NutrientAdviceNutrients}. */
export type NutrientAdviceNutrient = keyof NutrientAdviceNutrients;

/** A field's nutrient advice as the service gave it. */
export interface NutrientAdvice {
  /** The crop the advice is for, as catalogue id (`nl_<BRP gewascode>`). */
  cultivationId: string;
  /** The advice per nutrient, kg/ha. */
  nutrients: NutrientAdviceNutrients;
}

/** The subset of {@link FdmCalculatorErrorCode} that {@link NutrientAdviceError} uses. */
export type NutrientAdviceErrorCode = Extract<
  FdmCalculatorErrorCode,
  | "NUTRIENT_ADVICE_NOT_CONFIGURED"
  | "NUTRIENT_ADVICE_UNREACHABLE"
  | "NUTRIENT_ADVICE_TIMEOUT"
  | "NUTRIENT_ADVICE_HTTP_ERROR"
  | "NUTRIENT_ADVICE_MALFORMED_RESPONSE"
>;

/**
 * The error codes a nutrient-advice service may give with an HTTP error status, as the body
 * `{ "code": "<code>" }` (see {@link requestNutrientAdvice}):
 *
 * - `unauthorized`: the API key is missing, wrong or expired.
 * - `forbidden`: the API key may not ask for this advice.
 * - `invalid_request`: the request does not fit the contract.
 * - `unknown_cultivation`: the service has no advice for this crop.
 * - `location_not_covered`: the location lies outside the area the service covers.
 * - `rate_limited`: too many requests; try again later.
 * - `unavailable`: the service is down for maintenance or overloaded.
 * - `internal_error`: the service failed.
 */
export type NutrientAdviceServiceCode =
  | "unauthorized"
  | "forbidden"
  | "invalid_request"
  | "unknown_cultivation"
  | "location_not_covered"
  | "rate_limited"
  | "unavailable"
  | "internal_error";

// The fixed text that stands for each code: the service's own words are never copied, as they
// may echo the key or a token in any encoding.
const SERVICE_CODE_MESSAGES: Readonly<Record<NutrientAdviceServiceCode, string>> = deepFreeze({
  unauthorized: "the service refused the API key",
  forbidden: "the API key may not ask for this advice",
  invalid_request: "the service found the request outside the contract",
  unknown_cultivation: "the service has no advice for this crop",
  location_not_covered: "the location lies outside the area the service covers",
  rate_limited: "the service got too many requests; try again later",
  unavailable: "the service is unavailable for now",
  internal_error: "the service failed",
});

/**
 * The error {@link requestNutrientAdvice} throws when the service is not
 * configured, cannot be reached, is too slow, answers with an HTTP error or
 * answers something outside the contract. It is an {@link FdmCalculatorError}.
 *
 * Nothing in it is the service's text: the message names the service by its
 * origin (scheme, host and port) only and holds fixed words, the status and
 * names of the contract; `serviceCode` is one of the contract's codes and
 * `serviceMessage` the fixed description of it; `cause`, where there is one,
 * holds only a known network error code (e.g. `ECONNREFUSED`). So neither the
 * API key nor a password or token in the endpoint can reach it, in any
 * encoding.
 *
 * @example
 * ```ts fragment="needs a nutrient-advice service"
 * import { NutrientAdviceError, requestNutrientAdvice } from "fdm-calculator";
 *
 * try {
 *   await requestNutrientAdvice(
 *     { cultivation: "nl_265", location: { type: "Point", coordinates: [5.66, 51.97] }, soil: { pAl: 30 } },
 *     { endpoint: "http://127.0.0.1:8080/advice", apiKey: process.env.ADVICE_API_KEY ?? "" },
 *   );
 * } catch (error) {
 *   if (error instanceof NutrientAdviceError) console.log(error.code, error.status, error.serviceCode);
 * }
 * ```
 */
export class NutrientAdviceError extends FdmCalculatorError {
  /** Machine-readable reason. */
  declare readonly code: NutrientAdviceErrorCode;
  /** The HTTP status the service answered with, or `null` when there was no answer. */
  readonly status: number | null;
  /** The service's error code, when its error body was `{ "code": … }` with one of the contract's codes; else `null`. */
  readonly serviceCode: NutrientAdviceServiceCode | null;
  /** A fixed description of `serviceCode` (never the service's own words), or `null`. */
  readonly serviceMessage: string | null;

  /**
   * Creates the error.
   *
   * @param code - Machine-readable reason.
   * @param message - What went wrong; must not contain the API key.
   * @param options - The HTTP `status`, the `serviceCode`, the `fieldId` and the `cause`, if any.
   *   `serviceMessage` defaults to the fixed description of `serviceCode`.
   * @returns The error.
   * @throws Never.
   * @example
   * ```ts
   * import assert from "node:assert";
   * import { NutrientAdviceError } from "fdm-calculator";
   *
   * const error = new NutrientAdviceError("NUTRIENT_ADVICE_HTTP_ERROR", "HTTP 503", {
   *   status: 503,
   *   serviceCode: "unavailable",
   * });
   * assert.deepEqual(
   *   [error.status, error.serviceCode, error.serviceMessage],
   *   [503, "unavailable", "the service is unavailable for now"],
   * );
   * ```
   */
  constructor(
    code: NutrientAdviceErrorCode,
    message: string,
    options: {
      status?: number | null;
      serviceCode?: NutrientAdviceServiceCode | null;
      serviceMessage?: string | null;
      fieldId?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(code, message, { fieldId: options.fieldId ?? null, cause: options.cause });
    this.name = "NutrientAdviceError";
    this.status = options.status ?? null;
    this.serviceCode = options.serviceCode ?? null;
    this.serviceMessage =
      options.serviceMessage ??
      (this.serviceCode !== null && Object.hasOwn(SERVICE_CODE_MESSAGES, this.serviceCode)
        ? SERVICE_CODE_MESSAGES[this.serviceCode]
        : null);
  }
}

/**
 * The twelve nutrients of an advice, in the order the contract lists them;
 * every answer of the service must hold each of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { NUTRIENT_ADVICE_NUTRIENTS } from "fdm-calculator";
 *
 * assert.deepEqual(NUTRIENT_ADVICE_NUTRIENTS.slice(0, 3), ["n", "p2o5", "k2o"]);
 * ```
 */
export const NUTRIENT_ADVICE_NUTRIENTS: readonly NutrientAdviceNutrient[] = deepFreeze([
  "n",
  "p2o5",
  "k2o",
  "s",
  "mg",
  "ca",
  "na",
  "cu",
  "zn",
  "b",
  "mo",
  "co",
]);

const SOIL_KEYS: readonly (keyof NutrientAdviceSoilData)[] = [
  "pAl",
  "pCaCl2",
  "kCaCl2",
  "kCec",
  "mgCaCl2",
  "sTotal",
  "nTotal",
  "cec",
  "organicMatter",
  "clayContent",
  "ph",
];

/** The physical bound of each soil value with a unit of its own (pH and the percentages are checked apart). */
const SOIL_BOUNDS: Partial<Record<keyof NutrientAdviceSoilData, PhysicalBoundName>> = {
  pAl: "soilPAl",
  pCaCl2: "soilPCaCl2",
  kCaCl2: "soilKCaCl2",
  kCec: "soilCec",
  mgCaCl2: "soilMgCaCl2",
  sTotal: "soilSTotal",
  nTotal: "soilNTotal",
  cec: "soilCec",
};

/** The physical bound of each nutrient of an advice. */
function adviceBound(nutrient: NutrientAdviceNutrient): PhysicalBoundName {
  if (nutrient === "ca") return "adviceLime";
  if (["cu", "zn", "b", "mo", "co"].includes(nutrient)) return "adviceTraceElement";
  return "adviceNutrient";
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** The largest answer read, in bytes (1 MiB): an advice is a few hundred bytes. */
const MAX_ANSWER_BYTES = 1_048_576;
/** The largest error body read for its `code`; a longer one is not looked at. */
const MAX_ERROR_BODY_BYTES = 4_096;

function label(input: { fieldId?: unknown } | null | undefined): string {
  return typeof input?.fieldId === "string" ? `Field "${input.fieldId}"` : "Nutrient advice input";
}

function invalid(
  input: NutrientAdviceInput,
  message: string,
  code: FdmCalculatorErrorCode = "INVALID_INPUT",
) {
  return new FdmCalculatorError(code, `${label(input)}: ${message}`, {
    fieldId: input?.fieldId ?? null,
  });
}

function checkCultivation(input: NutrientAdviceInput): { cultivationId: string; brpCode: number } {
  const match =
    typeof input.cultivation === "string" ? /^(?:nl_)?(\d+)$/.exec(input.cultivation) : null;
  if (match === null) {
    throw invalid(
      input,
      `cultivation must be a BRP gewascode ("265") or catalogue id ("nl_265"), got ${JSON.stringify(input.cultivation)}`,
    );
  }
  const brpCode = Number(match[1]);
  if (!getCultivationCatalogue("brp").some((item) => item.sourceCode === brpCode)) {
    throw invalid(
      input,
      `cultivation ${input.cultivation} is not a BRP gewascode of the catalogue`,
      "UNKNOWN_CULTIVATION",
    );
  }
  return { cultivationId: `nl_${brpCode}`, brpCode };
}

function checkLocation(input: NutrientAdviceInput): void {
  const location = input.location as { type?: unknown; coordinates?: unknown } | null | undefined;
  if (location?.type === "Point") {
    const [lon, lat] = Array.isArray(location.coordinates) ? location.coordinates : [];
    if (
      typeof lon !== "number" ||
      typeof lat !== "number" ||
      !(lon >= -180 && lon <= 180) ||
      !(lat >= -90 && lat <= 90)
    ) {
      throw invalid(input, "location must be a WGS84 point [longitude, latitude]");
    }
    return;
  }
  const problem = checkPolygonal(location);
  if (problem !== null) {
    throw invalid(
      input,
      `location must be a GeoJSON Point, Polygon or MultiPolygon in WGS84; ${problem}`,
    );
  }
}

function checkSoil(input: NutrientAdviceInput): NutrientAdviceSoilData {
  const soil = input.soil as unknown;
  if (typeof soil !== "object" || soil === null || Array.isArray(soil)) {
    throw invalid(input, "soil must be an object of soil parameters");
  }
  const checked: NutrientAdviceSoilData = {};
  for (const [key, value] of Object.entries(soil)) {
    if (!(SOIL_KEYS as readonly string[]).includes(key)) {
      throw invalid(
        input,
        `soil.${key} is not a known soil parameter (known: ${SOIL_KEYS.join(", ")})`,
      );
    }
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw invalid(
        input,
        `soil.${key} must be a finite number of 0 or more, got ${JSON.stringify(value)}`,
      );
    }
    if (key === "ph" && value > 14)
      throw invalid(input, `soil.ph must lie between 0 and 14, got ${value}`);
    if ((key === "organicMatter" || key === "clayContent") && value > 100) {
      throw invalid(input, `soil.${key} is a percentage and must be at most 100, got ${value}`);
    }
    const bound = SOIL_BOUNDS[key as keyof NutrientAdviceSoilData];
    if (bound !== undefined) {
      checkBound(value, bound, `soil.${key}`, {
        fieldId: input.fieldId ?? null,
        label: label(input),
      });
    }
    checked[key as keyof NutrientAdviceSoilData] = value;
  }
  return checked;
}

function checkOptions(options: NutrientAdviceOptions | undefined, fieldId: string | null) {
  const notConfigured = (what: string) =>
    new NutrientAdviceError("NUTRIENT_ADVICE_NOT_CONFIGURED", `requestNutrientAdvice: ${what}`, {
      fieldId,
    });
  const endpoint = options?.endpoint;
  let url: URL | null = null;
  try {
    url = typeof endpoint === "string" ? new URL(endpoint) : null;
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw notConfigured("options.endpoint must be the http(s) URL of a nutrient-advice service");
  }
  // fetch refuses such a URL with the whole URL, password included, in its message.
  if (url.username !== "" || url.password !== "") {
    throw notConfigured(
      "options.endpoint must not hold a user name or password; give the credential as options.apiKey",
    );
  }
  const apiKey = options?.apiKey;
  // Control characters would make fetch reject the header with the key in its message.
  if (
    typeof apiKey !== "string" ||
    apiKey.trim() === "" ||
    [...apiKey].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  ) {
    throw notConfigured("options.apiKey must be a non-empty API key without control characters");
  }
  const timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      `requestNutrientAdvice: options.timeoutMs must be a number of milliseconds above 0, got ${JSON.stringify(timeoutMs)}`,
      { fieldId },
    );
  }
  checkBound(timeoutMs, "timeoutMs", "options.timeoutMs", {
    fieldId,
    label: "requestNutrientAdvice",
  });
  const fetchFn = options?.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== "function") throw notConfigured("options.fetch must be a fetch function");
  return { url, apiKey, timeoutMs, fetchFn };
}

/**
 * The service's name in errors: its origin (scheme, host and port), never the user name,
 * password, path or query of the endpoint, which may hold a token. Should even the host name hold
 * 8 characters of the key, the endpoint is not named at all.
 */
function serviceName(url: URL, apiKey: string): string {
  const origin = url.origin.toLowerCase();
  const key = apiKey.toLowerCase();
  const run = Math.min(8, key.length);
  for (let i = 0; i + run <= key.length; i++) {
    if (origin.includes(key.slice(i, i + run))) return "at the configured endpoint";
  }
  return url.origin;
}

/** Network error codes of Node and undici worth passing on; any other code is left out. */
const NETWORK_ERROR_CODES: ReadonlySet<string> = deepFreeze(
  new Set([
    "ECONNREFUSED",
    "ECONNRESET",
    "ECONNABORTED",
    "EPIPE",
    "ETIMEDOUT",
    "EHOSTUNREACH",
    "ENETUNREACH",
    "ENOTFOUND",
    "EAI_AGAIN",
    "UND_ERR_SOCKET",
    "UND_ERR_CONNECT_TIMEOUT",
    "UND_ERR_HEADERS_TIMEOUT",
    "UND_ERR_BODY_TIMEOUT",
    "UND_ERR_CLOSED",
    "CERT_HAS_EXPIRED",
    "DEPTH_ZERO_SELF_SIGNED_CERT",
    "SELF_SIGNED_CERT_IN_CHAIN",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    "ERR_TLS_CERT_ALTNAME_INVALID",
  ]),
);

/** The first known network error code in an error's `cause` chain, or `null`. */
function networkErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_ERROR_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Reads a body as text, up to `cap` bytes: a declared or counted length above it stops the read
 * there (`tooLarge`), so a huge answer never fills memory. The read also stops when `signal`
 * aborts, even with a `fetch` whose stream ignores it.
 */
async function readCapped(
  response: Response,
  cap: number,
  signal: AbortSignal,
): Promise<{ text: string; tooLarge: boolean }> {
  const body = response.body;
  const declared = Number(response.headers?.get("content-length") ?? Number.NaN);
  if (declared > cap) {
    await body?.cancel().catch(() => {});
    return { text: "", tooLarge: true };
  }
  if (body === null || body === undefined) return { text: "", tooLarge: false };
  const reader = body.getReader();
  let finished = false;
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  try {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > cap) return { text: "", tooLarge: true };
      chunks.push(value);
    }
    finished = true;
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return { text: new TextDecoder().decode(bytes), tooLarge: false };
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
  }
}

/** The service's error code, when the body is exactly the contract's `{ "code": … }` with a known code. */
function serviceCodeOf(body: string): NutrientAdviceServiceCode | null {
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code;
    return typeof code === "string" && Object.hasOwn(SERVICE_CODE_MESSAGES, code)
      ? (code as NutrientAdviceServiceCode)
      : null;
  } catch {
    return null;
  }
}

/** What kind of JSON value this is, for a message that must not quote it. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return value < 0 ? "a negative number" : "a number";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

// No key, value or text of the answer is quoted: it is the service's text and may echo a secret.
function parseAdvice(
  body: string,
  cultivationId: string,
  where: string,
  status: number,
  fieldId: string | null,
): NutrientAdvice {
  const fail = (problem: string) =>
    new NutrientAdviceError(
      "NUTRIENT_ADVICE_MALFORMED_RESPONSE",
      `Nutrient-advice service ${where}: the answer does not fit the contract: ${problem}`,
      { status, fieldId },
    );
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw fail("the body is not valid JSON");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw fail("the body is not a JSON object");
  const advice = (data as { advice?: unknown }).advice;
  if (typeof advice !== "object" || advice === null || Array.isArray(advice)) {
    throw fail('"advice" is missing or not an object');
  }
  const unknown = Object.keys(advice).filter(
    (key) => !(NUTRIENT_ADVICE_NUTRIENTS as readonly string[]).includes(key),
  ).length;
  if (unknown > 0) {
    throw fail(
      `"advice" holds ${unknown} key${unknown === 1 ? "" : "s"} that ${unknown === 1 ? "is not a nutrient" : "are not nutrients"} of the contract (${NUTRIENT_ADVICE_NUTRIENTS.join(", ")})`,
    );
  }
  const nutrients = {} as NutrientAdviceNutrients;
  for (const key of NUTRIENT_ADVICE_NUTRIENTS) {
    if (!Object.hasOwn(advice, key))
      throw fail(`"advice.${key}" is missing (use null for no advice)`);
    const value = (advice as Record<string, unknown>)[key];
    if (value !== null && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) {
      throw fail(`"advice.${key}" must be a number of 0 or more, or null; got ${kindOf(value)}`);
    }
    const bound = PHYSICAL_BOUNDS[adviceBound(key)];
    if (typeof value === "number" && value > bound.max) {
      throw fail(
        `"advice.${key}" is above the physical bound of at most ${bound.max} ${bound.unit} (${bound.reason})`,
      );
    }
    nutrients[key] = value as number | null;
  }
  return { cultivationId, nutrients };
}

/**
 * Asks a nutrient-advice service for a field's fertilization advice: nitrogen,
 * phosphate, potash and the other nutrients the service gives, in kg per ha.
 *
 * The service is the caller's: FDM ships no endpoint and no key. The request
 * follows FDM's own contract, which the service (or an adapter in front of
 * it) must speak. The public NMI-agro fertilization-plan API is one service
 * that gives such advice; fdm-calculator does not claim to speak its schema,
 * so reach it through an adapter that translates this contract.
 *
 * Contract (version 1):
 * - Request: `POST <endpoint>` with headers `Content-Type: application/json`,
 *   `Accept: application/json` and `Authorization: Bearer <apiKey>`; body
 *   `{ "cultivation": { "catalogueId": "nl_265", "brpCode": 265 }, "location": <GeoJSON geometry>, "soil": { … } }`,
 *   where `soil` holds the given {@link NutrientAdviceSoilData} values under
 *   the same names and units.
 * - Answer: a 2xx status with at most 1 MiB (1 048 576 bytes) of
 *   `{ "advice": { "n": …, "p2o5": …, "k2o": …, "s": …, "mg": …, "ca": …, "na": …, "cu": …, "zn": …, "b": …, "mo": …, "co": … } }`:
 *   every one of the twelve keys present, each a number ≥ 0 in the unit of
 *   {@link NutrientAdviceNutrients} within its physical bound (`PHYSICAL_BOUNDS`
 *   adviceNutrient, adviceLime for `ca`, adviceTraceElement for cu, zn, b, mo, co) or `null`; other keys inside `advice` are
 *   refused, other top-level keys are ignored. Reading stops at the 1 MiB:
 *   a larger answer is refused without being read further.
 * - Errors: any other status, optionally with the body `{ "code": "<code>" }`
 *   where `<code>` is a {@link NutrientAdviceServiceCode}; it becomes
 *   `serviceCode`. Any other error body is not looked at.
 *
 * The whole exchange, answer body included, must end within `timeoutMs`
 * (default 30 000 ms, at most 600 000). The API key is sent only in the
 * `Authorization` header. No error holds text from the service or from
 * `fetch`, nor the endpoint's user name, password, path or query: errors name
 * the service by its origin and hold fixed words, the status, the contract's
 * codes and known network error codes. This function logs nothing.
 *
 * @param input - The field's crop (BRP code or `nl_` catalogue id), location (GeoJSON Point, Polygon or MultiPolygon in WGS84) and current soil data.
 * @param options - The service's `endpoint` and `apiKey`, the `timeoutMs` (default 30 000) and optionally a `fetch` to use.
 * @returns The advice per nutrient, kg/ha.
 * @throws {FdmCalculatorError} `INVALID_INPUT` when the input breaks a rule (the message names the field and the rule;
 *   a soil value or `timeoutMs` beyond its physical bound in `PHYSICAL_BOUNDS` throws the subclass `OutOfBoundsError`),
 *   `UNKNOWN_CULTIVATION` when the crop is not a BRP gewascode of the catalogue.
 * @throws {NutrientAdviceError} `NUTRIENT_ADVICE_NOT_CONFIGURED` without a valid endpoint or key, or with an endpoint
 *   that holds a user name or password; `NUTRIENT_ADVICE_UNREACHABLE` when the request fails before an answer;
 *   `NUTRIENT_ADVICE_TIMEOUT` when the answer, body included, takes longer than `timeoutMs`;
 *   `NUTRIENT_ADVICE_HTTP_ERROR` (with `status`, and `serviceCode` and `serviceMessage` when the body gives a known
 *   code) on a non-2xx status; `NUTRIENT_ADVICE_MALFORMED_RESPONSE` when the answer is larger than 1 MiB or does
 *   not fit the contract.
 * @example
 * ```ts fragment="needs a nutrient-advice service"
 * import { requestNutrientAdvice } from "fdm-calculator";
 *
 * const advice = await requestNutrientAdvice(
 *   {
 *     fieldId: "field-1",
 *     cultivation: "nl_265",
 *     location: { type: "Point", coordinates: [5.66, 51.97] },
 *     soil: { pAl: 32, pCaCl2: 2.1, kCaCl2: 110, organicMatter: 4.2, ph: 5.6 },
 *   },
 *   { endpoint: "http://127.0.0.1:8080/advice", apiKey: process.env.ADVICE_API_KEY ?? "", timeoutMs: 10_000 },
 * );
 * console.log(advice.nutrients.n, advice.nutrients.p2o5); // kg N/ha, kg P2O5/ha
 * ```
 */
export async function requestNutrientAdvice(
  input: NutrientAdviceInput,
  options: NutrientAdviceOptions,
): Promise<NutrientAdvice> {
  if (typeof input !== "object" || input === null) {
    throw new FdmCalculatorError(
      "INVALID_INPUT",
      "Nutrient advice input: must be an object with cultivation, location and soil",
    );
  }
  const fieldId = typeof input.fieldId === "string" ? input.fieldId : null;
  const { url, apiKey, timeoutMs, fetchFn } = checkOptions(options, fieldId);
  const { cultivationId, brpCode } = checkCultivation(input);
  checkLocation(input);
  const soil = checkSoil(input);
  const where = serviceName(url, apiKey);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let status: number | null = null;
  let answer: { text: string; tooLarge: boolean };
  try {
    const response = await fetchFn(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Authorization: `Bearer ${apiKey}`,
      },
      body: JSON.stringify({
        cultivation: { catalogueId: cultivationId, brpCode },
        location: input.location,
        soil,
      }),
      signal: controller.signal,
    });
    status = response.status;
    if (status >= 200 && status <= 299) {
      answer = await readCapped(response, MAX_ANSWER_BYTES, controller.signal);
    } else {
      // An error body only may give a code: one that cannot be read gives none.
      answer = await readCapped(response, MAX_ERROR_BODY_BYTES, controller.signal).catch(() => ({
        text: "",
        tooLarge: true,
      }));
    }
  } catch (error) {
    if (timedOut) {
      throw new NutrientAdviceError(
        "NUTRIENT_ADVICE_TIMEOUT",
        `Nutrient-advice service ${where}: no complete answer within ${timeoutMs} ms`,
        { status, fieldId },
      );
    }
    const code = networkErrorCode(error);
    const cause = new Error(code === null ? "the request failed" : `the request failed: ${code}`);
    throw new NutrientAdviceError(
      "NUTRIENT_ADVICE_UNREACHABLE",
      `Nutrient-advice service ${where}: the request failed${code === null ? "" : ` (${code})`}`,
      { status, fieldId, cause },
    );
  } finally {
    clearTimeout(timer);
    // Closes the connection of an answer not read to its end.
    controller.abort();
  }

  if (status < 200 || status > 299) {
    const serviceCode = answer.tooLarge ? null : serviceCodeOf(answer.text);
    throw new NutrientAdviceError(
      "NUTRIENT_ADVICE_HTTP_ERROR",
      `Nutrient-advice service ${where}: HTTP ${status}${serviceCode === null ? "" : ` (${serviceCode})`}`,
      { status, serviceCode, fieldId },
    );
  }
  if (answer.tooLarge) {
    throw new NutrientAdviceError(
      "NUTRIENT_ADVICE_MALFORMED_RESPONSE",
      `Nutrient-advice service ${where}: the answer is larger than the contract's 1 MiB (${MAX_ANSWER_BYTES} bytes); reading stopped there`,
      { status, fieldId },
    );
  }
  return parseAdvice(answer.text, cultivationId, where, status, fieldId);
}
