import { Fragment } from "react";
import { codeSegments } from "~/lib/code-breaks";

/** A code value (a path in a heading or a link) that may move to the next line only at its break points (app/lib/code-breaks.ts). */
export function CodeValue({ value }: { value: string }) {
  return (
    <code>
      {codeSegments(value).map((piece, n) => (
        <Fragment key={n}>
          {n > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </code>
  );
}
