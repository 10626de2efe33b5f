// Client bundle only (see codeHighlightPlugin): empties the `highlightedHtml`
// prop of compiled Markdown. The server-rendered page already holds the
// highlighted block and hydration keeps it; shipping it again in the page's
// JavaScript cost up to 2 KB gzip per page. After a client-side navigation
// src/theme/CodeBlock takes it from the page's HTML instead.
const prop = /highlightedHtml: ?("(?:[^"\\\n]|\\.)*")/g;

module.exports = function stripHighlightedHtml(source) {
  return source.replace(prop, 'highlightedHtml: ""');
};
