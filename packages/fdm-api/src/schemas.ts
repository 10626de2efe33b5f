import { z } from "@hono/zod-openapi";
import {
  type ApiKey,
  type CreatedApiKey,
  type Cultivation,
  type Farm,
  type FarmPrincipal,
  type FarmRoleOffer,
  type Fertilizer,
  type FertilizerApplication,
  type Field,
  fdmSchema,
  type Harvest,
  type Organization,
  type OrganizationInvitation,
  type OrganizationMember,
  type SoilAnalysis,
} from "fdm-core";
import { documents } from "./route.js";

// Request bodies are checked here for shape; fdm-core checks every rule (ranges, dates in
// order, catalogue items enabled) and its errors name the field, so they are not repeated.
// Each response schema is tied to the fdm-core type it sends by `documents`, at compile time.

/** A calendar date or an instant: `2025-03-01` or `2025-03-01T12:00:00Z`. */
export const dateInput = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    "must be a date (YYYY-MM-DD) or an ISO 8601 date-time with offset",
  )
  .refine((s) => !Number.isNaN(new Date(s).getTime()), "must be a real calendar date")
  .transform((s) => new Date(s))
  .openapi({ type: "string", example: "2025-03-01", description: "YYYY-MM-DD or ISO 8601." });

/** A date as the API answers it: ISO 8601 in UTC. */
export const dateOutput = z
  .string()
  .openapi({ format: "date-time", example: "2025-03-01T00:00:00.000Z" });

const id = z.string().min(1).max(100);
/** A path parameter holding an id. */
export const idParam = (name: string) =>
  id.openapi({ param: { name, in: "path" }, example: "k3j9x0q2m5v8w1z4" });

const position = z
  .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
  .openapi({ description: "[longitude, latitude] in WGS 84." });
const ring = z.array(position).min(4);
/** A field's outline: GeoJSON Polygon or MultiPolygon in WGS 84. */
export const geometrySchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("Polygon"), coordinates: z.array(ring).min(1) }),
    z.object({
      type: z.literal("MultiPolygon"),
      coordinates: z.array(z.array(ring).min(1)).min(1),
    }),
  ])
  .openapi("Geometry", { description: "GeoJSON Polygon or MultiPolygon (RFC 7946), WGS 84." });

const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => text(max).nullable().optional();

// ------------------------------------------------------------------ farms
// Enumerations come from fdm-core's schema, so the document follows the database.
export const farmRole = z.enum(fdmSchema.farmRole.enumValues);
export const farmInput = z
  .object({
    name: text(500).openapi({ example: "De Hoeve" }),
    businessId: nullableText(100).openapi({ description: "E.g. the KvK number." }),
    address: nullableText(500),
    postalCode: nullableText(20),
  })
  .strict()
  .openapi("FarmInput");
export const farmUpdate = farmInput.partial().strict().openapi("FarmUpdate");
export const farmSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    businessId: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    roles: z.array(farmRole),
    createdAt: dateOutput,
    updatedAt: dateOutput.nullable(),
  })
  .openapi("Farm");
documents<typeof farmSchema, Farm>(true);

// ------------------------------------------------------------------ fields
export const acquiringMethod = z
  .enum(fdmSchema.acquiringMethod.enumValues)
  .openapi({ description: "How the farm holds the field.", example: "owner" });
export const fieldInput = z
  .object({
    name: text(500).openapi({ example: "Achter de schuur" }),
    geometry: geometrySchema,
    acquiringDate: dateInput,
    acquiringMethod,
    discardingDate: dateInput.nullable().optional(),
  })
  .strict()
  .openapi("FieldInput");
export const fieldUpdate = fieldInput.partial().strict().openapi("FieldUpdate");
export const fieldSchema = z
  .object({
    id: z.string(),
    farmId: z.string(),
    name: z.string(),
    geometry: geometrySchema,
    areaHa: z.number(),
    acquiringDate: dateOutput,
    acquiringMethod,
    discardingDate: dateOutput.nullable(),
    createdAt: dateOutput,
    updatedAt: dateOutput.nullable(),
  })
  .openapi("Field");
documents<typeof fieldSchema, Field>(true);

// ------------------------------------------------------------------ cultivations
export const cultivationInput = z
  .object({
    catalogueItemId: z.string().max(100).openapi({ example: "nl_265" }),
    startDate: dateInput,
    endDate: dateInput.nullable().optional(),
  })
  .strict()
  .openapi("CultivationInput");
export const cultivationUpdate = cultivationInput
  .partial()
  .extend({ residuesLeft: z.boolean().nullable().optional() })
  .strict()
  .openapi("CultivationUpdate");
