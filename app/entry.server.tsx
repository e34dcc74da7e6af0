import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { renderedBytes, respondWithDocument } from "~/http/document.server";
import { registerFrontCache } from "~/http/front-cache.server";
import type { Bytes } from "~/http/page-cache.server";
import { registerMethodPolicy } from "~/http/method-policy.server";
import { learnRoutesFromServerBuild } from "~/http/server-build.server";
import { withBodyBytes, withBodyForRender, withBodyPutBack } from "~/http/page-body.server";
import { startWarmUp } from "~/http/warm-up.server";
import { checkSettingsAtStart } from "~/startup.server";

const RENDER_TIMEOUT_MS = 5000;

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
 * Renders the whole document. Pages are cached whole (see
 * app/http/document.server.ts), so we wait for everything rather than stream.
 */
function renderDocument(request: Request, remixContext: EntryContext): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} />,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            clearTimeout(timeout);
            if (failed) reject(new Error("render failed"));
            else resolve(renderedBytes(chunks));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, RENDER_TIMEOUT_MS);
  });
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
      withBodyBytes(await renderDocument(request, withBodyForRender(remixContext, loadContext)), loadContext),
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
