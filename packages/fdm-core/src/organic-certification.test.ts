import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FdmError, FdmPermissionError } from "./error.js";
import { addFarm, removeFarm } from "./farm.js";
import { grantRoleToFarm } from "./farm-sharing.js";
import {
  addOrganicCertification,
  isValidSkalNumber,
  isValidTracesNumber,
  listOrganicCertifications,
  removeOrganicCertification,
} from "./organic-certification.js";
import { countRows, createTestDatabase, expectNoWrite, type TestDatabase } from "./test-setup.js";

describe("isValidSkalNumber: exactly six digits", () => {
  it.each(["026281", "000001", "999999"])("accepts %s", (value) => {
    expect(isValidSkalNumber(value)).toBe(true);
  });
  it.each([
    ["26281", "five digits (wrong length)"],
    ["0262811", "seven digits (wrong length)"],
    ["02628A", "a letter"],
    ["026-81", "a separator"],
    ["02 6281", "an inner space"],
    ["", "empty"],
    ["      ", "whitespace only"],
    [" 026281", "leading whitespace"],
    ["026281\n", "trailing newline"],
    ["０２６２８１", "full-width digits"],
    [26281, "a number, not a string"],
    [null, "null"],
  ] as [unknown, string][])("rejects %j (%s)", (value) => {
    expect(isValidSkalNumber(value)).toBe(false);
  });
});

describe("isValidTracesNumber", () => {
  it.each([
    "NL-BIO-01.528-0002967.2024.001",
    "BE-BIO-02.056-1234567.2022.010",
    "IT-BIO-006.380-0000001.2099.999",
  ])("accepts %s", (value) => {
    expect(isValidTracesNumber(value)).toBe(true);
  });
  it.each([
    ["nl-BIO-01.528-0002967.2024.001", "lower-case country code"],
    ["NLD-BIO-01.528-0002967.2024.001", "three-letter country code"],
    ["N1-BIO-01.528-0002967.2024.001", "digit in the country code"],
    ["NL-bio-01.528-0002967.2024.001", "lower-case BIO"],
    ["DE-ÖKO-01.276-0002967.2024.001", "another language's term"],
    ["NL-BIO-1.528-0002967.2024.001", "one-digit control body"],
    ["NL-BIO-0001.528-0002967.2024.001", "four-digit control body"],
    ["NL-BIO-01.52-0002967.2024.001", "two-digit numeric country code"],
    ["NL-BIO-01.528-002967.2024.001", "six-digit operator number"],
    ["NL-BIO-01.528-00029671.2024.001", "eight-digit operator number"],
    ["NL-BIO-01.528-000296A.2024.001", "letter in the operator number"],
    ["NL-BIO-01.528-0002967.24.001", "two-digit year"],
    ["NL-BIO-01.528-0002967.2021.001", "year before 2022"],
    ["NL-BIO-01.528-0002967.2100.001", "year after 2099"],
    ["NL-BIO-01.528-0002967.2024.01", "two-digit sequence"],
    ["NL-BIO-01.528-0002967.2024.0001", "four-digit sequence"],
    ["NL-BIO-01-528-0002967-2024-001", "dashes instead of dots"],
    ["NL-BIO-01.528-0002967.2024.001 ", "trailing space"],
    [" NL-BIO-01.528-0002967.2024.001", "leading space"],
    ["NL-BIO-01.528 - 0002967.2024.001", "inner spaces"],
    ["", "empty"],
    ["   ", "whitespace only"],
    [undefined, "undefined"],
  ] as [unknown, string][])("rejects %j (%s)", (value) => {
    expect(isValidTracesNumber(value)).toBe(false);
  });
});

