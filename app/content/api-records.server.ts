import type { ApiPageContent, ApiTagPageContent } from "~/api-reference/types";

// A version's API reference as the pack stores it: a small head (the
// overview, the navigation and each page's title and address), a body per
// page below the overview (its tags' pages, then the models page) and the
// spec's texts. A page of the reference reads the head and its own body: the
// whole reference is 1.7 MB of JSON today, of which one page needs a fraction,
// and parsing it all at every first view of an older release's page cost more
// than rendering the page.

/** What a page below the overview shows, stored apart from the head. */
export type ApiPageBody = Pick<ApiTagPageContent, "html" | "anchors" | "markdown">;
/** The spec's own texts (/openapi.yaml, /openapi.json). */
export type ApiSpecTexts = Pick<ApiPageContent, "specYaml" | "specJson">;
/** A page below the overview without its body. */
export type ApiPageHead = Omit<ApiTagPageContent, keyof ApiPageBody>;
/** The reference without the bodies of the pages below its overview and without the spec's texts. */
export interface ApiReferenceHead extends Omit<ApiPageContent, "tags" | "models" | keyof ApiSpecTexts> {
  tags: ApiPageHead[];
  models: ApiPageHead;
}

const headOf = ({ html: _html, anchors: _anchors, markdown: _markdown, ...head }: ApiTagPageContent): ApiPageHead => head;
const bodyOf = ({ html, anchors, markdown }: ApiTagPageContent): ApiPageBody => ({ html, anchors, markdown });

/** The parts a reference is stored in; `bodies` are its tags' pages in order, then the models page. */
export function splitApiReference(api: ApiPageContent): { head: ApiReferenceHead; bodies: ApiPageBody[]; spec: ApiSpecTexts } {
  const { tags, models, specYaml, specJson, ...overview } = api;
  return {
    head: { ...overview, tags: tags.map(headOf), models: headOf(models) },
    bodies: [...tags, models].map(bodyOf),
    spec: { specYaml, specJson },
  };
}

/** Fields read from a part when first asked for (`read` is called each time: its caller caches). */
function lazyFields<T extends object>(target: object, names: (keyof T & string)[], read: () => T): void {
  for (const name of names)
    Object.defineProperty(target, name, { get: () => read()[name], enumerable: true, configurable: true });
}

/**
 * The reference whole again, as callers read it: each page's body and the
 * spec's texts are read (through `body` and `spec`) only when one of their
 * fields is.
 */
export function joinedApiReference(
  head: ApiReferenceHead,
  body: (page: number) => ApiPageBody,
  spec: () => ApiSpecTexts,
): ApiPageContent {
  const page = (stored: ApiPageHead, n: number): ApiTagPageContent => {
    const joined = { ...stored } as ApiTagPageContent;
    lazyFields<ApiPageBody>(joined, ["html", "anchors", "markdown"], () => body(n));
    return joined;
  };
  const api = { ...head, tags: head.tags.map(page), models: page(head.models, head.tags.length) } as ApiPageContent;
  lazyFields<ApiSpecTexts>(api, ["specYaml", "specJson"], spec);
  return api;
}

/** A reference with every part read: plain data, which no longer needs the pack open. */
export function plainApiReference(api: ApiPageContent): ApiPageContent {
  return { ...api, tags: api.tags.map((tag) => ({ ...tag })), models: { ...api.models } };
}
