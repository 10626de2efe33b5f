import { getCultivationCatalogue } from "fdm-data";
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
  /** The service's `http://` or `https://` URL, to which the request is POSTed. */
  endpoint: string;
  /** The API key, sent as `Authorization: Bearer <apiKey>`. It never appears in an error. */
  apiKey: string;
  /** How long to wait for the whole answer, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** The `fetch` to use; default the global `fetch`. */
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
 * The error {@link requestNutrientAdvice} throws when the service is not
 * configured, cannot be reached, is too slow, answers with an HTTP error or
 * answers something outside the contract. It is an {@link FdmCalculatorError}.
 * Its message, `serviceMessage` and `cause` never contain the API key, nor any run
 * of 8 of its characters in any case (an echo lower-cased or cut short): text that
 * does is not copied, and a fixed `[withheld: …]` note stands in its place.
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
 *   if (error instanceof NutrientAdviceError) console.log(error.code, error.status, error.serviceMessage);
 * }
 * ```
 */
export class NutrientAdviceError extends FdmCalculatorError {
  /** Machine-readable reason. */
  declare readonly code: NutrientAdviceErrorCode;
  /** The HTTP status the service answered with, or `null` when there was no answer. */
  readonly status: number | null;
  /** The service's own explanation (its `message` or `error`, or its plain-text body), or `null`. */
  readonly serviceMessage: string | null;

  /**
   * Creates the error.
   *
   * @param code - Machine-readable reason.
   * @param message - What went wrong; must not contain the API key.
   * @param options - The HTTP `status`, the `serviceMessage`, the `fieldId` and the `cause`, if any.
   * @returns The error.
   * @throws Never.
   * @example
   * ```ts
   * import assert from "node:assert";
   * import { NutrientAdviceError } from "fdm-calculator";
   *
   * const error = new NutrientAdviceError("NUTRIENT_ADVICE_HTTP_ERROR", "HTTP 503", {
   *   status: 503,
   *   serviceMessage: "maintenance",
   * });
   * assert.deepEqual([error.status, error.serviceMessage], [503, "maintenance"]);
   * ```
   */
  constructor(
    code: NutrientAdviceErrorCode,
    message: string,
    options: {
      status?: number | null;
      serviceMessage?: string | null;
      fieldId?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(code, message, { fieldId: options.fieldId ?? null, cause: options.cause });
    this.name = "NutrientAdviceError";
    this.status = options.status ?? null;
    this.serviceMessage = options.serviceMessage ?? null;
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
export const NUTRIENT_ADVICE_NUTRIENTS: readonly NutrientAdviceNutrient[] = [
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
];

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
const MAX_SERVICE_MESSAGE = 500;

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

/** The shortest run of the key that counts as a leak (the whole key when it is shorter). */
const KEY_RUN = 8;
const WITHHELD = "[withheld: the service's text contained part of the API key]";

/**
 * Whether `text` holds any run of `KEY_RUN` characters of the key, in any case: a service may
 * echo the key lower-cased or cut short, and such text is never copied.
 */
function leaksKey(text: string, apiKey: string): boolean {
  const haystack = text.toLowerCase();
  const key = apiKey.toLowerCase();
  const run = Math.min(KEY_RUN, key.length);
  for (let i = 0; i + run <= key.length; i++) {
    if (haystack.includes(key.slice(i, i + run))) return true;
  }
  return false;
}

/** The text itself, or a fixed note when it holds part of the key. */
function redact(text: string, apiKey: string): string {
  return leaksKey(text, apiKey) ? WITHHELD : text;
}

// A copy of an underlying error that keeps its name and message (with the key
// removed) but drops everything else it may hold, such as request headers.
function safeCause(error: unknown, apiKey: string): Error {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  const copy = new Error(redact(parts.join(" <- "), apiKey));
  copy.name = error instanceof Error ? error.name : "Error";
  return copy;
}

function serviceMessageOf(body: string, apiKey: string): string | null {
  let message: string | null = null;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed === "object" && parsed !== null) {
      const { message: m, error: e } = parsed as { message?: unknown; error?: unknown };
      if (typeof m === "string") message = m;
      else if (typeof e === "string") message = e;
      else if (
        typeof e === "object" &&
        e !== null &&
        typeof (e as { message?: unknown }).message === "string"
      ) {
        message = (e as { message: string }).message;
      }
    }
  } catch {
    message = body.trim() === "" ? null : body.trim();
  }
  if (message === null) return null;
  const clean = redact(message, apiKey);
  return clean.length > MAX_SERVICE_MESSAGE ? `${clean.slice(0, MAX_SERVICE_MESSAGE)}…` : clean;
}

function parseAdvice(
  body: string,
  cultivationId: string,
  where: string,
  fieldId: string | null,
  apiKey: string,
): NutrientAdvice {
  // Keys and values of the answer are the service's text: quoted only when they hold no part of the key.
  const quote = (value: unknown) => redact(JSON.stringify(value) ?? String(value), apiKey);
  const fail = (problem: string, cause?: unknown) =>
    new NutrientAdviceError(
      "NUTRIENT_ADVICE_MALFORMED_RESPONSE",
      `Nutrient-advice service ${where}: the answer does not fit the contract: ${problem}`,
      { status: 200, fieldId, cause },
    );
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (error) {
    throw fail("the body is not valid JSON", error);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw fail("the body is not a JSON object");
  const advice = (data as { advice?: unknown }).advice;
  if (typeof advice !== "object" || advice === null || Array.isArray(advice)) {
    throw fail('"advice" is missing or not an object');
  }
  for (const key of Object.keys(advice)) {
    if (!(NUTRIENT_ADVICE_NUTRIENTS as readonly string[]).includes(key)) {
      throw fail(
        `"advice" holds ${quote(key)}, which is not a nutrient of the contract (${NUTRIENT_ADVICE_NUTRIENTS.join(", ")})`,
      );
    }
  }
  const nutrients = {} as NutrientAdviceNutrients;
  for (const key of NUTRIENT_ADVICE_NUTRIENTS) {
    if (!Object.hasOwn(advice, key))
      throw fail(`"advice.${key}" is missing (use null for no advice)`);
    const value = (advice as Record<string, unknown>)[key];
    if (value !== null && (typeof value !== "number" || !Number.isFinite(value) || value < 0)) {
      throw fail(`"advice.${key}" must be a number of 0 or more, or null; got ${quote(value)}`);
    }
    const bound = PHYSICAL_BOUNDS[adviceBound(key)];
    if (typeof value === "number" && value > bound.max) {
      throw fail(
        `"advice.${key}" is ${value} ${bound.unit}, above the physical bound of at most ${bound.max} ${bound.unit} (${bound.reason})`,
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
 * - Answer: status 200 with `{ "advice": { "n": …, "p2o5": …, "k2o": …, "s": …, "mg": …, "ca": …, "na": …, "cu": …, "zn": …, "b": …, "mo": …, "co": … } }`:
 *   every one of the twelve keys present, each a number ≥ 0 in the unit of
 *   {@link NutrientAdviceNutrients} within its physical bound (`PHYSICAL_BOUNDS`
 *   adviceNutrient, adviceLime for `ca`, adviceTraceElement for cu, zn, b, mo, co) or `null`; other keys inside `advice` are
 *   refused, other top-level keys are ignored.
 * - Errors: any other status; an explanation in the body as JSON `message`,
 *   `error` or `error.message`, or as plain text, is passed on as
 *   `serviceMessage`.
 *
 * The API key is sent only in the `Authorization` header. Text from the service
 * (or from `fetch`) that holds the key or any run of 8 of its characters, in any
 * case, is never copied into an error message, `serviceMessage` or `cause`: a
 * fixed `[withheld: …]` note stands in its place. This function logs nothing.
 *
 * @param input - The field's crop (BRP code or `nl_` catalogue id), location (GeoJSON Point, Polygon or MultiPolygon in WGS84) and current soil data.
 * @param options - The service's `endpoint` and `apiKey`, the `timeoutMs` (default 30 000) and optionally a `fetch` to use.
 * @returns The advice per nutrient, kg/ha.
 * @throws {FdmCalculatorError} `INVALID_INPUT` when the input breaks a rule (the message names the field and the rule;
 *   a soil value or `timeoutMs` beyond its physical bound in `PHYSICAL_BOUNDS` throws the subclass `OutOfBoundsError`),
 *   `UNKNOWN_CULTIVATION` when the crop is not a BRP gewascode of the catalogue.
 * @throws {NutrientAdviceError} `NUTRIENT_ADVICE_NOT_CONFIGURED` without a valid endpoint or key;
 *   `NUTRIENT_ADVICE_UNREACHABLE` when the request fails before an answer; `NUTRIENT_ADVICE_TIMEOUT` when the
 *   answer takes longer than `timeoutMs`; `NUTRIENT_ADVICE_HTTP_ERROR` (with `status` and `serviceMessage`) on a
 *   non-2xx status; `NUTRIENT_ADVICE_MALFORMED_RESPONSE` when the answer does not fit the contract.
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
  const endpointText = `${url.origin}${url.pathname}`;
  const where = leaksKey(endpointText, apiKey) ? "at the configured endpoint" : endpointText;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let status = 0;
  let body: string;
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
    body = await response.text();
  } catch (error) {
    if (controller.signal.aborted) {
      throw new NutrientAdviceError(
        "NUTRIENT_ADVICE_TIMEOUT",
        `Nutrient-advice service ${where}: no complete answer within ${timeoutMs} ms`,
        { status: status === 0 ? null : status, fieldId },
      );
    }
    const cause = safeCause(error, apiKey);
    throw new NutrientAdviceError(
      "NUTRIENT_ADVICE_UNREACHABLE",
      `Nutrient-advice service ${where}: the request failed (${cause.message})`,
      { status: status === 0 ? null : status, fieldId, cause },
    );
  } finally {
    clearTimeout(timer);
  }

  if (status < 200 || status > 299) {
    const serviceMessage = serviceMessageOf(body, apiKey);
    throw new NutrientAdviceError(
      "NUTRIENT_ADVICE_HTTP_ERROR",
      `Nutrient-advice service ${where}: HTTP ${status}${serviceMessage === null ? "" : ` (${serviceMessage})`}`,
      { status, serviceMessage, fieldId },
    );
  }
  try {
    return parseAdvice(body, cultivationId, where, fieldId, apiKey);
  } catch (error) {
    if (error instanceof NutrientAdviceError) {
      // The message may quote the body, and JSON.parse's cause quotes part of it: keep them, without the key.
      const message = leaksKey(error.message, apiKey)
        ? `Nutrient-advice service ${where}: the answer does not fit the contract (${WITHHELD})`
        : error.message;
      throw new NutrientAdviceError(error.code, message, {
        status,
        fieldId,
        cause: error.cause === undefined ? undefined : safeCause(error.cause, apiKey),
      });
    }
    throw error;
  }
}
