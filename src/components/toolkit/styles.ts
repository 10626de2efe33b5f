// Styles of these components as a string, rendered in a <style> element by
// the components themselves: Docusaurus merges every CSS file into the one
// stylesheet that all pages load, and pages without these components must not
// pay for them.
export const css = `.fdm-run-sample {
  margin-bottom: var(--ifm-leading);
}
.fdm-run-sample > :first-child {
  margin-bottom: 0.5rem;
}
.fdm-run-toolbar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
}
.fdm-run-hint,
.fdm-run-note {
  font-size: 0.875rem;
  color: var(--ifm-color-emphasis-800);
}
.fdm-run-note {
  margin: 0;
}
.fdm-run-label {
  display: block;
  font-weight: 600;
  margin: 0.5rem 0 0.25rem;
}
.fdm-run-editor {
  width: 100%;
  font-family: var(--ifm-font-family-monospace);
  font-size: 0.875rem;
  padding: 0.5rem;
  border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-surface-color);
  color: var(--ifm-font-color-base);
  tab-size: 2;
  white-space: pre;
  overflow: auto;
}
.fdm-run-output:empty {
  display: none;
}
.fdm-run-output {
  margin-top: 0.5rem;
}
.fdm-run-output p {
  margin: 0.25rem 0;
}
.fdm-run-console {
  margin: 0;
  padding: 0.5rem 0.75rem;
  max-height: 24rem;
  overflow: auto;
  font-size: 0.8125rem;
  white-space: pre-wrap;
  word-break: break-word;
}
.fdm-run-warn {
  color: var(--fdm-run-warn, #8a4b00);
}
[data-theme="dark"] .fdm-run-warn {
  color: #ffb74d;
}
.fdm-run-error {
  color: var(--ifm-color-danger-darkest);
}
[data-theme="dark"] .fdm-run-error {
  color: #ff9c9c;
}
.fdm-run-error p {
  margin: 0.125rem 0;
}
.fdm-run-cause {
  font-style: italic;
}
.fdm-run-ok {
  color: var(--ifm-color-success-darkest);
}
[data-theme="dark"] .fdm-run-ok {
  color: #7ee2a8;
}
.fdm-run-running {
  font-style: italic;
}`;

export const styles = {
  cause: "fdm-run-cause",
  console: "fdm-run-console",
  editor: "fdm-run-editor",
  error: "fdm-run-error",
  hint: "fdm-run-hint",
  label: "fdm-run-label",
  note: "fdm-run-note",
  ok: "fdm-run-ok",
  output: "fdm-run-output",
  running: "fdm-run-running",
  sample: "fdm-run-sample",
  toolbar: "fdm-run-toolbar",
  warn: "fdm-run-warn",
};
