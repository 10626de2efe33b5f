/** One page of each kind a reader hits most; the weight budget and the title test load each. */
export const pageKinds = {
  home: "/",
  "docs page": "/docs/core-concepts/asset-action-model",
  "API page": "/api/fdm-data/src/functions/getCultivationCatalogue",
  "API index": "/api",
  "blog post": "/blog/release-april-2025",
  "norms page": "/docs/norms/nl/2025/stikstofgebruiksnorm",
  glossary: "/glossary",
} as const;

export type PageKind = keyof typeof pageKinds;
