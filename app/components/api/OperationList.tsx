import { tagAnchor, tagPageUrl } from "~/api-reference/addresses";
import type { ApiField, ApiOperation, ApiReference, ApiTagGroup, SecurityKind } from "~/api-reference/operations";

// Rendered once at build time from the spec (app/api-reference/build.server.ts):
// the overview's operation index and one page per tag. Descriptions are
// Markdown turned into HTML by `markdown`.
type Markdown = (text: string) => string;

const SECURITY_LABEL: Record<SecurityKind, string> = {
  none: "No authentication",
  bearer: "Bearer token (JWT)",
  basic: "HTTP Basic (administrator)",
};

/** A short description as inline HTML: one paragraph loses its <p>, so it sits in a table cell or list item like text. */
function inlineHtml(markdown: Markdown, text: string): string {
  const html = markdown(text).trim();
  const single = /^<p>((?:(?!<\/?p>)[\s\S])*)<\/p>$/.exec(html);
  return single?.[1] ?? html;
}

function FieldTable({
  caption,
  fields,
  withLocation,
  markdown,
}: {
  caption: string;
  fields: (ApiField & { in?: string; default?: string })[];
  withLocation?: boolean;
  markdown: Markdown;
}) {
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
            <td dangerouslySetInnerHTML={{ __html: inlineHtml(markdown, field.description) }} />
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

function Operation({ operation, markdown }: { operation: ApiOperation; markdown: Markdown }) {
  return (
    // Unnamed on purpose: a name would make every operation a landmark region and cost
    // an id pair each; its heading is how a screen reader moves between them.
    <section id={operation.anchor} className="api-operation">
      <h2>
        <MethodAndPath operation={operation} />
        {operation.deprecated ? <span className="api-deprecated"> deprecated</span> : null}
      </h2>
      <p>
        <strong>{operation.summary}</strong> · {SECURITY_LABEL[operation.security]}
      </p>
      {operation.description ? <div dangerouslySetInnerHTML={{ __html: markdown(operation.description) }} /> : null}
      {operation.parameters.length ? <FieldTable caption="Parameters" fields={operation.parameters} withLocation markdown={markdown} /> : null}
      {operation.requestBody ? (
        <>
          <p>
            Request body ({operation.requestBody.contentType}
            {operation.requestBody.schemaName ? `, ${operation.requestBody.schemaName}` : ""}
            {operation.requestBody.required ? ", required" : ""})
          </p>
          {operation.requestBody.fields.length ? <FieldTable caption="Body fields" fields={operation.requestBody.fields} markdown={markdown} /> : null}
        </>
      ) : null}
      <p className="text-sm font-bold">Responses</p>
      <ul>
        {operation.responses.map((response) => (
          <li key={response.status}>
            <code>{response.status}</code> <span dangerouslySetInnerHTML={{ __html: inlineHtml(markdown, response.description) }} />
            {response.schemaName ? <> ({response.schemaName})</> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MethodAndPath({ operation }: { operation: ApiOperation }) {
  return (
    <>
      <span className={`api-method api-method-${operation.method.toLowerCase()}`}>{operation.method}</span>{" "}
      <code>{operation.path}</code>
    </>
  );
}

/** One operation on one line: method and path linking to its description, then its summary. */
function IndexLine({ operation, href, id }: { operation: ApiOperation; href: string; id?: string }) {
  return (
    <li id={id}>
      <a href={href}>
        <MethodAndPath operation={operation} />
      </a>{" "}
      {operation.summary}
      {operation.deprecated ? <span className="api-deprecated"> deprecated</span> : null}
    </li>
  );
}

/**
 * The overview's index: every operation of every tag on one line, under the
 * same id the full description has on its tag's page, so an old deep link
 * (/api#get-/v1/albums) still lands next to a link to it.
 */
export function OperationIndex({ reference, apiUrl, markdown }: { reference: ApiReference; apiUrl: string; markdown: Markdown }) {
  return (
    <>
      <h2 id="operations">Operations</h2>
      {reference.groups.map((group) => {
        const url = tagPageUrl(apiUrl, group.tag);
        return (
          <section key={group.tag} aria-labelledby={tagAnchor(group.tag)}>
            <h3 id={tagAnchor(group.tag)}>
              <a href={url}>{group.tag}</a>
            </h3>
            {group.description ? <div dangerouslySetInnerHTML={{ __html: markdown(group.description) }} /> : null}
            <ul className="api-index">
              {group.operations.map((operation) => (
                <IndexLine key={operation.anchor} operation={operation} href={`${url}#${operation.anchor}`} id={operation.anchor} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/** Links to every tag's page, the one shown marked as current. */
function TagNavigation({ reference, apiUrl, current }: { reference: ApiReference; apiUrl: string; current: ApiTagGroup }) {
  return (
    <nav aria-label="API sections">
      <ul className="api-section-list">
        <li>
          <a href={apiUrl}>Overview</a>
        </li>
        {reference.groups.map((group) => (
          <li key={group.tag}>
            <a href={tagPageUrl(apiUrl, group.tag)} aria-current={group === current ? "page" : undefined}>
              {group.tag}
            </a>{" "}
            ({group.operations.length})
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The previous and next tag in the spec's order, as the docs pages link theirs. */
function TagPagination({ reference, apiUrl, current }: { reference: ApiReference; apiUrl: string; current: ApiTagGroup }) {
  const index = reference.groups.indexOf(current);
  const previous = reference.groups[index - 1];
  const next = reference.groups[index + 1];
  return (
    <nav aria-label="Previous and next sections" className="api-pagination">
      {previous ? (
        <a href={tagPageUrl(apiUrl, previous.tag)} rel="prev">
          « {previous.tag}
        </a>
      ) : (
        <a href={apiUrl} rel="prev">
          « Overview
        </a>
      )}
      {next ? (
        <a href={tagPageUrl(apiUrl, next.tag)} rel="next">
          {next.tag} »
        </a>
      ) : null}
    </nav>
  );
}

/**
 * One tag's page: its description and every operation in full, as plain HTML:
 * what readers without JavaScript and search engines get, and what the
 * interactive explorer replaces once it has loaded.
 */
export function TagOperations({ reference, group, apiUrl, markdown }: { reference: ApiReference; group: ApiTagGroup; apiUrl: string; markdown: Markdown }) {
  return (
    <>
      <TagNavigation reference={reference} apiUrl={apiUrl} current={group} />
      {group.description ? <div dangerouslySetInnerHTML={{ __html: markdown(group.description) }} /> : null}
      <nav aria-label="On this page">
        <ul className="api-index">
          {group.operations.map((operation) => (
            <IndexLine key={operation.anchor} operation={operation} href={`#${operation.anchor}`} />
          ))}
        </ul>
      </nav>
      {group.operations.map((operation) => (
        <Operation key={operation.anchor} operation={operation} markdown={markdown} />
      ))}
      <TagPagination reference={reference} apiUrl={apiUrl} current={group} />
    </>
  );
}
