import type { ApiField, ApiOperation, ApiReference, SecurityKind } from "~/api-reference/operations";

/** Rendered once at build time from the spec; descriptions are Markdown turned into HTML by `markdown`. */
interface OperationListProps {
  reference: ApiReference;
  markdown: (text: string) => string;
}

export function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

const SECURITY_LABEL: Record<SecurityKind, string> = {
  none: "No authentication",
  bearer: "Bearer token (JWT)",
  basic: "HTTP Basic (administrator)",
};

function FieldTable({ caption, fields, withLocation }: { caption: string; fields: (ApiField & { in?: string; default?: string })[]; withLocation?: boolean }) {
  // Wide tables scroll inside a region keyboard users can focus.
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
    <table>
      <caption className="text-left text-sm font-bold">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {withLocation ? <th scope="col">In</th> : null}
          <th scope="col">Type</th>
          <th scope="col">Required</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={`${field.in ?? ""}-${field.name}`}>
            <td>
              <code>{field.name}</code>
            </td>
            {withLocation ? <td>{field.in}</td> : null}
            <td>
              {field.type}
              {field.enum ? <> (one of {field.enum.map((value) => `"${value}"`).join(", ")})</> : null}
              {field.default !== undefined ? <> · default <code>{field.default}</code></> : null}
            </td>
            <td>{field.required ? "yes" : "no"}</td>
            <td>{field.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

function Operation({ operation, markdown }: { operation: ApiOperation; markdown: (text: string) => string }) {
  return (
    // Unnamed on purpose: a name would make each of the 56 operations a landmark region,
    // and its id pair would cost half a kilobyte of gzipped HTML; the tag sections are the regions.
    <section id={operation.anchor} className="api-operation">
      <h3>
        <span className={`api-method api-method-${operation.method.toLowerCase()}`}>{operation.method}</span>{" "}
        <code>{operation.path}</code>
        {operation.deprecated ? <span className="api-deprecated"> deprecated</span> : null}
      </h3>
      <p>
        <strong>{operation.summary}</strong> · {SECURITY_LABEL[operation.security]}
      </p>
      {operation.description ? <div dangerouslySetInnerHTML={{ __html: markdown(operation.description) }} /> : null}
      {operation.parameters.length ? <FieldTable caption="Parameters" fields={operation.parameters} withLocation /> : null}
      {operation.requestBody ? (
        <>
          <p>
            Request body ({operation.requestBody.contentType}
            {operation.requestBody.schemaName ? `, ${operation.requestBody.schemaName}` : ""}
            {operation.requestBody.required ? ", required" : ""})
          </p>
          {operation.requestBody.fields.length ? <FieldTable caption="Body fields" fields={operation.requestBody.fields} /> : null}
        </>
      ) : null}
      <p className="text-sm font-bold">Responses</p>
      <ul>
        {operation.responses.map((response) => (
          <li key={response.status}>
            <code>{response.status}</code> {response.description}
            {response.schemaName ? <> ({response.schemaName})</> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every operation of the spec grouped by tag, as plain HTML: what readers
 * without JavaScript and search engines get, and what the interactive
 * explorer replaces once it has loaded.
 */
export function OperationList({ reference, markdown }: OperationListProps) {
  return (
    <>
      <nav aria-label="API sections">
        <h2 id="api-sections">Sections</h2>
        <ul className="api-section-list">
          {reference.groups.map((group) => (
            <li key={group.tag}>
              <a href={`#${tagAnchor(group.tag)}`}>{group.tag}</a> ({group.operations.length})
            </li>
          ))}
        </ul>
      </nav>
      {reference.groups.map((group) => (
        <section key={group.tag} aria-labelledby={tagAnchor(group.tag)}>
          <h2 id={tagAnchor(group.tag)}>{group.tag}</h2>
          {group.description ? <div dangerouslySetInnerHTML={{ __html: markdown(group.description) }} /> : null}
          {group.operations.map((operation) => (
            <Operation key={operation.anchor} operation={operation} markdown={markdown} />
          ))}
        </section>
      ))}
    </>
  );
}
