import { z } from "@hono/zod-openapi";
import {
  collectInputForDose,
  collectInputForNitrogenBalance,
  collectInputForNorms,
  collectInputForOrganicMatterBalance,
  FdmCalculatorError,
  getNormYears,
} from "fdm-calculator";
import { getGrazingIntention, setGrazingIntention } from "fdm-core";
import type { Context } from "hono";
import {
  type CalculationRead,
  CalculationRefused,
  type CalculationRunner,
} from "../calculation-pool.js";
import {
  type Problem,
  problemMediaType,
  problemOf,
  problemSchema,
  sendProblem,
} from "../problem.js";
import { body, documents, json, noContent, op, type RouteDeps, send } from "../route.js";
import { idParam } from "../schemas.js";

const tags = ["Calculations"];
const farmParams = z.object({ farmId: idParam("farmId") });
// The years come from fdm-calculator's registry: a year it gains is served, one it lacks refused.
const normYears = getNormYears();
const yearRule = `must be a year with norms in fdm-calculator: ${normYears.join(", ")}`;
const yearParams = farmParams.extend({
  year: z.coerce
    .number({ message: yearRule })
    .int({ message: yearRule })
    .refine((y) => normYears.includes(y), { message: yearRule })
    .openapi({
      param: { name: "year", in: "path" },
      example: normYears[0],
      description: `A year with norms in fdm-calculator: ${normYears.join(", ")}. Another year is refused with 422 \`INVALID_INPUT\`, \`field\` \`year\`.`,
    }),
});
const region = z.enum(["klei", "veen", "zand_nwc", "zand_zuid", "loess"]);
const origin = z.record(z.string(), z.enum(["eigen_bedrijf", "aangevoerd"])).openapi({
  description:
    "Herkomst (origin) of animal manure, keyed by the id of **the farm's fertilizer** (the `id` of an item of `GET /v1/farms/{farmId}/fertilizers`, which is what an application's `fertilizerId` names), not by a catalogue item id such as `rvo_14`: `eigen_bedrijf` (produced on the farm) or `aangevoerd` (brought in). The werkingscoëfficiënt of grazing-animal manure depends on it (Table 9); an application of such manure whose fertilizer has no entry is refused with 422 `MISSING_ORIGIN`.",
  example: { "9fcqljsw2afgoel2": "eigen_bedrijf" },
});
const fieldIdMap = <T extends z.ZodTypeAny>(value: T) => z.record(z.string().max(100), value);

// Geodata datasets (files on the server) are not accepted over HTTP: a client names each
// field's region and areas itself, and fdm-calculator says which it is missing.
const normsOptions = z
  .object({
    fields: fieldIdMap(
      z
        .object({
          region: region.optional(),
          isNVGebied: z.boolean().optional(),
          isGWBG: z.boolean().optional(),
          isNatura2000: z.boolean().optional(),
          isDerogatievrijeZone: z.boolean().optional(),
        })
        .strict(),
    ).optional(),
    hasDerogation: z.boolean().optional(),
    hasGrazingIntention: z.boolean().optional(),
    isOrganicCertified: z.boolean().optional(),
    manureOrigin: origin.optional(),
    cultivationDetails: fieldIdMap(
      z
        .object({
          variety: z.string().max(200).nullable().optional(),
          teeltwijze: z.string().max(200).nullable().optional(),
          grassPurpose: z
            .enum(["vanggewas_na_mais", "vanggewas", "groenbemester", "grasland"])
            .nullable()
            .optional(),
        })
        .strict(),
    ).optional(),
  })
  .strict()
  .openapi("NormsOptions", {
    description:
      "What fdm-core does not hold (fdm-calculator's NormsCollectorOptions, without geodata files): per field its region and areas, and the farm's status. `hasDerogation`, `isGWBG`, `isNatura2000` and `isDerogatievrijeZone` count for 2025 only.",
  });

const toTimeframe = (t: { start: string; end: string }) => ({
  start: new Date(t.start),
  end: new Date(t.end),
});
const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");
const nullableNumber = z.number().nullable().optional();

