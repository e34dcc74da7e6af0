import { Fragment } from "react";
import type { Highlighted } from "~/search/types";

/** Matched words as <mark>, the rest as text: React escapes every part, nothing is parsed as HTML. */
export function Highlight({ parts }: { parts: Highlighted }) {
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded-sm bg-amber-100 text-inherit dark:bg-amber-950">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