export const cultivationSchema = z
  .object({
    id: z.string(),
    fieldId: z.string(),
    farmId: z.string(),
    catalogueItemId: z.string(),
    catalogue: z.string(),
    nameNl: z.string(),
    nameEn: z.string().nullable(),
    harvestable: z.string(),
    rotation: z.string(),
    startDate: dateOutput,
    endDate: dateOutput.nullable(),
    residuesLeft: z.boolean().nullable(),
    createdAt: dateOutput,
    updatedAt: dateOutput.nullable(),
  })
  .openapi("Cultivation");
documents<typeof cultivationSchema, Cultivation>(true);

// ------------------------------------------------------------------ harvests
const analysisValue = z.number().nullable().optional();
export const harvestInput = z
  .object({
    harvestDate: dateInput,
    dryMatterYield: analysisValue.openapi({ description: "kg DM/ha, 0–100,000." }),
    dryMatterContent: analysisValue.openapi({ description: "g DM/kg fresh, 0–1,000." }),
    nitrogenContent: analysisValue.openapi({ description: "g N/kg DM, 0–100." }),
    phosphateContent: analysisValue.openapi({ description: "g P2O5/kg DM, 0–100." }),
    potashContent: analysisValue.openapi({ description: "g K2O/kg DM, 0–150." }),
  })
  .strict()
  .openapi("HarvestInput");
export const harvestSchema = z
  .object({
    id: z.string(),
    cultivationId: z.string(),
    harvestableId: z.string(),
    harvestDate: dateOutput,
    analysis: z.object({
      dryMatterYield: z.number().nullable(),
      dryMatterContent: z.number().nullable(),
      nitrogenContent: z.number().nullable(),
      phosphateContent: z.number().nullable(),
      potashContent: z.number().nullable(),
    }),
  })
  .openapi("Harvest");
documents<typeof harvestSchema, Harvest>(true);

// ------------------------------------------------------------------ fertilizers
export const fertilizerInput = z
  .object({
    catalogueItemId: z.string().max(100).optional().openapi({ example: "rvo_14" }),
    custom: z.record(z.string(), z.unknown()).optional().openapi({
      description: "A custom product's parameters (see fdm-core's FertilizerParameters).",
    }),
    acquiringDate: dateInput,
    amountKg: z.number().nullable().optional(),
  })
  .strict()
  .openapi("FertilizerInput");
export const fertilizerUpdate = z
  .object({ acquiringDate: dateInput.optional(), amountKg: z.number().nullable().optional() })
  .strict()
  .openapi("FertilizerUpdate");
export const fertilizerSchema = z
  .object({
    id: z.string(),
    farmId: z.string(),
    catalogueItemId: z.string(),
    catalogue: z.string(),
    nameNl: z.string(),
    nameEn: z.string().nullable(),
    typeRvo: z.literal(fdmSchema.typeRvoOptions.map((o) => o.value)).openapi({
      description:
        "The RVO mestcode (Table 11 of the Uitvoeringsregeling Meststoffenwet) as a number, e.g. 14 (cattle slurry) or 115 (kunstmest).",
      example: 14,
    }),
    isMineral: z.boolean(),
    isManure: z.boolean(),
    isCompost: z.boolean(),
    form: z.string().nullable(),
    n: z.number().nullable(),
    p2o5: z.number().nullable(),
    k2o: z.number().nullable(),
    applicationMethods: z.array(z.string()),
    acquiringDate: dateOutput,
    amountKg: z.number().nullable(),
  })
  .passthrough()
  .openapi("Fertilizer", { description: "With every content figure of fdm-core's Fertilizer." });
documents<typeof fertilizerSchema, Fertilizer>(true);

export const applicationInput = z
  .object({
    fertilizerId: z.string().max(100),
    amountKgPerHa: z
      .number()
      .openapi({ description: "kg product/ha, above 0 and at most 200,000." }),
    method: z.enum(fdmSchema.applicationMethod.enumValues),
    applicationDate: dateInput,
  })
  .strict()
  .openapi("FertilizerApplicationInput");
export const applicationUpdate = applicationInput
  .partial()
  .strict()
  .openapi("FertilizerApplicationUpdate");
export const applicationSchema = z
  .object({
    id: z.string(),
    fieldId: z.string(),
    fertilizerId: z.string(),
    catalogueItemId: z.string(),
    nameNl: z.string(),
    amountKgPerHa: z.number(),
    method: z.string(),
    applicationDate: dateOutput,
  })
  .openapi("FertilizerApplication");
documents<typeof applicationSchema, FertilizerApplication>(true);

// ------------------------------------------------------------------ soil
export const soilParameters = z
  .record(z.string(), z.union([z.number(), z.string(), z.null()]))
  .openapi("SoilParameters", {
    description:
      'Parameter → value, e.g. `{ "pCaCl2": 2.0, "soilType": "dekzand" }` (fdm-core\'s list and ranges).',
  });
