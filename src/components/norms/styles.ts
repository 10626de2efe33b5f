// Styles of these components as strings, rendered in <style> elements by the
// components themselves: Docusaurus merges every CSS file into the one
// stylesheet that all pages load, and pages without these components must not
// pay for them. The shell's styles come with the page; the form's with the form,
// which loads on demand (form-styles.ts: a module of its own, or the page
// chunk would carry it).
export const shellCss = `.fdm-calc-calculator {
  border: 1px solid var(--ifm-color-emphasis-300);
  border-radius: var(--ifm-global-radius);
  padding: 1rem;
  margin: 1.5rem 0;
}
.fdm-calc-title {
  margin-top: 0;
}
.fdm-calc-intro,
.fdm-calc-loading,
.fdm-calc-none {
  font-size: 0.9rem;
}
.fdm-calc-problem {
  color: var(--ifm-color-danger-darkest);
}
[data-theme="dark"] .fdm-calc-problem {
  color: #ff9c9c;
}`;

export const styles = {
  app: "fdm-calc-app",
  appLegend: "fdm-calc-appLegend",
  apps: "fdm-calc-apps",
  calculator: "fdm-calc-calculator",
  check: "fdm-calc-check",
  details: "fdm-calc-details",
  explanation: "fdm-calc-explanation",
  field: "fdm-calc-field",
  figure: "fdm-calc-figure",
  flags: "fdm-calc-flags",
  form: "fdm-calc-form",
  intro: "fdm-calc-intro",
  live: "fdm-calc-live",
  loading: "fdm-calc-loading",
  more: "fdm-calc-more",
  none: "fdm-calc-none",
  problem: "fdm-calc-problem",
  result: "fdm-calc-result",
  title: "fdm-calc-title",
};
