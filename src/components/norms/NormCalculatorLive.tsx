import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import InlineStyle from "../InlineStyle";
import ApplicationRow from "./ApplicationRow";
import CropField from "./CropField";
import { resolveCrop } from "./crop-search";
import { formCss } from "./form-styles";
import { styles } from "./styles";
import type { CalculatorInput, NormKind, NormYear } from "./types";
import { loadNormYear } from "./years";

type Application = CalculatorInput["applications"][number];

/** The form's values as URL parameters, and back (a shared link restores the calculation). */
function fromUrl(year: number): CalculatorInput {
  const q = new URLSearchParams(typeof window === "undefined" ? "" : window.location.search);
  const flag = (name: string, fallback = false) => (q.has(name) ? q.get(name) === "1" : fallback);
  return {
    cropId: q.get("crop") ?? "nl_265",
    sown: q.get("sown") ?? `${year}-03-01`,
    region: q.get("region") ?? "klei",
    nv: flag("nv"),
    gwbg: flag("gwbg"),
    natura2000: flag("n2k"),
    derogatievrij: flag("dvz"),
    derogation: flag("derog"),
    grazing: flag("graze", true),
    pCaCl2: q.get("pcacl2") ?? "2.0",
    pAl: q.get("pal") ?? "40",
    variety: q.get("variety") ?? "",
    teeltwijze: q.get("teeltwijze") ?? "",
    applications: (q.get("apps") ?? "")
      .split(",")
      .filter(Boolean)
      .map((part) => {
        const [fertilizerId = "", amount = "", date = "", origin = "", n = "", p = ""] =
          part.split("~");
        return { fertilizerId, amount, date, origin, n, p };
      }),
  };
}

function toUrl(f: CalculatorInput): string {
  const q = new URLSearchParams(window.location.search);
  const set = (k: string, v: string) => q.set(k, v);
  set("crop", f.cropId);
  set("sown", f.sown);
  set("region", f.region);
  for (const [k, v] of [
    ["nv", f.nv],
    ["gwbg", f.gwbg],
    ["n2k", f.natura2000],
    ["dvz", f.derogatievrij],
    ["derog", f.derogation],
    ["graze", f.grazing],
  ] as const)
    set(k, v ? "1" : "0");
  set("pcacl2", f.pCaCl2);
  set("pal", f.pAl);
  for (const [k, v] of [
    ["variety", f.variety],
    ["teeltwijze", f.teeltwijze],
  ] as const)
    v ? set(k, v) : q.delete(k);
  const apps = f.applications
    .map((a) => [a.fertilizerId, a.amount, a.date, a.origin, a.n, a.p].join("~"))
    .join(",");
  apps ? set("apps", apps) : q.delete("apps");
  return `${window.location.pathname}?${q.toString()}${window.location.hash}`;
}

export default function NormCalculatorLive({
  norm,
  year,
}: {
  norm: NormKind;
  year: number;
}): ReactNode {
  const [data, setData] = useState<NormYear | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [initial] = useState<CalculatorInput>(() => fromUrl(year));

  useEffect(() => {
    loadNormYear(year).then(
      (loaded) => (loaded ? setData(loaded) : setFailed(`No calculator for ${year}.`)),
      (e: unknown) => setFailed(String(e)),
    );
  }, [year]);

  if (failed) return <p className={styles.problem}>{failed}</p>;
  if (!data) return <p className={styles.loading}>Loading the calculator…</p>;
  return <NormForm norm={norm} year={year} data={data} initial={initial} />;
}

/** The names of rows, "application 2" or "applications 2 and 3". */
function rowNames(numbers: number[]): string {
  if (numbers.length === 1) return `Application ${numbers[0]} is`;
  return `Applications ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)} are`;
}

/**
 * The form and its result for one year's loaded norms, starting from `initial`; the
 * inputs are written to the page's address as they change.
 */