export const soilAnalysisInput = z
  .object({
    samplingDate: dateInput,
    depthUpperCm: z.number().optional(),
    depthLowerCm: z.number().optional(),
    source: z.enum(fdmSchema.soilAnalysisSource.enumValues),
    parameters: soilParameters,
  })
  .strict()
  .openapi("SoilAnalysisInput");
export const soilAnalysisUpdate = soilAnalysisInput
  .partial()
  .strict()
  .openapi("SoilAnalysisUpdate");
export const soilAnalysisSchema = z
  .object({
    id: z.string(),
    fieldId: z.string(),
    samplingDate: dateOutput,
    depthUpperCm: z.number(),
    depthLowerCm: z.number(),
    source: z.string(),
    parameters: soilParameters,
  })
  .openapi("SoilAnalysis");
documents<typeof soilAnalysisSchema, SoilAnalysis>(true);

// ------------------------------------------------------------------ batch rows
/** A batch body: `rows`, at most `max` of them. */
export const batchOf = <T extends z.ZodTypeAny>(row: T, name: string, max: number) =>
  z
    .object({ rows: z.array(row).min(1).max(max) })
    .strict()
    .openapi(name);
export const idsSchema = z.object({ ids: z.array(z.string()) }).openapi("CreatedIds");
export const createdSchema = z.object({ id: z.string() }).openapi("Created");

// ------------------------------------------------------------------ sharing and organizations
export const grantInput = z
  .object({ principalId: z.string().max(100), role: farmRole })
  .strict()
  .openapi("FarmRoleGrantInput");
export const actingFor = z
  .object({ organizationId: z.string().max(100).optional() })
  .strict()
  .openapi("ActingFor");
export const farmPrincipalSchema = z
  .object({ principalId: z.string(), role: farmRole, grantedAt: dateOutput })
  .openapi("FarmPrincipal");
documents<typeof farmPrincipalSchema, FarmPrincipal>(true);
export const farmRoleOfferSchema = z
  .object({
    farmId: z.string(),
    farmName: z.string(),
    principalId: z.string(),
    role: farmRole,
    offeredBy: z.string(),
    offeredAt: dateOutput,
  })
  .openapi("FarmRoleOffer");
documents<typeof farmRoleOfferSchema, FarmRoleOffer>(true);

export const orgRole = z.enum(fdmSchema.organizationRole.enumValues);
export const organizationInput = z
  .object({
    name: text(200),
    slug: text(30).openapi({ example: "loonbedrijf-jansen" }),
    description: nullableText(1000),
  })
  .strict()
  .openapi("OrganizationInput");
export const organizationUpdate = organizationInput
  .partial()
  .strict()
  .openapi("OrganizationUpdate");
export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    role: orgRole.openapi({ description: "The asker's role in it." }),
    createdAt: dateOutput,
    updatedAt: dateOutput.nullable(),
  })
  .openapi("Organization");
documents<typeof organizationSchema, Organization>(true);
export const memberSchema = z
  .object({
    user: z.object({ id: z.string() }).passthrough(),
    role: orgRole,
    joinedAt: dateOutput,
  })
  .openapi("OrganizationMember");
documents<typeof memberSchema, OrganizationMember>(true);
export const invitationInput = z
  .object({ email: z.string().max(320), role: orgRole, expiresAt: dateInput.optional() })
  .strict()
  .openapi("InvitationInput");
export const invitationSchema = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    email: z.string(),
    role: orgRole,
    inviterId: z.string(),
    expiresAt: dateOutput,
    createdAt: dateOutput,
  })
  .openapi("OrganizationInvitation");
documents<typeof invitationSchema, OrganizationInvitation>(true);

// ------------------------------------------------------------------ API keys
export const apiKeyInput = z
  .object({
    name: text(100).openapi({ example: "farm ERP" }),
    expiresAt: dateInput.nullable().optional(),
  })
  .strict()
  .openapi("ApiKeyInput");
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: "The key's first 12 characters." }),
    createdAt: dateOutput,
    expiresAt: dateOutput.nullable(),
    lastUsedAt: dateOutput.nullable(),
    revokedAt: dateOutput.nullable(),
  })
  .openapi("ApiKey");
documents<typeof apiKeySchema, ApiKey>(true);
export const createdApiKeySchema = apiKeySchema
  .extend({
    key: z.string().openapi({ description: "The key, shown this once: `fdm_` + 43 characters." }),
  })
  .openapi("CreatedApiKey");
documents<typeof createdApiKeySchema, CreatedApiKey>(true);
