import { Fragment } from "react";
import { WithBreaks } from "~/components/CodeValue";
import type { Highlighted } from "~/search/types";

/**
 * Matched words as <mark>, the rest as text: React escapes every part,
 * nothing is parsed as HTML. `breaks`: a code value (an API path), given its
 * break points so that it moves to the next line after a slash, not inside a word.
 */
export function Highlight({ parts, breaks = false }: { parts: Highlighted; breaks?: boolean }) {
  return (
    <>
      {parts.map((part, i) => {
        const text = breaks ? <WithBreaks text={part.text} /> : part.text;
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