const nitrogenOptions = z
  .object({
    start: dayString.openapi({ example: "2025-01-01", description: "First day (included)." }),
    end: dayString.openapi({ example: "2025-12-31", description: "Last day (included)." }),
    fields: fieldIdMap(
      z
        .object({
          soilType: region.optional(),
          agriculturalSoilType: z.string().max(50).nullable().optional(),
          deposition: nullableNumber,
          mineralization: nullableNumber,
          groundwaterClass: z.string().max(20).nullable().optional(),
          surplusTarget: nullableNumber,
          nitrateLeachingFraction: nullableNumber,
        })
        .strict(),
    ).optional(),
    deposition: nullableNumber,
    mineralization: nullableNumber,
    residueNitrogen: z.record(z.string(), z.number().nullable()).optional().openapi({
      description:
        "Nitrogen in the crop residues, kg N/ha, keyed by **cultivation catalogue item id** (e.g. `nl_233`), instead of the figure worked out from the catalogue.",
    }),
    nitrogenFixation: z.record(z.string(), z.number().nullable()).optional().openapi({
      description:
        "Biological N fixation, kg N/ha per cultivation, keyed by **cultivation catalogue item id** (e.g. `nl_265`), instead of the crop's catalogue figure.",
    }),
  })
  .strict()
  .openapi("NitrogenBalanceRequest", {
    description:
      "The period (first and last day) and figures replacing the defaults (fdm-calculator's NitrogenBalanceCollectorOptions, without geodata, emission factors or surplus targets).",
  });

const organicMatterOptions = z
  .object({
    start: dayString.openapi({ example: "2025-01-01", description: "First day (included)." }),
    end: dayString.openapi({ example: "2025-12-31", description: "Last day (included)." }),
    fields: fieldIdMap(
      z
        .object({
          organicMatter: nullableNumber,
          bulkDensity: nullableNumber,
          soilType: z.string().max(50).nullable().optional(),
        })
        .strict(),
    ).optional(),
    effectiveOrganicMatter: z
      .record(z.string(), z.number().nullable())
      .optional()
      .openapi({
        description:
          "Effective organic matter, g EOM/kg product, keyed by **fertilizer catalogue item id** (the `catalogueItemId` of the farm's fertilizer, e.g. `rvo_14`; an item of `GET /v1/farms/{farmId}/catalogues/fertilizers/items`), not by the id of the farm's fertilizer: for products the catalogue gives no figure, or to replace the catalogue's. It applies to every fertilizer of the farm made from that item.",
        example: { rvo_14: 45 },
      }),
    temperature: z
      .object({ value: z.number(), source: z.string().max(500) })
      .nullable()
      .optional(),
  })
  .strict()
  .openapi("OrganicMatterBalanceRequest", {
    description:
      "The period and figures replacing the defaults (fdm-calculator's OrganicMatterBalanceCollectorOptions).",
  });

const doseOptions = z
  .object({
    start: dayString.openapi({ example: "2025-01-01", description: "First day (included)." }),
    end: dayString.openapi({ example: "2025-12-31", description: "Last day (included)." }),
    region: region.optional(),
    hasGrazingIntention: z.boolean().optional(),
    manureOrigin: origin.optional(),
  })
  .strict()
  .openapi("DoseRequest", {
    description: "The period and fdm-calculator's DoseForFieldOptions without geodata.",
  });

const result = (name: string, description: string) =>
  z
    .object({ fields: z.array(z.object({}).passthrough()).optional() })
    .passthrough()
    .openapi(name, { description });

/** Which body a calculation route takes: where a library option named in a message is in it. */
type BodyOf = "norms" | "balance" | "dose";

/** A rewrite of one kind of collector message: the detail and the body field it names. */
type Rewrite = (
  message: string,
  match: RegExpMatchArray,
  at: (name: string) => [text: string, field: string],
) => [detail: string, field: string];

const missingFlags: Record<string, string> = {
  "the field's soil region": "region",
  isNVGebied: "isNVGebied",
  isGWBG: "isGWBG",
};

// The collectors' advice names their options; over HTTP the body is the place to give a figure.
const rewrites: Array<[RegExp, Rewrite]> = [
  [
    /needs (the field's soil region|isNVGebied|isGWBG), which fdm-core does not hold; give it in options\.fields or configure options\.\w+$/,
    (message, m, at) => {
      const [text, field] = at(missingFlags[m[1] as string] as string);
      return [
        message.replace(/; give it in options.*$/, `; give it as ${text} in the body`),
        field,
      ];
    },
  ],
  [
    /depends on (isNatura2000|isDerogatievrijeZone); give it in options\.fields /,
    (message, m, at) => {
      const [text, field] = at(m[1] as string);
      return [
        message.replace("give it in options.fields", `give it as ${text} in the body`),
        field,
      ];
    },
  ],
  [
    /farm "([^"]*)" has none recorded for (\d+); record it with setGrazingIntention or give options\.hasGrazingIntention$/,
    (message, m) => [
      message.replace(
        /record it with .*$/,
        `record it with PUT /v1/farms/${m[1]}/grazing-intentions/${m[2]} or give hasGrazingIntention in the body`,
      ),
      "hasGrazingIntention",
    ],
  ],
  [
    /^\w+: options\.fields names field "/,
    (message) => [message.replace(/^\w+: options\./, ""), "fields"],
  ],
  [
    /; the collectors take it from options\.manureOrigin, keyed by /,
    (message) => [
      message.replace("; the collectors take it from options.", "; give it in the body's "),
      "manureOrigin",
    ],
  ],
];

