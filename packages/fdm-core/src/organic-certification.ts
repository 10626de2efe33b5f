import { desc, eq } from "drizzle-orm";
import { FdmError } from "./error.js";
import type { FdmType, PrincipalId } from "./fdm.js";
import { guard } from "./guard.js";
import { organicCertifications } from "./schema.js";
import { createId, requireDate, requireId, requireObject, requireOrder, tied } from "./validate.js";

/** An organic certification of a farm, as fdm-core returns it. */
export type OrganicCertification = {
  /** The certification's id. */
  id: string;
  /** The farm it belongs to. */
  farmId: string;
  /** The number of the EU organic certificate in TRACES, e.g. `NL-BIO-01.528-0002967.2024.001`. */
  tracesNumber: string;
  /** The farm's Skal-nummer (registration number at Skal Biocontrole), e.g. `026281`. */
  skalNumber: string;
  /** The day the certificate was issued. */
  issueDate: Date;
  /** The last day the certificate is valid. */
  expiryDate: Date;
  /** When it was recorded. */
  createdAt: Date;
};

// The interface follows its tables: a column added there and not here fails the type-check.
tied<OrganicCertification, typeof organicCertifications.$inferSelect>(true, true);

/** The details of an organic certificate that a user enters. */
export interface OrganicCertificationInput {
  /** The TRACES certificate number; must pass {@link isValidTracesNumber}. */
  tracesNumber: string;
  /** The Skal-nummer; must pass {@link isValidSkalNumber}. */
  skalNumber: string;
  /** The day the certificate was issued. */
  issueDate: Date;
  /** The last day the certificate is valid; not before `issueDate`. */
  expiryDate: Date;
}

/**
 * Checks the format of a Skal-nummer, the registration number Skal
 * Biocontrole (the Dutch inspection body for organic production) gives a
 * registered business.
 *
 * The rule implemented: exactly six ASCII digits (`0`–`9`), leading zeros
 * kept, nothing else — no letters, spaces, separators or surrounding
 * whitespace. Skal publishes no check digit, so none is checked; a number in
 * the right format may still be unregistered.
 *
 * @param value - The number as the user typed it.
 * @returns `true` when the value has the format.
 * @throws Never; any non-string value gives `false`.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { isValidSkalNumber } from "fdm-core";
 * assert.strictEqual(isValidSkalNumber("026281"), true);
 * assert.strictEqual(isValidSkalNumber("26281"), false); // five digits
 * assert.strictEqual(isValidSkalNumber("02628A"), false);
 * ```
 */
export function isValidSkalNumber(value: unknown): value is string {
  return typeof value === "string" && /^[0-9]{6}$/.test(value);
}

const tracesPattern = /^[A-Z]{2}-BIO-[0-9]{2,3}\.[0-9]{3}-[0-9]{7}\.([0-9]{4})\.[0-9]{3}$/;

/**
 * Checks the format of the number of an EU organic certificate as TRACES
 * (the European Commission's certificate system) prints it, e.g.
 * `NL-BIO-01.528-0002967.2024.001`.
 *
 * The rule implemented, part by part:
 *
 * 1. the country code of the control body: two capital letters `A`–`Z` (`NL`);
 * 2. `-BIO-`, in capitals — the term fdm-core accepts; certificates using
 *    another language's term (e.g. `DE-ÖKO-`) are rejected;
 * 3. the control body's number: two or three digits (`01`, Skal Biocontrole);
 * 4. `.` and a three-digit numeric country code (`528`, the ISO 3166-1 numeric
 *    code of the Netherlands);
 * 5. `-` and the operator's number: exactly seven digits (`0002967`);
 * 6. `.` and the year: four digits from 2022, the first year certificates were
 *    issued in TRACES under Regulation (EU) 2018/848, to 2099 (`2024`);
 * 7. `.` and the certificate's sequence number: exactly three digits (`001`).
 *
 * Nothing else is allowed: no spaces or surrounding whitespace, no lower-case
 * letters. The number has no check digit, so none is checked.
 *
 * @param value - The number as the user typed it.
 * @returns `true` when the value has the format.
 * @throws Never; any non-string value gives `false`.
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { isValidTracesNumber } from "fdm-core";
 * assert.strictEqual(isValidTracesNumber("NL-BIO-01.528-0002967.2024.001"), true);
 * assert.strictEqual(isValidTracesNumber("nl-bio-01.528-0002967.2024.001"), false);
 * ```
 */
export function isValidTracesNumber(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = tracesPattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 2022 && year <= 2099;
}

const columns = {
  id: organicCertifications.id,
  farmId: organicCertifications.farmId,
  tracesNumber: organicCertifications.tracesNumber,
  skalNumber: organicCertifications.skalNumber,
  issueDate: organicCertifications.issueDate,
  expiryDate: organicCertifications.expiryDate,
  createdAt: organicCertifications.createdAt,
};

/**
 * Records an organic certificate of a farm.
 *
 * @param fdm - The database handle.
 * @param principalId - Who records it; needs the `write` right on the farm.
 * @param farmId - The farm.
 * @param certification - The certificate's numbers and dates.
 * @returns The certification's id.
 * @throws {FdmError} `INVALID_INPUT` when a number fails {@link isValidTracesNumber} or
 *   {@link isValidSkalNumber}, a date is invalid or the expiry date is before the issue date;
 *   `NOT_FOUND` for an unknown farm; `CONFLICT` when the farm already has a certificate with that TRACES number.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addOrganicCertification, createFdmAuth, createFdmLocal, listOrganicCertifications } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const organicCertificationId = await addOrganicCertification(fdm, me, farmId, {
 *   tracesNumber: "NL-BIO-01.528-0002967.2024.001",
 *   skalNumber: "026281",
 *   issueDate: new Date("2024-03-01"),
 *   expiryDate: new Date("2025-06-30"),
 * });
 * const [certification] = await listOrganicCertifications(fdm, me, farmId);
 * assert.deepEqual([certification?.id, certification?.skalNumber], [organicCertificationId, "026281"]);
 * ```
 */