export function NormForm({
  norm,
  year,
  data,
  initial,
}: {
  norm: NormKind;
  year: number;
  data: NormYear;
  initial: CalculatorInput;
}): ReactNode {
  const [form, setForm] = useState<CalculatorInput>(initial);
  const id = useId();

  useEffect(() => {
    window.history.replaceState(window.history.state, "", toUrl(form));
  }, [form]);

  // The stikstof and fosfaat norms follow the crop: without one of the table, no figure.
  const needsCrop = norm === "stikstof" || norm === "fosfaat";
  const crop = resolveCrop(data.crops, form.cropId);
  const cropKnown = !needsCrop || crop !== undefined;
  const outcome = useMemo(
    () =>
      cropKnown && data.kinds.includes(norm)
        ? data.compute(norm, crop ? { ...form, cropId: crop.id } : form)
        : null,
    [data, norm, form, crop, cropKnown],
  );

  if (!data.kinds.includes(norm))
    return (
      <p className={styles.problem}>
        No {norm} calculator for {year}.
      </p>
    );

  const update = (patch: Partial<CalculatorInput>) => setForm((f) => ({ ...f, ...patch }));
  const updateApp = (i: number, patch: Partial<Application>) =>
    setForm((f) => ({
      ...f,
      applications: f.applications.map((a, j) => (j === i ? { ...a, ...patch } : a)),
    }));
  const check = (key: keyof CalculatorInput, label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={form[key] as boolean}
        onChange={(e) => update({ [key]: e.target.checked })}
      />{" "}
      {label}
    </label>
  );
  const rows = outcome?.ok ? outcome.rows : [];
  const incomplete = rows.flatMap((r, i) => (r.ok ? [] : [i + 1]));

  return (
    <div className={styles.live}>
      <InlineStyle css={formCss} />
      <form className={styles.form} onSubmit={(e) => e.preventDefault()}>
        {needsCrop && (
          <CropField
            id={id}
            year={year}
            crops={data.crops}
            value={form.cropId}
            onChange={(cropId) => update({ cropId })}
          />
        )}
        {needsCrop && (
          <div className={styles.field}>
            <label htmlFor={`${id}-sown`}>Sown or planted on</label>
            <input
              id={`${id}-sown`}
              type="date"
              value={form.sown}
              onChange={(e) => update({ sown: e.target.value })}
            />
          </div>
        )}
        {norm === "stikstof" && (
          <div className={styles.field}>
            <label htmlFor={`${id}-region`}>Soil region</label>
            <select
              id={`${id}-region`}
              value={form.region}
              onChange={(e) => update({ region: e.target.value })}
            >
              {data.regions.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {norm === "fosfaat" && (
          <>
            <div className={styles.field}>
              <label htmlFor={`${id}-pcacl2`}>P-CaCl2 (mg P/kg)</label>
              <input
                id={`${id}-pcacl2`}
                type="number"
                inputMode="decimal"
                step="0.1"
                min="0"
                value={form.pCaCl2}
                onChange={(e) => update({ pCaCl2: e.target.value })}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-pal`}>P-AL (mg P2O5/100 g)</label>
              <input
                id={`${id}-pal`}
                type="number"
                inputMode="decimal"
                step="1"
                min="0"
                value={form.pAl}
                onChange={(e) => update({ pAl: e.target.value })}
              />
            </div>
          </>
        )}
        {/* In 2026 derogation is gone, and with it every flag that only mattered for it. */}
        {(norm === "stikstof" || (norm === "dierlijke-mest" && data.derogation)) && (
          <fieldset className={styles.flags}>
            <legend>Where the field lies and what the farm does</legend>
            {check("nv", "NV-gebied (nutrient-polluted area)")}
            {norm === "dierlijke-mest" && check("gwbg", "GWBG (groundwater protection area)")}
            {norm === "dierlijke-mest" && check("natura2000", "Natura 2000 (or its mapped zone)")}
            {norm === "dierlijke-mest" && check("derogatievrij", "Derogatievrije zone")}
            {data.derogation && check("derogation", "The farm has derogatie (derogation)")}
            {norm === "stikstof" && check("grazing", "The farm grazes (beweiding)")}
          </fieldset>
        )}
        {norm === "stikstof" && (
          <details className={styles.more}>
            <summary>Variety and teeltwijze (for the lines that need them)</summary>
            <div className={styles.field}>
              <label htmlFor={`${id}-variety`}>Variety (ras), for potatoes</label>
              <input
                id={`${id}-variety`}
                value={form.variety}
                onChange={(e) => update({ variety: e.target.value })}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-teeltwijze`}>Teeltwijze (way of growing)</label>
              <input
                id={`${id}-teeltwijze`}
                value={form.teeltwijze}
                onChange={(e) => update({ teeltwijze: e.target.value })}
              />
            </div>
          </details>
        )}
        <fieldset className={styles.apps}>
          <legend>Applications in {year} (for the filling)</legend>
          {form.applications.length === 0 && <p className={styles.none}>None yet.</p>}
          {form.applications.map((a, i) => (
            <ApplicationRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
              key={i}
              id={id}
              index={i}
              norm={norm}
              year={year}
              data={data}
              row={a}
              outcome={rows[i]}
              onChange={(patch) => updateApp(i, patch)}
              onRemove={() =>
                setForm((f) => ({ ...f, applications: f.applications.filter((_, j) => j !== i) }))
              }
            />
          ))}
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() =>
              update({
                applications: [
                  ...form.applications,
                  { fertilizerId: "", amount: "", date: `${year}-04-01`, origin: "", n: "", p: "" },
                ],
              })
            }
          >
            Add an application
          </button>
        </fieldset>
      </form>
      <div
        className={styles.result}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="norm-result"
      >
        {!cropKnown && (
          <p className={styles.problem}>
            No figure: the crop field names no crop of the {year} table. Choose one there.
          </p>
        )}
        {outcome && !outcome.ok && (
          <p className={styles.problem}>
            No figure: {outcome.message}
            {outcome.code ? ` (${outcome.code})` : ""}
          </p>
        )}
        {outcome?.ok && (
          <>
            <p className={styles.figure}>
              Norm: <strong data-testid="norm-value">{outcome.norm.value}</strong>{" "}
              {outcome.norm.unit}
            </p>
            <dl className={styles.details}>
              {outcome.norm.details.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            <p className={styles.explanation}>{outcome.norm.explanation}</p>
            {outcome.filling.ok ? (
              <>
                <p className={styles.figure}>
                  Filling{incomplete.length > 0 ? " (complete applications only)" : ""}:{" "}
                  <strong data-testid="filling-value">
                    {Math.round(outcome.filling.value * 100) / 100}
                  </strong>{" "}
                  {outcome.filling.unit} of {outcome.norm.value}
                </p>
                <p className={styles.explanation}>{outcome.filling.explanation}</p>
              </>
            ) : (
              <p className={styles.problem}>No filling: {outcome.filling.message}</p>
            )}
            {incomplete.length > 0 && (
              <p className={styles.problem} data-testid="filling-incomplete">
                {rowNames(incomplete)} incomplete and not counted: see the form.
              </p>
            )}
            {/* The counted rows only: an incomplete one is named once, in the notice above. */}
            {rows.some((r) => r.ok) && (
              <ul className={styles.explanation}>
                {rows.map((r, i) =>
                  r.ok ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one line per row, in row order
                    <li key={i}>
                      Application {i + 1}: {r.explanation}
                    </li>
                  ) : null,
                )}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
