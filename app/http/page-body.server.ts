import type { AppLoadContext, EntryContext } from "@remix-run/node";

// A content page's body (its rendered HTML, 163 KB on an API page) never enters its loader's data.
// In the data it would pass through JSON four times on a first view: the loader's json(), the router
// reading it back, the escaped hydration string, and taking it out of that string again, since the
// browser already has it in the page. The loader keeps it beside the request instead, by the load
// context Remix gives both the loader and the entry. The document's render gets it back after Remix
// has written the hydration string, and so do the answers of client-side navigations.
// See docs/decisions/003-page-html-once.md.

/** The body each request's loader kept apart, by that request's load context (a new object per request). */
const keptBodies = new WeakMap<AppLoadContext, string>();

interface PageData {
  page: { html: string | null };
}

/** The data of a page whose body was left out: null there, a string in a client-side navigation's answer. */
type BodyLeftOut<Data extends PageData> = Omit<Data, "page"> & {
  page: Omit<Data["page"], "html"> & { html: string | null };
};

/**
 * `data` as a content loader returns it: `page.html` null, the body kept for this request's render.
 * `page` comes first and `html` first in it, so a data request's answer starts with BODY_LEFT_OUT.
 */
export function leaveBodyOut<Data extends PageData>(context: AppLoadContext, data: Data): BodyLeftOut<Data> {
  const { page, ...rest } = data;
  const { html, ...fields } = page;
  if (html !== null) keptBodies.set(context, html);
  return { page: { html: null, ...fields }, ...rest } as BodyLeftOut<Data>;
}

/**
 * The document's render, with the body back in its page's data. Remix wrote the hydration string
 * (remixContext.serverHandoffString) from the same data before: it stays without the body, which the
 * browser reads from the page itself (app/components/docs/DocContent.tsx).
 */
export function withBodyForRender(remixContext: EntryContext, context: AppLoadContext): EntryContext {
  const body = keptBodies.get(context);
  if (body === undefined) return remixContext;
  for (const data of Object.values(remixContext.staticHandlerContext.loaderData)) {
    const page = (data as Partial<PageData> | null)?.page;
    if (page?.html === null) page.html = body;
  }
  return remixContext;
}

const BODY_LEFT_OUT = '{"page":{"html":null';

/** A data request's answer (a client-side navigation) with the body its loader left out put back in place. */
export async function withBodyPutBack(response: Response, context: AppLoadContext): Promise<Response> {
  const body = keptBodies.get(context);
  if (body === undefined) return response;
  const data = await response.text();
  if (!data.startsWith(BODY_LEFT_OUT)) throw new Error(`a content loader's data starts with ${data.slice(0, 40)}`);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(`{"page":{"html":${JSON.stringify(body)}${data.slice(BODY_LEFT_OUT.length)}`, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
