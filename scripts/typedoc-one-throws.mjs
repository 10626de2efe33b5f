// TypeDoc plugin for the API reference: every `@throws {Type} …` entry shows its
// error type first (TypeDoc keeps the annotation only because the config lists
// `@throws` in preservedTypeAnnotationTags; the markdown theme does not print it),
// and a function whose TSDoc has several `@throws` tags gets one "Throws" section
// listing every error (the markdown theme would write one heading per tag, and the
// page's TOC would list "Throws" as often).
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

/**
 * The tag's content with its type annotation in front, as code: "`FdmError`: `NOT_FOUND` when …".
 * @param {CommentTag} tag
 */
function typed(tag) {
  const type = tag.typeAnnotation?.replace(/^\{|\}$/g, "").trim();
  const parts = Comment.cloneDisplayParts(tag.content);
  if (!type) return parts;
  const first = parts[0];
  // "{FdmError} When …" reads "FdmError: when …"; a code ("`NOT_FOUND` when") stays as it is.
  if (first?.kind === "text") {
    parts[0] = { ...first, text: first.text.replace(/^[A-Z](?=[a-z ])/, (c) => c.toLowerCase()) };
  }
  return [{ kind: "code", text: `\`${type}\`` }, { kind: "text", text: ": " }, ...parts];
}

/** @param {Comment} comment */
function mergeThrows(comment) {
  const throws = comment.blockTags.filter((tag) => tag.tag === "@throws");
  for (const tag of throws) {
    tag.content = typed(tag);
    tag.typeAnnotation = undefined;
  }
  if (throws.length < 2) return;
  /** @type {import("typedoc").CommentDisplayPart[]} */
  const content = [];
  for (const tag of throws) {
    const parts = tag.content;
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
