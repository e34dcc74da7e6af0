import { randomUUID } from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { bufferOf, plainBytes, type Bytes } from "./page-cache.server";

// A content page's body (its rendered HTML, 163 KB on an API page) never enters its loader's data.
// In the data it would pass through JSON four times on a first view: the loader's json(), the router
// reading it back, the escaped hydration string, and taking it out of that string again, since the
// browser already has it in the page. The loader keeps it beside the request instead, by the load
// context Remix gives both the loader and the entry. The document's render gets it back after Remix
// has written the hydration string, and so do the answers of client-side navigations.
// See docs/decisions/003-page-html-once.md.

/**
 * A page's body: its HTML as text, or as UTF-8 bytes in parts, read from the pack (an API page's
 * operations), which a first view copies into the document without ever making them a string.
 */
export type PageBody = string | readonly Uint8Array[];

/** The body each request's loader kept apart, by that request's load context (a new object per request). */
const keptBodies = new WeakMap<AppLoadContext, PageBody>();

interface PageData {
  page: { html: string | null };
}

/** The data of a page whose body was left out: null there, a string in a client-side navigation's answer. */
type BodyLeftOut<Data extends PageData> = Omit<Data, "page"> & {
  page: Omit<Data["page"], "html"> & { html: string | null };
};

/**
 * `data` as a content loader returns it: `page.html` null, the body (`page.html`, unless given
 * apart) kept for this request's render. `page` comes first and `html` first in it, so a data
 * request's answer starts with BODY_LEFT_OUT.
 */
export function leaveBodyOut<Data extends PageData>(
  context: AppLoadContext,
  data: Data,
  body: PageBody | null = data.page.html,
): BodyLeftOut<Data> {
  const { page, ...rest } = data;
  const { html: _html, ...fields } = page;
  if (body !== null) keptBodies.set(context, body);
  return { page: { html: null, ...fields }, ...rest } as BodyLeftOut<Data>;
}

// What React renders where a body kept as bytes goes; withBodyBytes puts the bytes in its place.
// Random per process, so no page's text can contain it.
const BODY_PLACE = `<!--page body ${randomUUID()}-->`;
const BODY_PLACE_BYTES = Buffer.from(BODY_PLACE);

/**
 * The document's render, with the body back in its page's data (or, for bytes, the place they go).
 * Remix wrote the hydration string (remixContext.serverHandoffString) from the same data before: it
 * stays without the body, which the browser reads from the page itself (app/components/docs/DocContent.tsx).
 * The data is copied, not changed: if this render fails, Remix writes the error page's hydration
 * string from the data it holds, which must still have no body.
 */
export function withBodyForRender(remixContext: EntryContext, context: AppLoadContext): EntryContext {
  const body = keptBodies.get(context);
  if (body === undefined) return remixContext;
  const html = typeof body === "string" ? body : BODY_PLACE;
  const { staticHandlerContext } = remixContext;
  const loaderData = Object.fromEntries(
    Object.entries(staticHandlerContext.loaderData).map(([routeId, data]) => {
      const page = (data as Partial<PageData> | null)?.page;
      return [routeId, page?.html === null ? { ...(data as PageData), page: { ...page, html } } : data];
    }),
  );
  return { ...remixContext, staticHandlerContext: { ...staticHandlerContext, loaderData } };
}

/** The rendered document with a body kept as bytes copied into its place; any other document as it is. */
export function withBodyBytes(document: Bytes, context: AppLoadContext): Bytes {
  const body = keptBodies.get(context);
  if (body === undefined || typeof body === "string") return document;
  const rendered = bufferOf(document);
  const at = rendered.indexOf(BODY_PLACE_BYTES);
  // An error page rendered instead of the content page has no place for it.
  if (at === -1) return document;
  return plainBytes(
    Buffer.concat([rendered.subarray(0, at), ...body, rendered.subarray(at + BODY_PLACE_BYTES.length)]),
  );
}

const BODY_LEFT_OUT = '{"page":{"html":null';

/**
 * A data request's answer (a client-side navigation) with the body its loader left out put back in
 * place. Only the loader's own answer is changed, which Remix marks X-Remix-Response: an error
 * thrown after the loader ran (X-Remix-Error) or a thrown response (X-Remix-Catch) passes as it is.
 */
export async function withBodyPutBack(response: Response, context: AppLoadContext): Promise<Response> {
  const body = keptBodies.get(context);
  if (body === undefined || response.headers.get("X-Remix-Response") !== "yes") return response;
  const data = await response.text();
  if (!data.startsWith(BODY_LEFT_OUT)) throw new Error(`a content loader's data starts with ${data.slice(0, 40)}`);
  const html = typeof body === "string" ? body : Buffer.concat(body).toString("utf8");
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(`{"page":{"html":${JSON.stringify(html)}${data.slice(BODY_LEFT_OUT.length)}`, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
