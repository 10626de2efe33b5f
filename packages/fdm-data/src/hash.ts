import { sha256 as sha256Digest } from "@noble/hashes/sha2";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils";
import type { CatalogueCultivationItem, CatalogueFertilizerItem } from "./types.js";

/** An item with or without its `hash`; the hash is always recomputed. */
type Hashable<T extends { hash: string }> = Omit<T, "hash"> & { hash?: string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Serializes a value as JSON with object keys sorted at every depth, so the
 * result does not depend on property order. `undefined` properties are dropped,
 * as `JSON.stringify` does.
 */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) {
      throw new TypeError(`Cannot hash a non-finite number (${value})`);
    }
    return JSON.stringify(value as Json);
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(",")}]`;
  }
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map(
      (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
    );
  return `{${entries.join(",")}}`;
}

/**
 * Fields added to the item types after their first release (fdm-data 0.9). While
 * such a field is `null` (or an empty list) it is left out of the canonical form,
 * so adding a field does not change the hash of an item that has no value for it.
 */
const ADDED_LATER = new Set([
  // cultivation items
  "dryMatterContent",
  "harvestIndex",
  "nitrogenContentResidue",
  "effectiveOrganicMatter",
  "effectiveOrganicMatterResidue",
  "harvestCategory",
  "isRustgewas",
  "varietyOptions",
  "defaultSowingDate",
  "defaultHarvestDate",
  // fertilizer items and their composition
  "ammoniaEmissionFactor",
  "organicMatter",
  "density",
  "nNh4",
  "nNo3",
  "nOrganic",
]);

function dropEmptyLaterFields(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (ADDED_LATER.has(key) && (inner === null || (Array.isArray(inner) && inner.length === 0))) {
      continue;
    }
    out[key] = inner;
  }
  return out;
}

/**
 * The canonical form that an item's hash is computed over: its JSON with keys
 * sorted at every depth and the `hash` property left out. Fields added after
 * the first release are left out while they are `null` or an empty list, so
 * items that do not use them keep the hash they had before.
 *
 * @param item - A cultivation or fertilizer catalogue item, with or without its `hash`.
 * @returns The canonical JSON text.
 * @throws {TypeError} When the item contains a non-finite number.
 */
export function canonicalItem(
  item: Hashable<CatalogueCultivationItem> | Hashable<CatalogueFertilizerItem>,
): string {
  const { hash: _hash, ...rest } = item;
  const top = dropEmptyLaterFields(rest);
  if (top.composition !== null && typeof top.composition === "object") {
    top.composition = dropEmptyLaterFields(top.composition as Record<string, unknown>);
  }
  return canonicalJson(top);
}

// A kept pure-JS SHA-256 (synchronous, unlike Web Crypto), so the hashes are
// the same in Node and in a browser.
function sha256(text: string): string {
  return bytesToHex(sha256Digest(utf8ToBytes(text)));
}

/**
 * Computes the content hash of a cultivation catalogue item.
 *
 * The hash is the SHA-256 (hex) of the item's canonical JSON: keys sorted at
 * every depth, the `hash` property itself excluded, and fields added after the
 * first release left out while `null` or empty. It is the same on every
 * machine and Node version and for any property order, and any changed value
 * gives a different hash — fdm-core uses it to detect changed items when it
 * syncs a catalogue into the database.
 *
 * @param item - The catalogue item; its own `hash` property, if present, is ignored.
 * @returns A 64-character lower-case hexadecimal SHA-256 digest.
 * @throws {TypeError} When the item contains a non-finite number (NaN or Infinity).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getCultivationCatalogue, hashCultivation } from "fdm-data";
 *
 * const grass = getCultivationCatalogue("brp").find((item) => item.id === "nl_265");
 * assert.ok(grass);
 * assert.equal(hashCultivation(grass), grass.hash);
 * ```
 */
export function hashCultivation(item: Hashable<CatalogueCultivationItem>): string {
  return sha256(canonicalItem(item));
}

/**
 * Computes the content hash of a fertilizer catalogue item.
 *
 * The hash is the SHA-256 (hex) of the item's canonical JSON: keys sorted at
 * every depth, the `hash` property itself excluded; so it does not depend on
 * property order, and any changed value (also inside `composition` or
 * `applicationMethods`) gives a different hash.
 *
 * @param item - The catalogue item; its own `hash` property, if present, is ignored.
 * @returns A 64-character lower-case hexadecimal SHA-256 digest.
 * @throws {TypeError} When the item contains a non-finite number (NaN or Infinity).
 * @example
 * ```ts
 * import assert from "node:assert";
 * import { getFertilizersCatalogue, hashFertilizer } from "fdm-data";
 *
 * const urea = getFertilizersCatalogue("baat").find((item) => item.id === "baat_058");
 * assert.ok(urea);
 * assert.equal(hashFertilizer(urea), urea.hash);
 * ```
 */
export function hashFertilizer(item: Hashable<CatalogueFertilizerItem>): string {
  return sha256(canonicalItem(item));
}