describe("organic certifications of a farm", () => {
  let db: TestDatabase;
  let farmId: string;
  const valid = {
    tracesNumber: "NL-BIO-01.528-0002967.2024.001",
    skalNumber: "026281",
    issueDate: new Date("2024-03-01"),
    expiryDate: new Date("2025-06-30"),
  };
  beforeAll(async () => {
    db = await createTestDatabase();
    farmId = await addFarm(db.fdm, "owner", { name: "Biohoeve" });
    await grantRoleToFarm(db.fdm, "owner", "researcher", farmId, "researcher");
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("adds, lists newest issue first, and removes", async () => {
    const first = await addOrganicCertification(db.fdm, "owner", farmId, valid);
    await addOrganicCertification(db.fdm, "owner", farmId, {
      ...valid,
      tracesNumber: "NL-BIO-01.528-0002967.2025.001",
      issueDate: new Date("2025-03-01"),
      expiryDate: new Date("2026-06-30"),
    });
    const list = await listOrganicCertifications(db.fdm, "researcher", farmId);
    expect(list.map((c) => c.tracesNumber)).toEqual([
      "NL-BIO-01.528-0002967.2025.001",
      "NL-BIO-01.528-0002967.2024.001",
    ]);
    expect(list[1]).toMatchObject({
      id: first,
      farmId,
      skalNumber: "026281",
      issueDate: new Date("2024-03-01"),
      expiryDate: new Date("2025-06-30"),
    });
    await removeOrganicCertification(db.fdm, "owner", first);
    expect(await listOrganicCertifications(db.fdm, "owner", farmId)).toHaveLength(1);
  });

  it.each([
    [{ tracesNumber: "NL-BIO-01.528-0002967.2024" }, "tracesNumber"],
    [{ skalNumber: "12345" }, "skalNumber"],
    [{ skalNumber: " 026281" }, "skalNumber"],
    [{ issueDate: "2024-03-01" }, "issueDate"],
    [{ expiryDate: new Date("nope") }, "expiryDate"],
    [{ expiryDate: new Date("2024-02-28") }, "expiryDate"],
  ])("rejects %j naming %s, writing nothing", async (patch, field) => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addOrganicCertification(db.fdm, "owner", farmId, { ...valid, ...patch } as never),
    );
    expect(error).toBeInstanceOf(FdmError);
    expect(error).toMatchObject({ code: "INVALID_INPUT", field });
    expect((error as Error).message.startsWith(`${field}: `)).toBe(true);
    expect(after).toEqual(before);
  });

  it("rejects the same TRACES number twice on a farm", async () => {
    const tracesNumber = "NL-BIO-01.528-0002967.2023.002";
    await addOrganicCertification(db.fdm, "owner", farmId, { ...valid, tracesNumber });
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addOrganicCertification(db.fdm, "owner", farmId, { ...valid, tracesNumber }),
    );
    expect(error).toMatchObject({ code: "CONFLICT", field: "tracesNumber" });
    expect(after).toEqual(before);
  });

  it("denies a researcher adding or removing and a stranger listing", async () => {
    const { error, before, after } = await expectNoWrite(db.fdm, () =>
      addOrganicCertification(db.fdm, "researcher", farmId, {
        ...valid,
        tracesNumber: "NL-BIO-01.528-0002967.2022.001",
      }),
    );
    expect(error).toBeInstanceOf(FdmPermissionError);
    expect(after).toEqual(before);
    const [cert] = await listOrganicCertifications(db.fdm, "owner", farmId);
    await expect(
      removeOrganicCertification(db.fdm, "researcher", cert?.id as string),
    ).rejects.toMatchObject({ action: "write", resource: "organic_certification" });
    await expect(listOrganicCertifications(db.fdm, "stranger", farmId)).rejects.toBeInstanceOf(
      FdmPermissionError,
    );
    await expect(removeOrganicCertification(db.fdm, "owner", "ghost")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "organicCertificationId",
    });
  });

  it("goes with the farm when the farm is removed", async () => {
    const other = await addFarm(db.fdm, "owner", { name: "Weg" });
    await addOrganicCertification(db.fdm, "owner", other, valid);
    const before = await countRows(db.fdm);
    await removeFarm(db.fdm, "owner", other);
    expect((await countRows(db.fdm)).organicCertifications).toBe(before.organicCertifications - 1);
  });
});
