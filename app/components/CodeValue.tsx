import { Fragment } from "react";
import { codeSegments } from "~/lib/code-breaks";

/** `text` with a <wbr> at each of its break points (app/lib/code-breaks.ts): the only places it may move to the next line. */
export function WithBreaks({ text }: { text: string }) {
  return (
    <>
      {codeSegments(text).map((piece, n) => (
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
      <WithBreaks text={value} />
    </code>
  );
}
