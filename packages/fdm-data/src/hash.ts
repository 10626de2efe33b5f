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
 * The canonical form that an item's hash is computed over: its JSON with keys
 * sorted at every depth and the `hash` property left out.
 *
 * @param item - A cultivation or fertilizer catalogue item, with or without its `hash`.
 * @returns The canonical JSON text.
 * @throws {TypeError} When the item contains a non-finite number.
 */
export function canonicalItem(
  item: Hashable<CatalogueCultivationItem> | Hashable<CatalogueFertilizerItem>,
): string {
  const { hash: _hash, ...rest } = item;
  return canonicalJson(rest);
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
 * every depth, the `hash` property itself excluded. It is the same on every
 * machine and Node version and for any property order, and any changed value
 * gives a different hash — fdm-core uses it to detect changed items when it
 * syncs a catalogue into the database.
 *
 * @param item - The catalogue item; its own `hash` property, if present, is ignored.
 * @returns A 64-character lower-case hexadecimal SHA-256 digest.
 * @throws {TypeError} When the item contains a non-finite number (NaN or Infinity).
 * @example
 * ```ts
 * import { getCultivationCatalogue, hashCultivation } from "fdm-data";
 *
 * const grass = getCultivationCatalogue("brp").find((item) => item.id === "nl_265");
 * if (grass) console.log(hashCultivation(grass) === grass.hash); // true
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
 * import { getFertilizersCatalogue, hashFertilizer } from "fdm-data";
 *
 * const urea = getFertilizersCatalogue("mineral").find((item) => item.id === "mineral_urea");
 * if (urea) console.log(hashFertilizer(urea) === urea.hash); // true
 * ```
 */
export function hashFertilizer(item: Hashable<CatalogueFertilizerItem>): string {
  return sha256(canonicalItem(item));
}
