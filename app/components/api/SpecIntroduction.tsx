import type { ApiReference } from "~/api-reference/build/operations";
import { CodeValue } from "~/components/CodeValue";
import { inlineHtml, type Markdown } from "./FieldList";

/** Ids of the introduction's headings on the overview, for its anchors. */
export const INTRODUCTION_ANCHORS = ["behaviour", "authentication-schemes", "servers"] as const;

/** ": " and a one-line Markdown description, when there is one. */
function Described({ text, markdown }: { text: string; markdown: Markdown }) {
  return text ? (
    <>
      {": "}
      <span dangerouslySetInnerHTML={{ __html: inlineHtml(markdown, text) }} />
    </>
  ) : null;
}

/**
 * The spec's own introduction of one version, on the overview above the
 * operation index: how that version's API behaves (base URL, tokens, paging,
 * errors, feature flags, what changed), the credentials it accepts, its
 * servers and its license. Rendered once at build time.
 */
export function SpecIntroduction({ reference, markdown }: { reference: ApiReference; markdown: Markdown }) {
  return (
    <>
      {reference.description ? (
        <>
          <h2 id="behaviour">How version {reference.version} behaves</h2>
          <div dangerouslySetInnerHTML={{ __html: markdown(reference.description) }} />
        </>
      ) : null}
      {reference.securitySchemes.length ? (
        <>
          <h3 id="authentication-schemes">Authentication schemes</h3>
          <ul>
            {reference.securitySchemes.map((scheme) => (
              <li key={scheme.name}>
                <code>{scheme.name}</code>, {scheme.kind}
                <Described text={scheme.description} markdown={markdown} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reference.servers.length ? (
        <>
          <h3 id="servers">Servers</h3>
          <ul>
            {reference.servers.map((server) => (
              <li key={server.url}>
                <CodeValue value={server.url} />
                <Described text={server.description} markdown={markdown} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reference.license ? (
        <p>
          License of the API:{" "}
          {reference.license.url ? (
            <a href={reference.license.url}>{reference.license.name}</a>
          ) : (
            reference.license.name
          )}
          .
        </p>
      ) : null}
    </>
  );
}
