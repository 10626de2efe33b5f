import { z } from "@hono/zod-openapi";
import {
  getDoseForField,
  getNitrogenBalanceForFarm,
  getNL2025GebruiksnormenForFarm,
  getNL2026GebruiksnormenForFarm,
  getOrganicMatterBalanceForFarm,
} from "fdm-calculator";
import { getGrazingIntention, setGrazingIntention } from "fdm-core";
import { body, json, noContent, op, type RouteDeps, send } from "../route.js";
import { idParam } from "../schemas.js";

const tags = ["Calculations"];
const farmParams = z.object({ farmId: idParam("farmId") });
const yearParams = farmParams.extend({
  year: z.coerce
    .number()
    .int()
    .min(2025)
    .max(2026)
    .openapi({ param: { name: "year", in: "path" }, example: 2025, description: "2025 or 2026." }),
});
const region = z.enum(["klei", "veen", "zand_nwc", "zand_zuid", "loess"]);
const origin = z.record(z.string(), z.enum(["eigen_bedrijf", "aangevoerd"]));
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
      "What fdm-core does not hold (fdm-calculator's NL2025NormsCollectorOptions / NL2026NormsCollectorOptions, without geodata files): per field its region and areas, and the farm's status. `hasDerogation`, `isGWBG`, `isNatura2000` and `isDerogatievrijeZone` count for 2025 only.",
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
    residueNitrogen: z.record(z.string(), z.number().nullable()).optional(),
    nitrogenFixation: z.record(z.string(), z.number().nullable()).optional(),
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
    effectiveOrganicMatter: z.record(z.string(), z.number().nullable()).optional(),
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

/** A farm's calculations for a year: the norms and their filling, the balances, the dose; and the grazing intention they read. */
export function calculationRoutes({ app, fdm }: RouteDeps): void {
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/calculations/norms/{year}",
      operationId: "getGebruiksnormenForFarm",
      summary:
        "The gebruiksnormen (application norms) of a year and their filling, per field and for the farm (fdm-calculator getNL2025GebruiksnormenForFarm / getNL2026GebruiksnormenForFarm).",
      tags,
      request: { params: yearParams, body: body(normsOptions) },
      responses: {
        200: json(
          result(
            "FarmGebruiksnormen",
            "fdm-calculator's BaseFarmGebruiksnormen (2025) or RenureFarmGebruiksnormen (2026).",
          ),
          "The norms and their filling.",
        ),
      },
    }),
    async (c) => {
      const { farmId, year } = c.req.valid("param");
      const principal = c.get("principalId");
      const options = c.req.valid("json");
      const norms =
        year === 2025
          ? await getNL2025GebruiksnormenForFarm(fdm, principal, farmId, options)
          : await getNL2026GebruiksnormenForFarm(fdm, principal, farmId, options);
      return send(c, 200, norms);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/calculations/nitrogen-balance",
      operationId: "getNitrogenBalanceForFarm",
      summary:
        "The farm's nitrogen balance over a period (fdm-calculator getNitrogenBalanceForFarm).",
      tags,
      request: { params: farmParams, body: body(nitrogenOptions) },
      responses: {
        200: json(result("NitrogenBalance", "fdm-calculator's NitrogenBalance."), "The balance."),
      },
    }),
    async (c) => {
      const { start, end, ...options } = c.req.valid("json");
      const balance = await getNitrogenBalanceForFarm(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        toTimeframe({ start, end }),
        options as Parameters<typeof getNitrogenBalanceForFarm>[4],
      );
      return send(c, 200, balance);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/farms/{farmId}/calculations/organic-matter-balance",
      operationId: "getOrganicMatterBalanceForFarm",
      summary:
        "The farm's organic-matter balance over a period (fdm-calculator getOrganicMatterBalanceForFarm).",
      tags,
      request: { params: farmParams, body: body(organicMatterOptions) },
      responses: {
        200: json(
          result("OrganicMatterBalance", "fdm-calculator's OrganicMatterBalance."),
          "The balance.",
        ),
      },
    }),
    async (c) => {
      const { start, end, ...options } = c.req.valid("json");
      const balance = await getOrganicMatterBalanceForFarm(
        fdm,
        c.get("principalId"),
        c.req.valid("param").farmId,
        toTimeframe({ start, end }),
        options as Parameters<typeof getOrganicMatterBalanceForFarm>[4],
      );
      return send(c, 200, balance);
    },
  );
  app.openapi(
    op({
      method: "post",
      path: "/fields/{fieldId}/calculations/dose",
      operationId: "getDoseForField",
      summary:
        "The nutrients applied to a field over a period, per application (fdm-calculator getDoseForField).",
      tags,
      request: { params: z.object({ fieldId: idParam("fieldId") }), body: body(doseOptions) },
      responses: { 200: json(result("Dose", "fdm-calculator's Dose."), "The dose.") },
    }),
    async (c) => {
      const { start, end, ...options } = c.req.valid("json");
      const dose = await getDoseForField(
        fdm,
        c.get("principalId"),
        c.req.valid("param").fieldId,
        toTimeframe({ start, end }),
        options,
      );
      return send(c, 200, dose);
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
