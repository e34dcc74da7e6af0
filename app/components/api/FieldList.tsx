import type { ApiField } from "~/api-reference/build/fields";
import { CodeValue } from "~/components/CodeValue";

// Fields of a body, a model or a call's parameters as a list: one item per
// field, its name, type and marks on one line and its description under
// them. A list, not a table: on a phone a row stacks instead of squeezing
// the description into a column a word wide.

export type Markdown = (text: string) => string;

/** What a list needs besides its fields: the Markdown renderer and where models live. */
export interface FieldContext {
  markdown: Markdown;
  /** The models page of this version ("/api/models"); a model's id there is its name. */
  modelsUrl: string;
  /** Response fields are marked "may be absent", request and model fields required or optional. */
  direction: "request" | "response" | "model";
}

/** A short description as inline HTML: one paragraph loses its <p>. */
export function inlineHtml(markdown: Markdown, text: string): string {
  const html = markdown(text).trim();
  const single = /^<p>((?:(?!<\/?p>)[\s\S])*)<\/p>$/.exec(html);
  return single?.[1] ?? html;
}

export const modelHref = (modelsUrl: string, model: string) => `${modelsUrl}#${model}`;

/** A readable type with the model it names linked: "array of <a>MediaItem</a>". */
export function TypeName({ type, model, modelsUrl }: { type: string; model?: string; modelsUrl: string }) {
  const at = model ? type.indexOf(model) : -1;
  if (!model || at < 0) return <>{type}</>;
  return (
    <>
      {type.slice(0, at)}
      <a href={modelHref(modelsUrl, model)}>{model}</a>
      {type.slice(at + model.length)}
    </>
  );
}

export interface ListedField extends ApiField {
  /** Parameters: where the value goes. */
  in?: string;
  default?: string;
}

function Marks({ field, direction }: { field: ListedField; direction: FieldContext["direction"] }) {
  const marks: string[] = [];
  if (field.in) marks.push(`in ${field.in}`);
  if (direction !== "response") marks.push(field.required ? "required" : "optional");
  else if (!field.required) marks.push("may be absent");
  if (field.nullable) marks.push("nullable");
  if (field.readOnly) marks.push("read-only");
  if (field.writeOnly) marks.push("write-only");
  return (
    <>
      {marks.map((mark) => (
        <span key={mark} className={mark === "required" ? "api-mark api-mark-strong" : "api-mark"}>
          {mark}
        </span>
      ))}
    </>
  );
}

/** What a value must satisfy beyond its type: "Constraints: at least 1; matches `^…$`." */
export function Constraints({ phrases, markdown }: { phrases: string[]; markdown: Markdown }) {
  return (
    <div
      className="api-field-text"
      dangerouslySetInnerHTML={{ __html: `Constraints: ${inlineHtml(markdown, `${phrases.join("; ")}.`)}` }}
    />
  );
}

function Field({ field, context, depth }: { field: ListedField; context: FieldContext; depth: number }) {
  return (
    <li>
      <div className="api-field-head">
        <code className="api-field-name">{field.name}</code>{" "}
        <span className="api-field-type">
          <TypeName type={field.type} model={field.model} modelsUrl={context.modelsUrl} />
        </span>{" "}
        <Marks field={field} direction={context.direction} />
      </div>
      {field.description ? (
        <div
          className="api-field-text"
          dangerouslySetInnerHTML={{ __html: inlineHtml(context.markdown, field.description) }}
        />
      ) : null}
      {field.enum ? (
        <div className="api-field-text">
          One of{" "}
          {field.enum.map((value, i) => (
            <span key={value}>
              {i ? ", " : ""}
              <code>{value}</code>
            </span>
          ))}
          .
        </div>
      ) : null}
      {field.default !== undefined ? (
        <div className="api-field-text">
          Default <code>{field.default}</code>.
        </div>
      ) : null}
      {field.constraints ? <Constraints phrases={field.constraints} markdown={context.markdown} /> : null}
      {field.example !== undefined ? (
        <div className="api-field-text">
          Example <CodeValue value={field.example} />.
        </div>
      ) : null}
      {field.recursive && field.model ? (
        <div className="api-field-text">
          Holds another <a href={modelHref(context.modelsUrl, field.model)}>{field.model}</a>, with the same fields.
        </div>
      ) : null}
      {field.fields?.length ? (
        // The first level of nesting is open, deeper ones closed: the shape is visible, the page stays short.
        <details className="api-nested" open={depth === 0}>
          <summary>
            Fields of <code>{field.name}</code>
            {field.type.startsWith("array") ? " (each item)" : ""}
          </summary>
          <FieldList fields={field.fields} context={context} depth={depth + 1} />
        </details>
      ) : null}
    </li>
  );
}

export function FieldList({
  fields,
  context,
  label,
  depth = 0,
}: {
  fields: ListedField[];
  context: FieldContext;
  label?: string;
  depth?: number;
}) {
  return (
    <ul className="api-fields" aria-label={label}>
      {fields.map((field) => (
        <Field key={`${field.in ?? ""}-${field.name}`} field={field} context={context} depth={depth} />
      ))}
    </ul>
  );
}
