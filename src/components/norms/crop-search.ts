/**
 * The crop field's reading of what the reader typed: a crop of the year's table only
 * for a BRP code, a catalogue id, or a crop's exact name or "code name" label (as the
 * list offers it); anything else names no crop, and the field offers crops by name.
 */

export interface CropChoice {
  id: string;
  code: string;
  name: string;
}

/** "265 Grasland, blijvend": how the field and its list show a crop. */
export const cropLabel = (c: CropChoice): string => `${c.code} ${c.name}`;

/** Lower case without accents, so "loss" finds "löss" and "GRAS" finds "Grasland". */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** The crop the text names, or `undefined` when it names none of `crops`. */
export function resolveCrop(crops: readonly CropChoice[], text: string): CropChoice | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  if (/^\d+$/.test(t)) return crops.find((c) => c.code === String(Number(t)));
  const folded = fold(t);
  return crops.find((c) => c.id === t || fold(c.name) === folded || fold(cropLabel(c)) === folded);
}

/**
 * Crops for text that names none: by code when it is digits (codes that start with
 * them), else by Dutch name (names that start with it, then names with a word that
 * starts with it, then names that hold it), in table order within each; `total` counts
 * every match.
 */
export function suggestCrops(
  crops: readonly CropChoice[],
  text: string,
  limit = 8,
): { crops: CropChoice[]; total: number } {
  const q = fold(text);
  if (q === "") return { crops: [], total: 0 };
  let ranked: CropChoice[];
  if (/^\d+$/.test(q)) {
    ranked = crops.filter((c) => c.code.startsWith(q));
  } else {
    const tiers: CropChoice[][] = [[], [], []];
    for (const c of crops) {
      const name = fold(c.name);
      const at = name.indexOf(q);
      if (at < 0) continue;
      const tier = at === 0 ? 0 : /[^a-z0-9]/.test(name.charAt(at - 1)) ? 1 : 2;
      tiers[tier]?.push(c);
    }
    ranked = tiers.flat();
  }
  return { crops: ranked.slice(0, limit), total: ranked.length };
}