export async function addOrganicCertification(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
  certification: OrganicCertificationInput,
): Promise<string> {
  const input = requireObject(certification, "certification");
  const { tracesNumber, skalNumber } = input;
  if (!isValidTracesNumber(tracesNumber)) {
    throw new FdmError(
      "INVALID_INPUT",
      "tracesNumber: must be a TRACES certificate number like NL-BIO-01.528-0002967.2024.001 (see isValidTracesNumber).",
      { field: "tracesNumber" },
    );
  }
  if (!isValidSkalNumber(skalNumber)) {
    throw new FdmError("INVALID_INPUT", "skalNumber: must be exactly six digits.", {
      field: "skalNumber",
    });
  }
  const issueDate = requireDate(input.issueDate, "issueDate");
  const expiryDate = requireDate(input.expiryDate, "expiryDate");
  requireOrder(issueDate, expiryDate, "expiryDate", "must not be before issueDate");
  const id = createId();
  await guard(fdm, principalId, "addOrganicCertification").write("farm", farmId, async (tx) => {
    const existing = await tx
      .select({ tracesNumber: organicCertifications.tracesNumber })
      .from(organicCertifications)
      .where(eq(organicCertifications.farmId, farmId));
    if (existing.some((e) => e.tracesNumber === tracesNumber)) {
      throw new FdmError(
        "CONFLICT",
        `tracesNumber: farm '${farmId}' already has a certificate numbered '${tracesNumber}'.`,
        { field: "tracesNumber" },
      );
    }
    await tx.insert(organicCertifications).values({
      id,
      farmId,
      tracesNumber,
      skalNumber,
      issueDate,
      expiryDate,
    });
  });
  return id;
}

/**
 * Lists a farm's organic certificates, most recently issued first.
 *
 * @param fdm - The database handle.
 * @param principalId - Who asks; needs the `list` right on the farm.
 * @param farmId - The farm.
 * @returns The certificates; empty when there are none.
 * @throws {FdmError} `NOT_FOUND` for an unknown farm.
 * @throws {FdmPermissionError} When the principal may not list the farm's data.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import { addFarm, addOrganicCertification, createFdmAuth, createFdmLocal, listOrganicCertifications } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * await addOrganicCertification(fdm, me, farmId, {
 *   tracesNumber: "NL-BIO-01.528-0002967.2024.001",
 *   skalNumber: "026281",
 *   issueDate: new Date("2024-03-01"),
 *   expiryDate: new Date("2025-06-30"),
 * });
 * const [cert] = await listOrganicCertifications(fdm, me, farmId);
 * assert.strictEqual(cert?.skalNumber, "026281");
 * ```
 */
export async function listOrganicCertifications(
  fdm: FdmType,
  principalId: PrincipalId,
  farmId: string,
): Promise<OrganicCertification[]> {
  return guard(fdm, principalId, "listOrganicCertifications").list("farm", farmId, async (db) => {
    const rows = await db
      .select(columns)
      .from(organicCertifications)
      .where(eq(organicCertifications.farmId, farmId))
      .orderBy(desc(organicCertifications.issueDate), desc(organicCertifications.id));
    return rows;
  });
}

/**
 * Removes an organic certificate from a farm's records.
 *
 * @param fdm - The database handle.
 * @param principalId - Who removes it; needs the `write` right on the farm.
 * @param organicCertificationId - The certification.
 * @returns Resolves when it is gone.
 * @throws {FdmError} `NOT_FOUND` for an unknown certification.
 * @throws {FdmPermissionError} When the principal may not write the farm.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto";
 * import assert from "node:assert";
 * import {
 *   addFarm, addOrganicCertification, createFdmAuth, createFdmLocal, listOrganicCertifications,
 *   removeOrganicCertification,
 * } from "fdm-core";
 * const fdm = await createFdmLocal();
 * const auth = createFdmAuth(fdm, { secret: randomBytes(32).toString("hex") });
 * const body = { name: "Anna de Boer", email: "anna@example.org", password: "correct horse battery" };
 * const me = (await auth.api.signUpEmail({ body })).user.id; // only an existing user acts
 * const farmId = await addFarm(fdm, me, { name: "De Hoeve" });
 * const organicCertificationId = await addOrganicCertification(fdm, me, farmId, {
 *   tracesNumber: "NL-BIO-01.528-0002967.2024.001",
 *   skalNumber: "026281",
 *   issueDate: new Date("2024-03-01"),
 *   expiryDate: new Date("2025-06-30"),
 * });
 * await removeOrganicCertification(fdm, me, organicCertificationId);
 * assert.deepEqual(await listOrganicCertifications(fdm, me, farmId), []);
 * ```
 */
export async function removeOrganicCertification(
  fdm: FdmType,
  principalId: PrincipalId,
  organicCertificationId: string,
): Promise<void> {
  const id = requireId(organicCertificationId, "organicCertificationId");
  await guard(fdm, principalId, "removeOrganicCertification").write(
    "organic_certification",
    id,
    async (tx) => {
      await tx.delete(organicCertifications).where(eq(organicCertifications.id, id));
    },
  );
}
