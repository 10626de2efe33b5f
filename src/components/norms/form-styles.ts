/** The form's styles, rendered by NormCalculatorLive (see styles.ts). */
export const formCss = `.fdm-calc-live {
  display: grid;
  gap: 1rem;
}
@media (min-width: 997px) {
  .fdm-calc-live {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
}
.fdm-calc-form {
  display: grid;
  gap: 0.75rem;
}
.fdm-calc-field {
  display: grid;
  gap: 0.25rem;
  min-width: 0;
}
.fdm-calc-field label,
.fdm-calc-flags legend,
.fdm-calc-apps legend {
  font-weight: 600;
}
.fdm-calc-field input,
.fdm-calc-field select {
  width: 100%;
  max-width: 100%;
  font: inherit;
  padding: 0.35rem 0.5rem;
  border: 1px solid var(--ifm-color-emphasis-600);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-color);
  color: var(--ifm-font-color-base);
}
.fdm-calc-flags,
.fdm-calc-apps {
  border: 1px solid var(--ifm-color-emphasis-300);
  border-radius: var(--ifm-global-radius);
  padding: 0.5rem 0.75rem 0.75rem;
  margin: 0;
  min-width: 0;
}
.fdm-calc-check {
  display: block;
  padding: 0.2rem 0;
}
.fdm-calc-app {
  border: 0;
  margin: 0;
  min-width: 0;
  display: grid;
  gap: 0.5rem;
  padding: 0.5rem 0;
  border-bottom: 1px dashed var(--ifm-color-emphasis-300);
  margin-bottom: 0.5rem;
}
.fdm-calc-more summary {
  cursor: pointer;
}
@media (max-width: 996px) {
  .fdm-calc-result {
    order: -1;
  }
}
.fdm-calc-result {
  background: var(--ifm-color-emphasis-100);
  border-radius: var(--ifm-global-radius);
  padding: 0.75rem 1rem;
  min-width: 0;
  overflow-wrap: anywhere;
}
.fdm-calc-figure {
  font-size: 1.15rem;
  margin-bottom: 0.5rem;
}
.fdm-calc-details {
  margin: 0 0 0.5rem;
}
.fdm-calc-details div {
  display: flex;
  flex-wrap: wrap;
  gap: 0 0.5rem;
}
.fdm-calc-details dt {
  font-weight: 600;
}
.fdm-calc-details dt::after {
  content: ":";
}
.fdm-calc-details dd {
  margin: 0;
}
.fdm-calc-explanation {
  font-size: 0.9rem;
}
.fdm-calc-appLegend {
  font-weight: 600;
  font-size: 0.9rem;
  padding: 0;
}
.fdm-calc-appIncomplete {
  border-left: 4px solid var(--ifm-color-danger);
  padding-left: 0.75rem;
}
.fdm-calc-field [aria-invalid="true"] {
  border-color: var(--ifm-color-danger);
  border-width: 2px;
}
.fdm-calc-hint {
  font-size: 0.85rem;
}
.fdm-calc-suggestions {
  list-style: none;
  padding: 0;
  margin: 0.35rem 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
}
.fdm-calc-suggestion {
  font: inherit;
  font-size: 0.85rem;
  text-align: left;
  padding: 0.25rem 0.5rem;
  min-height: 24px;
  border: 1px solid var(--ifm-color-emphasis-600);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-color);
  color: var(--ifm-font-color-base);
  cursor: pointer;
}
.fdm-calc-suggestion:hover {
  background: var(--ifm-color-emphasis-200);
}`;

/** Class names of the form's own parts (kept out of styles.ts, which the page loads up front). */
export const formStyles = {
  appIncomplete: "fdm-calc-appIncomplete",
  hint: "fdm-calc-hint",
  suggestion: "fdm-calc-suggestion",
  suggestions: "fdm-calc-suggestions",
};
