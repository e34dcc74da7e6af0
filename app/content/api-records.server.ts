import type { ApiPageContent, ApiTagPageContent } from "~/api-reference/types";

// A version's API reference as the pack stores it: a small head (the
// overview, the navigation and each page's title and address), a body per
// page below the overview (its tags' pages, then the models page) and the
// spec's texts. A page of the reference reads the head and its own body: the
// whole reference is 1.7 MB of JSON today, of which one page needs a fraction,
// and parsing it all at every first view of an older release's page cost more
// than rendering the page. A page's HTML is a record of its own, its UTF-8
// bytes as they are: a first view copies them into the document unparsed and
// undecoded (app/http/page-body.server.ts), and never reads the Markdown.

/** What a page below the overview has besides its HTML, stored apart from the head. */
export type ApiPageBody = Pick<ApiTagPageContent, "anchors" | "markdown">;
/** The spec's own texts (/openapi.yaml, /openapi.json). */
export type ApiSpecTexts = Pick<ApiPageContent, "specYaml" | "specJson">;
/** A page below the overview without its body. */
export type ApiPageHead = Omit<ApiTagPageContent, keyof ApiPageBody | "html">;
/** The reference without the bodies of the pages below its overview and without the spec's texts. */
export interface ApiReferenceHead extends Omit<ApiPageContent, "tags" | "models" | keyof ApiSpecTexts> {
  tags: ApiPageHead[];
  models: ApiPageHead;
}

const headOf = ({ html: _html, anchors: _anchors, markdown: _markdown, ...head }: ApiTagPageContent): ApiPageHead => head;
const bodyOf = ({ anchors, markdown }: ApiTagPageContent): ApiPageBody => ({ anchors, markdown });

/** The parts a reference is stored in; `bodies` and `html` are its tags' pages in order, then the models page. */
export function splitApiReference(api: ApiPageContent): {
  head: ApiReferenceHead;
  bodies: ApiPageBody[];
  html: string[];
  spec: ApiSpecTexts;
} {
  const { tags, models, specYaml, specJson, ...overview } = api;
  const pages = [...tags, models];
  return {
    head: { ...overview, tags: tags.map(headOf), models: headOf(models) },
    bodies: pages.map(bodyOf),
    html: pages.map((page) => page.html),
    spec: { specYaml, specJson },
  };
}

/** How each page of a joined reference reads its HTML's bytes. */
const storedHtml = new WeakMap<ApiTagPageContent, () => Buffer>();

/** A page's HTML as UTF-8 bytes: those the pack holds when the page is read from one, never made into a string. */
export function apiPageHtmlBytes(page: ApiTagPageContent): Uint8Array {
  return storedHtml.get(page)?.() ?? Buffer.from(page.html);
}

/** Fields read from a part when first asked for (`read` is called each time: its caller caches). */
function lazyFields<T extends object>(target: object, names: (keyof T & string)[], read: () => T): void {
  for (const name of names)
    Object.defineProperty(target, name, { get: () => read()[name], enumerable: true, configurable: true });
}

/** Where a joined reference reads its parts: each is asked for again at every use (its caller caches). */
export interface ApiReferenceParts {
  body: (page: number) => ApiPageBody;
  html: (page: number) => Buffer;
  spec: () => ApiSpecTexts;
}

/**
 * The reference whole again, as callers read it: each page's body, its HTML
 * and the spec's texts are read only when one of their fields is.
 */
export function joinedApiReference(head: ApiReferenceHead, parts: ApiReferenceParts): ApiPageContent {
  const page = (stored: ApiPageHead, n: number): ApiTagPageContent => {
    const joined = { ...stored } as ApiTagPageContent;
    lazyFields<ApiPageBody>(joined, ["anchors", "markdown"], () => parts.body(n));
    Object.defineProperty(joined, "html", { get: () => parts.html(n).toString("utf8"), enumerable: true, configurable: true });
    storedHtml.set(joined, () => parts.html(n));
    return joined;
  };
  const api = { ...head, tags: head.tags.map(page), models: page(head.models, head.tags.length) } as ApiPageContent;
  lazyFields<ApiSpecTexts>(api, ["specYaml", "specJson"], parts.spec);
  return api;
}

/** A reference with every part read: plain data, which no longer needs the pack open. */
export function plainApiReference(api: ApiPageContent): ApiPageContent {
  return { ...api, tags: api.tags.map((tag) => ({ ...tag })), models: { ...api.models } };
}