/**
 * fdm-calculator's refusal as the HTTP client sees it: the collectors name their own options
 * (`options.fields`, `options.regionGeodata`, …), which the API's bodies call otherwise or do
 * not have (no dataset is accepted over HTTP). The detail, `field` and `rule` name the body's
 * members instead; other messages pass unchanged.
 *
 * @param err - The calculator's error.
 * @param route - Which body the request had.
 * @returns The problem to answer (422).
 */
export function calculatorProblem(err: FdmCalculatorError, route: BodyOf): Problem {
  const base = problemOf(err);
  const fieldId = err.message.match(/^Field "([^"]*)": /)?.[1];
  const at = (name: string): [string, string] =>
    route === "dose" || fieldId === undefined
      ? [name, name]
      : [`fields["${fieldId}"].${name}`, `fields.${fieldId}.${name}`];
  for (const [pattern, rewrite] of rewrites) {
    const match = err.message.match(pattern);
    if (!match) continue;
    const [detail, field] = rewrite(err.message, match, at);
    const rule = detail.replace(/^(Field "[^"]*"|Farm "[^"]*"|fields): /, "");
    return { ...base, detail, field, rule };
  }
  return base;
}

/**
 * Runs one calculation through the runner and answers it: the JSON the worker wrote, or a
 * problem (429/503/504 from the runner, 422 from the calculator in the body's names).
 */
async function answer(
  c: Context,
  calculations: CalculationRunner,
  route: BodyOf,
  read: CalculationRead,
): Promise<never> {
  try {
    const json = await calculations.run(c.get("principalId"), read);
    return c.body(json as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/json",
    }) as never;
  } catch (err) {
    if (err instanceof CalculationRefused) {
      return sendProblem(c, err.problem, err.headers) as never;
    }
    if (err instanceof FdmCalculatorError) {
      return sendProblem(c, calculatorProblem(err, route)) as never;
    }
    throw err;
  }
}

const problemContent = { [problemMediaType]: { schema: problemSchema } };
/** The answers every calculation may give besides 200 and the common problems. */
const calculationProblems = {
  429: {
    description:
      "Over the principal's requests per minute (`RATE_LIMITED`), or another calculation of the principal still running (`CALCULATION_IN_PROGRESS`); see Retry-After.",
    content: problemContent,
  },
  503: {
    description:
      "The database failed (`DATABASE`), or every calculation thread is busy and the queue full (`CALCULATION_BUSY`, with Retry-After).",
    content: problemContent,
  },
  504: {
    description:
      "The calculation did not finish within its time budget and was stopped (`CALCULATION_TIMEOUT`).",
    content: problemContent,
  },
};

/**
 * A farm's calculations for a year: the norms and their filling, the balances, the dose; and
 * the grazing intention they read. Each calculation reads the farm on the main thread (access
 * checked by fdm-core, as the principal), then computes and writes its JSON in a worker thread
 * of `calculations`, within its limits.
 */
