// Stands in for the classic theme's Prism language loader: code blocks are
// highlighted at build time (src/plugins/code-highlight.ts), so the browser
// needs no Prism.
export {};
