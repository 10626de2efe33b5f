// Shared by the test files: one fresh, migrated database per file — PGlite in
// memory by default, or a new database on the server named by FDM_TEST_DATABASE_URL.
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import postgres from "postgres";
import { rowsOf } from "./authorization.js";
import { closeFdm, createFdmLocal, createFdmServer, type FdmType, migrateFdm } from "./fdm.js";
import * as schema from "./schema.js";
import { createId } from "./validate.js";

export interface TestDatabase {
  fdm: FdmType;
  mode: "pglite" | "postgres";
  /** Opens a second, independent handle on the same database. */
  openSecond(): Promise<FdmType>;
  close(): Promise<void>;
}

/**
 * Principals the tests name by id (only an existing user acts, and grantees must exist):
 * each fresh test database holds a user with each of these ids. `stranger` is a user
 * without any role, so that a refusal to it tests the roles, not the existence check.
 */
const namedUsers = [
  "owner",
  "advisor",
  "researcher",
  "student",
  "stranger",
  "newcomer",
  "amy",
  "amy2",
  "ann",
  "ben",
  "bob",
  "boss",
  "temp",
  "zed",
  "solo",
  "someone",
  "someone-else",
  "farm-owner",
  "grower",
  "neighbour",
  "lister",
  "importer",
  "remover",
  "prober",
  "picky",
  "nomineral",
  "mower",
  "baler",
  "spreader",
  "sampler",
  "guest-of-owner",
  "guest-of-advisor",
  "guest-of-researcher",
  "guest-of-stranger",
];

async function addNamedUsers(fdm: FdmType): Promise<void> {
  await fdm
    .insert(schema.authUser)
    .values(namedUsers.map((id) => ({ id, name: id, email: `${id}@test.example.org` })));
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const db = await openTestDatabase();
  await addNamedUsers(db.fdm);
  return db;
}