export function calculationRoutes({
  app,
  fdm,
  calculations,
}: RouteDeps & { calculations: CalculationRunner }): void {
  const principal = (c: Context) => c.get("principalId") as string;
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/calculations/norms/{year}",
      operationId: "getGebruiksnormenForFarm",
      summary: `The gebruiksnormen (application norms) of a year and their filling, per field and for the farm (fdm-calculator collectInputForNorms and calculateGebruiksnormenForFarm; years ${normYears.join(", ")}).`,
      tags,
      request: { params: yearParams, body: body(normsOptions) },
      responses: {
        200: json(
          result(
            "FarmGebruiksnormen",
            "fdm-calculator's FarmGebruiksnormen: BaseFarmGebruiksnormen, or RenureFarmGebruiksnormen in a year with a RENURE norm (from 2026).",
          ),
          "The norms and their filling.",
        ),
        ...calculationProblems,
      },
    }),
    async (c) => {
      const { farmId, year } = c.req.valid("param");
      const options = c.req.valid("json");
      return answer(c, calculations, "norms", async () => ({
        kind: "norms",
        year,
        input: await collectInputForNorms(fdm, principal(c), farmId, year, options),
      }));
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/calculations/nitrogen-balance",
      operationId: "getNitrogenBalanceForFarm",
      summary:
        "The farm's nitrogen balance over a period (fdm-calculator collectInputForNitrogenBalance and calculateNitrogenBalance).",
      tags,
      request: { params: farmParams, body: body(nitrogenOptions) },
      responses: {
        200: json(result("NitrogenBalance", "fdm-calculator's NitrogenBalance."), "The balance."),
        ...calculationProblems,
      },
    }),
    async (c) => {
      const { start, end, ...options } = c.req.valid("json");
      const { farmId } = c.req.valid("param");
      return answer(c, calculations, "balance", async () => ({
        kind: "nitrogen-balance",
        input: await collectInputForNitrogenBalance(
          fdm,
          principal(c),
          farmId,
          toTimeframe({ start, end }),
          options as Parameters<typeof collectInputForNitrogenBalance>[4],
        ),
      }));
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/calculations/organic-matter-balance",
      operationId: "getOrganicMatterBalanceForFarm",
      summary:
        "The farm's organic-matter balance over a period (fdm-calculator collectInputForOrganicMatterBalance and calculateOrganicMatterBalance).",
      tags,
      request: { params: farmParams, body: body(organicMatterOptions) },
      responses: {
        200: json(
          result("OrganicMatterBalance", "fdm-calculator's OrganicMatterBalance."),
          "The balance.",
        ),
        ...calculationProblems,
      },
    }),
    async (c) => {
      const { start, end, ...options } = c.req.valid("json");
      const { farmId } = c.req.valid("param");
      return answer(c, calculations, "balance", async () => ({
        kind: "organic-matter-balance",
        input: await collectInputForOrganicMatterBalance(
          fdm,
          principal(c),
          farmId,
          toTimeframe({ start, end }),
          options as Parameters<typeof collectInputForOrganicMatterBalance>[4],
        ),
      }));
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/fields/{fieldId}/calculations/dose",
      operationId: "getDoseForField",
      summary:
        "The nutrients applied to a field over a period, per application (fdm-calculator collectInputForDose and calculateDose).",
      tags,
      request: { params: z.object({ fieldId: idParam("fieldId") }), body: body(doseOptions) },
      responses: {
        200: json(result("Dose", "fdm-calculator's Dose."), "The dose."),
        ...calculationProblems,
      },
    }),
    async (c) => {
      const { start, end, ...options } = c.req.valid("json");
      const { fieldId } = c.req.valid("param");
      return answer(c, calculations, "dose", async () => ({
        kind: "dose",
        input: await collectInputForDose(
          fdm,
          principal(c),
          fieldId,
          toTimeframe({ start, end }),
          options,
        ),
      }));
    },
  );

  const grazingParams = farmParams.extend({
    year: z.coerce
      .number()
      .int()
      .min(1900)
      .max(2200)
      .openapi({ param: { name: "year", in: "path" }, example: 2025 }),
  });
  const grazingSchema = z
    .object({ hasGrazingIntention: z.boolean().nullable() })
    .openapi("GrazingIntention", { description: "`null` when nothing is recorded for the year." });
  type Intention = Awaited<ReturnType<typeof getGrazingIntention>>;
  documents<typeof grazingSchema, { hasGrazingIntention: Intention }>(true);
  app.openapi(
    op({
      method: "get",
      path: "/farms/{farmId}/grazing-intentions/{year}",
      operationId: "getGrazingIntention",
      summary:
        "Whether the farm intends to graze (beweiding) in a year (fdm-core getGrazingIntention).",
      tags: ["Farms"],
      request: { params: grazingParams },
      responses: { 200: json(grazingSchema, "The intention.") },
    }),
    async (c) => {
      const { farmId, year } = c.req.valid("param");
      return send(c, 200, {
        hasGrazingIntention: await getGrazingIntention(fdm, c.get("principalId"), farmId, year),
      });
    },
  );
  app.openapi(
    op({
      method: "put",
      path: "/farms/{farmId}/grazing-intentions/{year}",
      operationId: "setGrazingIntention",
      summary:
        "Record whether the farm intends to graze (beweiding) in a year (fdm-core setGrazingIntention).",
      tags: ["Farms"],
      request: {
        params: grazingParams,
        body: body(
          z.object({ hasGrazingIntention: z.boolean() }).strict().openapi("GrazingIntentionInput"),
        ),
      },
      responses: { 204: { description: "Recorded." } },
    }),
    async (c) => {
      const { farmId, year } = c.req.valid("param");
      await setGrazingIntention(
        fdm,
        c.get("principalId"),
        farmId,
        year,
        c.req.valid("json").hasGrazingIntention,
      );
      return noContent(c);
    },
  );
}
