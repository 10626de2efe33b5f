/**
 * A key of a {@link TextMemo}: a number, a flag, or a string that is itself
 * shared (a literal or a remembered text); hashing a freshly built string costs
 * about as much as building the text.
 */
export type TextKey = number | string | boolean | null;

/**
 * The explanation texts of one computation, remembered by the values that
 * decide them.
 *
 * A farm's results repeat the same explanations thousands of times: one
 * product at one rate on many fields, one crop on one soil. The garbage
 * collector copies every string a result holds (that was most of the time of a
 * farm), so the norms build each distinct text once and hand out that string
 * again. Keys are numbers, flags and strings, never input objects, so a
 * remembered text is always the text those values give. A memo lives as long
 * as the computation that made it (one farm, one field).
 *
 * A text sits at the end of a path of keys: the first names the kind of text
 * (so two kinds never share a path), the others are every value the text
 * depends on. The text is built only the first time, and without a closure
 * (which would cost an allocation per call):
 *
 * ```ts
 * const memo = texts.at("amount").at(amount);
 * const explanation = memo.text ?? memo.keep(`${amount} kg/ha`);
 * ```
 *
 * Each step of a path remembers at most {@link KEYS_PER_STEP} keys; past that,
 * texts are built but not kept, so a farm whose values never repeat (every
 * field its own amount) does not pay for remembering them.
 */
export class TextMemo {
  private below: Map<TextKey, TextMemo> | undefined = undefined;
  private kept: string | undefined = undefined;

  /** The memo one key further down the path. */
  at(key: TextKey): TextMemo {
    this.below ??= new Map();
    let memo = this.below.get(key);
    if (memo === undefined) {
      if (this.below.size >= KEYS_PER_STEP) return FORGETFUL;
      memo = new TextMemo();
      this.below.set(key, memo);
    }
    return memo;
  }

  /** The text kept at this path, or `undefined` before one is kept. */
  get text(): string | undefined {
    return this.kept;
  }

  /** Keeps `text` at this path and returns it. */
  keep(text: string): string {
    this.kept = text;
    return text;
  }
}

/** How many keys one step of a {@link TextMemo} path remembers. */
export const KEYS_PER_STEP = 64;

/** The memo past a full step: every path leads back to it and it keeps nothing. */
class ForgetfulMemo extends TextMemo {
  override at(_key: TextKey): TextMemo {
    return this;
  }

  override keep(text: string): string {
    return text;
  }
}

const FORGETFUL: TextMemo = new ForgetfulMemo();

/**
 * The memo of a computation whose texts do not repeat enough to pay for
 * remembering them (one field alone): it keeps nothing, so each text is built
 * where it is needed and no map is made for it. Measured on the per-field
 * fillings, remembering cost more than it saved.
 *
 * @returns The memo that keeps nothing (one shared instance).
 */
export const noMemo = (): TextMemo => FORGETFUL;

/**
 * A template literal as one flat string: `` flat`${a} kg/ha` `` instead of
 * `` `${a} kg/ha` ``. A plain template literal makes a tree of its pieces,
 * which a result then holds piece by piece, and the garbage collector copies
 * every piece; for the texts a memo cannot share (a farm whose fields differ)
 * that was a third of the time.
 */
export function flat(strings: TemplateStringsArray, ...values: unknown[]): string {
  const parts: string[] = [strings[0] as string];
  for (let i = 0; i < values.length; i++) parts.push(String(values[i]), strings[i + 1] as string);
  return parts.join("");
}
