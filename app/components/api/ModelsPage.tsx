import { tagPageUrl } from "~/api-reference/addresses";
import type { ApiReference } from "~/api-reference/build/operations";
import { Constraints, FieldList, type Markdown } from "./FieldList";
import { CodeValue } from "~/components/CodeValue";

/**
 * The models page of one version (/api/models, /api/next/models): every
 * component schema of the spec with all its fields, and the calls that send
 * or return it. Rendered once at build time; a model's id is its name, the
 * target of the links in the calls' field lists.
 */
export function ModelsPage({
  reference,
  apiUrl,
  modelsUrl,
  markdown,
  examples,
}: {
  reference: ApiReference;
  apiUrl: string;
  modelsUrl: string;
  markdown: Markdown;
  /** Each model's JSON example, highlighted at build time, by name. */
  examples: Record<string, string>;
}) {
  return (
    <>
      <p>
        The objects the calls of this version send and return, with every field. Fields marked read-only are set by the
        server: a request leaves them out.
      </p>
      <nav aria-label="Models">
        <ul className="api-model-index">
          {reference.models.map((model) => (
            <li key={model.name}>
              <a href={`#${model.name}`}>{model.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {reference.models.map((model) => (
        <section key={model.name} id={model.name} className="api-model">
          <h2>
            <code>{model.name}</code>
          </h2>
          {model.description ? <div dangerouslySetInnerHTML={{ __html: markdown(model.description) }} /> : null}
          {model.type !== "object" ? <p>Type: {model.type}</p> : null}
          {model.nullable ? <p>May be null instead of an object.</p> : null}
          {model.constraints ? <Constraints phrases={model.constraints} markdown={markdown} /> : null}
          {model.fields.length ? (
            <FieldList
              fields={model.fields}
              context={{ markdown, modelsUrl, direction: "model" }}
              label={`Fields of ${model.name}`}
            />
          ) : null}
          {examples[model.name] ? (
            <details className="api-example">
              <summary>Example</summary>
              <div dangerouslySetInnerHTML={{ __html: examples[model.name] ?? "" }} />
            </details>
          ) : null}
          {model.usedBy.length ? (
            <>
              <h3>Used by</h3>
              <ul className="api-index">
                {model.usedBy.map((use) => (
                  <li key={use.anchor}>
                    <a href={`${tagPageUrl(apiUrl, use.tag)}#${use.anchor}`}>
                      <span className={`api-method api-method-${use.method.toLowerCase()}`}>{use.method}</span>{" "}
                      <CodeValue value={use.path} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ))}
    </>
  );
}
