import { Fragment } from "react";
import { WithBreaks } from "~/components/CodeValue";
import { partSegments, type BreakKind } from "~/lib/code-breaks";
import type { Highlighted } from "~/search/types";

/**
 * Matched words as <mark>, the rest as text: React escapes every part,
 * nothing is parsed as HTML. `breaks`: the text gets break points, as one
 * value (an API path) or as words (a snippet quoting a path, a line of code),
 * so that what is too long for the line moves to the next one after a slash,
 * not inside a word.
 */
export function Highlight({ parts, breaks }: { parts: Highlighted; breaks?: BreakKind }) {
  const pieces = breaks
    ? partSegments(
        parts.map((part) => part.text),
        breaks,
      )
    : null;
  return (
    <>
      {parts.map((part, i) => {
        const text = pieces ? <WithBreaks pieces={pieces[i]!} /> : part.text;
        return part.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 text-inherit dark:bg-amber-950">
            {text}
          </mark>
        ) : (
          <Fragment key={i}>{text}</Fragment>
        );
      })}
    </>
  );
}
