import { type ReactNode, useRef, useState } from "react";
import { type CropChoice, cropLabel, resolveCrop, suggestCrops } from "./crop-search";
import { formStyles } from "./form-styles";
import { styles } from "./styles";

/**
 * The crop of the calculation: a BRP code or a crop's name. Text that names no crop of
 * the year's table stays as typed (also on blur), is marked invalid, and the message
 * under the field offers crops by name as buttons; no norm shows for it.
 */
export default function CropField({
  id,
  year,
  crops,
  value,
  onChange,
}: {
  id: string;
  year: number;
  crops: readonly CropChoice[];
  /** A catalogue id, or the text the reader typed when it names no crop. */
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const crop = resolveCrop(crops, value);
  const text = typed ?? (crop ? cropLabel(crop) : value);
  const choose = (c: CropChoice) => {
    setTyped(cropLabel(c));
    onChange(c.id);
    input.current?.focus();
  };
  const hint = `${id}-crop-now`;
  let message: ReactNode;
  if (crop) {
    message = <>Calculating for: {cropLabel(crop)}</>;
  } else if (text.trim() === "") {
    message = <>Give a BRP gewascode (crop code), such as 265, or part of a crop's Dutch name.</>;
  } else {
    const found = suggestCrops(crops, text);
    message = (
      <>
        “{text.trim()}” is not a crop of the {year} crop table (BRP gewascodes).{" "}
        {found.total === 0
          ? "No crop's code or Dutch name holds it; type a BRP code, such as 265, or part of a Dutch name."
          : found.total > found.crops.length
            ? `${found.total} crops match; the first ${found.crops.length}:`
            : `Crops that match:`}
      </>
    );
    if (found.crops.length > 0)
      message = (
        <>
          {message}
          <ul className={formStyles.suggestions} aria-label="Crops that match">
            {found.crops.map((c) => (
              <li key={c.id}>
                <button type="button" className={formStyles.suggestion} onClick={() => choose(c)}>
                  {cropLabel(c)}
                </button>
              </li>
            ))}
          </ul>
        </>
      );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-crop`}>Crop (BRP code or name)</label>
      <input
        ref={input}
        id={`${id}-crop`}
        list={`${id}-crops`}
        value={text}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange(resolveCrop(crops, e.target.value)?.id ?? e.target.value);
        }}
        autoComplete="off"
        aria-invalid={crop ? undefined : true}
        aria-describedby={hint}
      />
      <datalist id={`${id}-crops`}>
        {crops.map((c) => (
          <option key={c.id} value={cropLabel(c)} />
        ))}
      </datalist>
      <div id={hint} className={crop ? formStyles.hint : styles.problem} data-testid="crop-message">
        {message}
      </div>
    </div>
  );
}
