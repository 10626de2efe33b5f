// Styles of these components as a string, rendered in a <style> element by
// the components themselves: Docusaurus merges every CSS file into the one
// stylesheet that all pages load, and pages without these components must not
// pay for them.
export const css = `.fdm-play-page {
  max-width: 60rem;
}
.fdm-play-starters {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 1rem;
}
.fdm-play-label {
  display: block;
  font-weight: 600;
  margin-bottom: 0.25rem;
}
.fdm-play-editor {
  width: 100%;
  font-family: var(--ifm-font-family-monospace);
  font-size: 0.875rem;
  line-height: 1.45;
  padding: 0.75rem;
  border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-surface-color);
  color: var(--ifm-font-color-base);
  tab-size: 2;
  white-space: pre;
  overflow: auto;
}
.fdm-play-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.75rem 0;
}
.fdm-play-notice {
  font-size: 0.9rem;
}`;

export const styles = {
  actions: "fdm-play-actions",
  editor: "fdm-play-editor",
  label: "fdm-play-label",
  notice: "fdm-play-notice",
  page: "fdm-play-page",
  starters: "fdm-play-starters",
};
