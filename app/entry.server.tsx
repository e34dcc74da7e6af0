import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { respondWithDocument } from "~/http/document.server";
import { registerFrontCache } from "~/http/front-cache.server";
import { plainBytes, type Bytes } from "~/http/page-cache.server";
import { registerMethodPolicy } from "~/http/method-policy.server";
import { learnRoutesFromServerBuild } from "~/http/server-build.server";
import { withBodyBytes, withBodyForRender, withBodyPutBack } from "~/http/page-body.server";
import { startWarmUp } from "~/http/warm-up.server";
import { checkSettingsAtStart } from "~/startup.server";

// remix-serve loads this build before it listens: a bad setting stops the start here, with one line.
checkSettingsAtStart();

// What each route reads (its handle.inputs) and which addresses only the not-found page answers,
// from Remix's own route manifest: the page cache keys on them.
learnRoutesFromServerBuild();

// Let the request guard answer stored pages before Express and Remix run.
registerFrontCache();

// Let it refuse the methods an address does not accept, and name those it does.
registerMethodPolicy();

// Render one page of each kind before /healthz says ready, so that readers never meet a cold server.
startWarmUp();

/**
 * Renders the whole document in one pass. Pages are stored whole (see
 * app/http/document.server.ts) and nothing on a page waits for data after
 * its loaders, so there is nothing to stream: React's string renderer gives
 * the same markup without a stream's cost, which wrote each of a page's
 * thousands of small pieces into its own view of a 2 KB buffer (about a tenth
 * of a first view's CPU at 10,000 pages; docs/decisions/063-documents-rendered-to-a-string.md).
 * It cannot wait for a suspended component, so nothing the server renders
 * may suspend: the root's status pages are imported, not lazy, on the server.
 */
function renderDocument(request: Request, remixContext: EntryContext): Bytes {
  const html = renderToString(<RemixServer context={remixContext} url={request.url} />);
  // The stream renderer writes the doctype itself before an <html> root; the string renderer does not.
  return plainBytes(Buffer.from(`<!DOCTYPE html>${html}`));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return respondWithDocument({
    request,
    statusCode: responseStatusCode,
    routeHeaders: responseHeaders,
    render: async () =>
      withBodyBytes(renderDocument(request, withBodyForRender(remixContext, loadContext)), loadContext),
  });
}

/** A client-side navigation gets the page's body in its data: the browser does not have it yet. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) =>
  withBodyPutBack(response, context);

/** Errors worth a log line: not the 404s, 405s and 400s that bad URLs and bots produce. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
