/// <reference path="./sql.d.ts" />
import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import { deepFreeze } from "fdm-data";
import m0000 from "../drizzle/0000_init.sql";
import m0001 from "../drizzle/0001_farm_records.sql";
import m0002 from "../drizzle/0002_calculation_cache.sql";
import m0003 from "../drizzle/0003_auth.sql";
import m0004 from "../drizzle/0004_organizations.sql";
import m0005 from "../drizzle/0005_nmi_catalogue_figures.sql";
import m0006 from "../drizzle/0006_audit_offers_soil.sql";
import m0007 from "../drizzle/0007_api_keys.sql";
import m0008 from "../drizzle/0008_keyset_indexes.sql";
import m0009 from "../drizzle/0009_field_list_revision.sql";
import m0010 from "../drizzle/0010_field_list_changes.sql";

/**
 * The migrations of drizzle/meta/_journal.json, with their SQL bundled as text
 * at build time (a browser has no folder to read). A new migration is added
 * here too; the browser entry's test fails while this list and the journal
 * differ.
 */
export const bundledJournal: ReadonlyArray<{
  tag: string;
  when: number;
  breakpoints: boolean;
  text: string;
}> = deepFreeze([
  { tag: "0000_init", when: 1795348156240, breakpoints: true, text: m0000 },
  { tag: "0001_farm_records", when: 1795349616938, breakpoints: true, text: m0001 },
  { tag: "0002_calculation_cache", when: 1795349778803, breakpoints: true, text: m0002 },
  { tag: "0003_auth", when: 1795349905077, breakpoints: true, text: m0003 },
  { tag: "0004_organizations", when: 1795350090011, breakpoints: true, text: m0004 },
  { tag: "0005_nmi_catalogue_figures", when: 1795503226580, breakpoints: true, text: m0005 },
  { tag: "0006_audit_offers_soil", when: 1795703154104, breakpoints: true, text: m0006 },
  { tag: "0007_api_keys", when: 1795716581766, breakpoints: true, text: m0007 },
  { tag: "0008_keyset_indexes", when: 1795931084233, breakpoints: true, text: m0008 },
  { tag: "0009_field_list_revision", when: 1795955879967, breakpoints: true, text: m0009 },
  { tag: "0010_field_list_changes", when: 1795978767058, breakpoints: true, text: m0010 },
]);

/** A migration as drizzle-orm's migrator applies it. */
export interface BundledMigration {
  sql: string[];
  bps: boolean;
  folderMillis: number;
  hash: string;
}

/**
 * The migrations in journal order, in the form drizzle-orm's file migrator
 * builds from the folder (same statements, same SHA-256 of the file text, same
 * timestamp), so a database migrated in a browser and one migrated in Node
 * record the same history.
 *
 * @returns The migrations, oldest first.
 */
export function bundledMigrations(): BundledMigration[] {
  return bundledJournal.map(({ text, ...entry }) => {
    return {
      sql: text.split("--> statement-breakpoint"),
      bps: entry.breakpoints,
      folderMillis: entry.when,
      hash: bytesToHex(sha256(utf8ToBytes(text))),
    };
  });
}
