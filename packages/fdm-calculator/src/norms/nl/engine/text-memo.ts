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
 * remembered text is always the text those values give. A farm's memo lives as
 * long as that farm's computation; the per-field functions share one bounded
 * memo ({@link fieldMemo}).
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

  /** @param budget - The nodes the whole tree may still add; shared by every node of one tree. */
  constructor(private readonly budget: MemoBudget = { left: Number.POSITIVE_INFINITY }) {}

  /** The memo one key further down the path. */
  at(key: TextKey): TextMemo {
    this.below ??= new Map();
    let memo = this.below.get(key);
    if (memo === undefined) {
      if (this.below.size >= KEYS_PER_STEP || this.budget.left <= 0) return FORGETFUL;
      this.budget.left--;
      memo = new TextMemo(this.budget);
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

  /** Whether the tree has used its budget of nodes. */
  isSpent(): boolean {
    return this.budget.left <= 0;
  }
}

/** How many more nodes a memo tree may add. */
interface MemoBudget {
  left: number;
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

/** How many nodes the memo of the per-field functions holds before it starts anew. */
export const FIELD_MEMO_NODES = 10_000;

let fieldTexts = new TextMemo({ left: FIELD_MEMO_NODES });

/**
 * The memo of the per-field functions (`getStikstofGebruiksNorm` and the
 * others), shared by all their calls in the process. A caller that asks the
 * three norms of each of its fields builds the same main-crop, korting and
 * class texts again and again; a memo per call could not share them and cost
 * more than it saved. The memo is bounded: once it holds
 * {@link FIELD_MEMO_NODES} nodes a new one replaces it, so a process that
 * meets ever new values keeps at most that many. Sharing it is sound because
 * a text is a function of the keys of its path alone. It is not exported from
 * the package, so no caller can change it.
 *
 * @returns The shared memo of the per-field functions.
 */
export function fieldMemo(): TextMemo {
  if (fieldTexts.isSpent()) fieldTexts = new TextMemo({ left: FIELD_MEMO_NODES });
  return fieldTexts;
}

/**
 * The memo that keeps nothing: each text is built where it is needed and no
 * map is made for it (one shared instance).
 *
 * @returns The memo that keeps nothing.
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