async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.FDM_TEST_DATABASE_URL;
  if (!url) {
    const fdm = await createFdmLocal();
    return {
      fdm,
      mode: "pglite",
      // PGlite is a single connection; a second drizzle handle on it is the closest to a second client.
      openSecond: async () => drizzlePglite({ client: fdm.$client }),
      close: () => closeFdm(fdm),
    };
  }
  const name = `fdm_test_${createId()}`;
  const admin = postgres(url, { onnotice: () => {}, max: 1 });
  // A copy of the run's migrated template (tests/global-setup.ts), where there is one.
  const template = process.env.FDM_TEST_PG_TEMPLATE;
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const fdm = createFdmServer(target.toString());
  await migrateFdm(fdm);
  const others: FdmType[] = [];
  return {
    fdm,
    mode: "postgres",
    openSecond: async () => {
      const other = createFdmServer(target.toString());
      others.push(other);
      return other;
    },
    close: async () => {
      for (const o of others) await closeFdm(o);
      await closeFdm(fdm);
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const dataTables = {
  farms: schema.farms,
  farmRoles: schema.farmRoles,
  farmRoleOffers: schema.farmRoleOffers,
  fields: schema.fields,
  fieldAcquiring: schema.fieldAcquiring,
  fieldDiscarding: schema.fieldDiscarding,
  cultivationCatalogue: schema.cultivationCatalogue,
  cultivations: schema.cultivations,
  cultivationStarting: schema.cultivationStarting,
  cultivationEnding: schema.cultivationEnding,
  cultivationResidues: schema.cultivationResidues,
  harvestables: schema.harvestables,
  harvestableAnalyses: schema.harvestableAnalyses,
  cultivationHarvesting: schema.cultivationHarvesting,
  fertilizerCatalogue: schema.fertilizerCatalogue,
  fertilizers: schema.fertilizers,
  fertilizerAcquiring: schema.fertilizerAcquiring,
  fertilizerApplying: schema.fertilizerApplying,
  soilAnalyses: schema.soilAnalyses,
  soilSampling: schema.soilSampling,
  farmCultivationCatalogues: schema.farmCultivationCatalogues,
  farmFertilizerCatalogues: schema.farmFertilizerCatalogues,
  derogations: schema.derogations,
  organicCertifications: schema.organicCertifications,
  grazingIntentions: schema.grazingIntentions,
  authUser: schema.authUser,
  authSession: schema.authSession,
  organizations: schema.organizations,
  organizationMembers: schema.organizationMembers,
  organizationInvitations: schema.organizationInvitations,
};

/** Row counts of every table except the audit log (which records denied checks too). */
export type RowCounts = { [K in keyof typeof dataTables]: number };

/**
 * One value per table except the audit log, in one statement (tests read it before and
 * after many calls): `value(table)` is the SQL expression that reads it.
 */
async function perTable(
  fdm: FdmType,
  value: (table: (typeof dataTables)[keyof typeof dataTables]) => SQL,
): Promise<Record<keyof typeof dataTables, unknown>> {
  const columns = Object.entries(dataTables).map(
    ([key, table]) => sql`(${value(table)}) as ${sql.identifier(key)}`,
  );
  const [row] = await rowsOf<Record<string, unknown>>(
    fdm,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const out = {} as Record<keyof typeof dataTables, unknown>;
  for (const key of Object.keys(dataTables) as (keyof typeof dataTables)[]) out[key] = row?.[key];
  return out;
}

export async function countRows(fdm: FdmType): Promise<RowCounts> {
  const counts = await perTable(fdm, (table) => sql`select count(*)::int from ${table}`);
  return Object.fromEntries(
    Object.entries(counts).map(([key, n]) => [key, Number(n ?? 0)]),
  ) as RowCounts;
}

/** Row contents of every table except the audit log, each table as one digest. */
export type RowDigests = { [K in keyof typeof dataTables]: string };

/**
 * A digest of every row of every table except the audit log, in one statement: equal
 * digests mean no row was added, removed or changed (a count cannot see a changed name).
 */
export async function rowDigests(fdm: FdmType): Promise<RowDigests> {
  const digests = await perTable(
    fdm,
    (table) =>
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) from ${table} r`,
  );
  return Object.fromEntries(
    Object.entries(digests).map(([key, d]) => [key, String(d)]),
  ) as RowDigests;
}

/** Runs `fn`, expects it to reject, and checks that no data row changed. */
export async function expectNoWrite(
  fdm: FdmType,
  fn: () => Promise<unknown>,
): Promise<{ error: unknown; before: RowCounts; after: RowCounts }> {
  const before = await countRows(fdm);
  let error: unknown;
  try {
    await fn();
  } catch (err) {
    error = err;
  }
  const after = await countRows(fdm);
  if (error === undefined) throw new Error("expected the call to fail, but it succeeded");
  return { error, before, after };
}

/**
 * A 100 m × 100 m square near Wageningen: on turf's sphere (radius 6,378,137 m) 100 m is
 * 0.00089832° of latitude and, at 51.98° N, 0.0014585° of longitude — 1.00 ha.
 */
export const squareHa = {
  type: "Polygon" as const,
  coordinates: [
    [
      [5.66, 51.98],
      [5.66 + 0.0014585, 51.98],
      [5.66 + 0.0014585, 51.98 + 0.00089832],
      [5.66, 51.98 + 0.00089832],
      [5.66, 51.98],
    ],
  ],
};

/**
 * Syncs the catalogues (once per database), then adds a farm owned by
 * `owner` with every catalogue enabled and one field acquired on 2020-01-01.
 */
export async function seedFarm(
  fdm: FdmType,
  owner: string,
): Promise<{ farmId: string; fieldId: string }> {
  const { syncCatalogues, enableCultivationCatalogue, enableFertilizerCatalogue } = await import(
    "./catalogue.js"
  );
  const { addFarm } = await import("./farm.js");
  const { addField } = await import("./field.js");
  if (!synced.has(fdm)) {
    await syncCatalogues(fdm);
    synced.add(fdm);
  }
  const farmId = await addFarm(fdm, owner, { name: `Farm of ${owner}` });
  await enableCultivationCatalogue(fdm, owner, farmId, "brp");
  await enableFertilizerCatalogue(fdm, owner, farmId, "rvo");
  await enableFertilizerCatalogue(fdm, owner, farmId, "baat");
  const fieldId = await addField(fdm, owner, farmId, {
    name: "Perceel 1",
    geometry: squareHa,
    acquiringDate: new Date("2020-01-01"),
    acquiringMethod: "owner",
  });
  return { farmId, fieldId };
}

const synced = new WeakSet<FdmType>();

/**
 * Adds a user row directly (no password), as better-auth would after a
 * sign-up and the verification of the email address (unless `emailVerified`
 * is false); faster than hashing a password in every test that needs users.
 */
export async function addUser(
  fdm: FdmType,
  user: { name: string; email: string; username?: string; image?: string; emailVerified?: boolean },
): Promise<string> {
  const id = `user_${createId()}`;
  await fdm.insert(schema.authUser).values({
    id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified ?? true,
    username: user.username ?? null,
    image: user.image ?? null,
  });
  return id;
}

/**
 * Grants `role` on a farm as `granter` and, where that is only an offer (`owner` to another
 * principal, any role to an organization the granter does not own or administer), accepts it as
 * `acceptor`: the grantee itself, or for a grantee organization one of its owners or admins. For
 * tests that need the role in force.
 */
export async function grantAccepted(
  fdm: FdmType,
  granter: string,
  grantee: string,
  farmId: string,
  role: "owner" | "advisor" | "researcher",
  acceptor: string = grantee,
): Promise<void> {
  const { acceptFarmRoleOffer, grantRoleToFarm } = await import("./farm-sharing.js");
  if ((await grantRoleToFarm(fdm, granter, grantee, farmId, role)) === "offered") {
    const forOrganization = acceptor === grantee ? undefined : { organizationId: grantee };
    await acceptFarmRoleOffer(fdm, acceptor, farmId, forOrganization);
  }
}
