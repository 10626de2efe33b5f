// TypeDoc plugin for the API reference: a function whose TSDoc has several
// `@throws` tags gets one "Throws" section listing every error (the markdown
// theme would write one heading per tag, and the page's TOC would list
// "Throws" as often).
import { Comment, CommentTag, Converter } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const reflection of Object.values(context.project.reflections)) {
      const comments = [reflection.comment, ...(reflection.signatures ?? []).map((s) => s.comment)];
      for (const comment of comments) {
        if (comment) mergeThrows(comment);
      }
    }
  });
}

/** @param {Comment} comment */
function mergeThrows(comment) {
  const throws = comment.blockTags.filter((tag) => tag.tag === "@throws");
  if (throws.length < 2) return;
  /** @type {import("typedoc").CommentDisplayPart[]} */
  const content = [];
  for (const tag of throws) {
    const parts = Comment.cloneDisplayParts(tag.content);
    // Each error is a list item; its wrapped lines stay inside the item.
    content.push({ kind: "text", text: content.length ? "\n- " : "- " });
    for (const part of parts) {
      content.push(
        part.kind === "text" ? { ...part, text: part.text.replace(/\n(?!\s)/g, "\n  ") } : part,
      );
    }
  }
  const first = comment.blockTags.indexOf(throws[0]);
  comment.blockTags = comment.blockTags.filter((tag) => tag.tag !== "@throws");
  comment.blockTags.splice(first, 0, new CommentTag("@throws", content));
}
