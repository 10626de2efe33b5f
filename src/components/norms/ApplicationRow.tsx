import type { ReactNode } from "react";
import { formStyles } from "./form-styles";
import { styles } from "./styles";
import type { CalculatorInput, NormKind, NormYear, RowField, RowOutcome } from "./types";

type Application = CalculatorInput["applications"][number];

const nutrientName = { n: "N", p2o5: "P2O5" } as const;

/**
 * One application of the filling. A row the filling cannot count yet is marked on the
 * row itself: the input it lacks is invalid and described by a message naming it; the
 * other rows and the norm keep their figures.
 */
export default function ApplicationRow({
  id,
  index,
  norm,
  year,
  data,
  row,
  outcome,
  onChange,
  onRemove,
}: {
  id: string;
  index: number;
  norm: NormKind;
  year: number;
  data: NormYear;
  row: Application;
  outcome: RowOutcome | undefined;
  onChange: (patch: Partial<Application>) => void;
  onRemove: () => void;
}): ReactNode {
  const n = index + 1;
  const key = `${id}-${index}`;
  const fert = data.fertilizers.find((x) => x.id === row.fertilizerId);
  const nutrient = fert ? data.contentNeeded(norm, fert) : null;
  const problem = outcome && !outcome.ok ? outcome : null;
  const problemId = `${key}-problem`;
  // The input the problem is about: invalid, and described by the problem.
  const marked = (field: RowField, describedBy?: string) =>
    problem?.field === field
      ? {
          "aria-invalid": true as const,
          "aria-describedby": [describedBy, problemId].filter(Boolean).join(" "),
        }
      : describedBy
        ? { "aria-describedby": describedBy }
        : {};
  const showOrigin = fert?.grazingManure || row.origin !== "" || problem?.field === "origin";
  const forfaitair = fert && nutrient ? fert[nutrient] : null;
  return (
    <fieldset
      className={problem ? `${styles.app} ${formStyles.appIncomplete}` : styles.app}
      data-testid="application-row"
      data-incomplete={problem ? "true" : undefined}
    >
      <legend className={styles.appLegend}>Application {n}</legend>
      {problem && (
        <p id={problemId} className={styles.problem}>
          Application {n} is incomplete and not counted: {problem.message}
        </p>
      )}
      <div className={styles.field}>
        <label htmlFor={`${key}-f`}>Mestcode / fertilizer</label>
        <select
          id={`${key}-f`}
          value={row.fertilizerId}
          onChange={(e) => onChange({ fertilizerId: e.target.value })}
          {...marked("fertilizer")}
        >
          <option value="">Choose…</option>
          {data.fertilizers.map((x) => (
            <option key={x.id} value={x.id}>
              {x.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${key}-a`}>Amount (kg/ha)</label>
        <input
          id={`${key}-a`}
          type="number"
          inputMode="decimal"
          min="0"
          max="200000"
          step="any"
          value={row.amount}
          onChange={(e) => onChange({ amount: e.target.value })}
          {...marked("amount")}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${key}-d`}>Date</label>
        <input
          id={`${key}-d`}
          type="date"
          min={`${year}-01-01`}
          max={`${year}-12-31`}
          value={row.date}
          onChange={(e) => onChange({ date: e.target.value })}
          {...marked("date")}
        />
      </div>
      {nutrient && (
        <div className={styles.field}>
          <label htmlFor={`${key}-c`}>
            {nutrientName[nutrient]} content (kg {nutrientName[nutrient]}/ton)
          </label>
          <input
            id={`${key}-c`}
            type="number"
            inputMode="decimal"
            min="0"
            max="1000"
            step="any"
            value={nutrient === "n" ? row.n : row.p}
            onChange={(e) =>
              onChange(nutrient === "n" ? { n: e.target.value } : { p: e.target.value })
            }
            {...marked("content", `${key}-c-hint`)}
          />
          <small id={`${key}-c-hint`} className={formStyles.hint}>
            {forfaitair === null
              ? "Required: Table 11 has no forfaitaire content for this product; give the declared (label) or analysed one, 0–1000."
              : `Empty: Table 11's forfaitaire ${forfaitair} kg/ton. An analysed content above 0 (up to 1000) replaces it.`}
          </small>
        </div>
      )}
      {showOrigin && (
        <div className={styles.field}>
          <label htmlFor={`${key}-o`}>Herkomst (origin)</label>
          <select
            id={`${key}-o`}
            value={row.origin}
            onChange={(e) => onChange({ origin: e.target.value })}
            {...marked("origin")}
          >
            <option value="">Not given</option>
            <option value="eigen_bedrijf">Eigen bedrijf (own farm)</option>
            <option value="aangevoerd">Aangevoerd (brought in)</option>
          </select>
        </div>
      )}
      <button type="button" className="button button--secondary button--sm" onClick={onRemove}>
        Remove application {n}
      </button>
    </fieldset>
  );
}
