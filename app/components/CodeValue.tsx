import { Fragment } from "react";
import { codeSegments } from "~/lib/code-breaks";

/** Text in pieces (app/lib/code-breaks.ts) with a <wbr> between each two: the places it may move to the next line. */
export function WithBreaks({ pieces }: { pieces: string[] }) {
  return (
    <>
      {pieces.map((piece, n) => (
        <Fragment key={n}>
          {n > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

/** A code value (a path in a heading or a link) that breaks only at its break points. */
export function CodeValue({ value }: { value: string }) {
  return (
    <code>
      <WithBreaks pieces={codeSegments(value)} />
    </code>
  );
}
