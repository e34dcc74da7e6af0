// The request guard in front of remix-serve, loaded with `node --import` before
// it (docs/decisions/004-request-guard.md; docs/decisions/036-framework-seams.md
// lists every place we change the framework's behaviour). remix-serve has no
// middleware hook, so the guard wraps the request listener it hands to
// http.createServer. Each job lives in its own module:
//
// - inspect-request: requests the stack cannot handle (bad Host, TRACE,
//   malformed percent-encoding, cross-site POST, oversized headers);
// - method-policy: a method the address does not accept, as the app's routes
//   say (POST to a file, OPTIONS), and what a 405's Allow header names;
// - plain-answers: the error page or plain-text answers for those, and for
//   what Node cannot parse at all;
// - collapse-slashes: a path with repeated slashes redirected to the one with
//   each run made one;
// - front-cache: stored pages and precompressed assets, before Express;
// - crash-policy: an error no handler caught is logged, never fatal once listening;
// - listen-failure: a port in use or a HOST of no interface here, as one line naming the setting;
// - shutdown: Connection: close after SIGTERM, the drain with /healthz at 503.
import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { REJECTION_HEADER, SERVER_MAX_HEADER_SIZE } from "../../app/http/guard-contract";
import { redirectRepeatedSlashes } from "./collapse-slashes";
import { installCrashPolicy, lastResort, markListening } from "./crash-policy";
import { answerFromFrontCache } from "./front-cache";
import { inspectRequest } from "./inspect-request";
import { exitOnListenFailure } from "./listen-failure";
import { refusedMethod } from "./method-policy";
import { answerClientError, answerServerError, refuseConnect, reject } from "./plain-answers";
import { answerWhileDraining, deferCloseWhileDraining, installShutdown, track } from "./shutdown";

function guard(listener: RequestListener): RequestListener {
  return function guardedListener(this: Server, req: IncomingMessage, res: ServerResponse) {
    track(res);
    if (answerWhileDraining(req, res)) return;
    // Only the guard may set this header: a client's copy is dropped.
    delete req.headers[REJECTION_HEADER];
    const malformed = inspectRequest(req);
    if (!malformed && redirectRepeatedSlashes(req, res)) return;
    const rejection = malformed ?? refusedMethod(req);
    if (rejection && reject(req, res, rejection)) return;
    const passOn = () => {
      try {
        listener.call(this, req, res);
      } catch (error) {
        lastResort("a request handler threw", error);
        answerServerError(req, res);
      }
    };
    if (!rejection && answerFromFrontCache(req, res, passOn)) return;
    passOn();
  };
}

const createServer = http.createServer;
// Every server this process creates is guarded: remix-serve's, and in
// development the app server's (scripts/dev/app-server.mjs).
http.createServer = function createGuardedServer(this: unknown, ...args: unknown[]) {
  // The listener is the last function argument (an options object may come first).
  const index = args.map((arg) => typeof arg).lastIndexOf("function");
  if (index !== -1) args[index] = guard(args[index] as RequestListener);
  // Room for headers up to 64 KB, so that the guard (not Node) answers those
  // over its own 16 KB limit, with the site's page.
  if (typeof args[0] !== "object" || args[0] === null) args.unshift({});
  args[0] = { maxHeaderSize: SERVER_MAX_HEADER_SIZE, ...(args[0] as http.ServerOptions) };
  const server = (createServer as (...a: unknown[]) => Server).apply(this, args);
  server.on("connect", refuseConnect);
  server.on("clientError", answerClientError);
  server.once("listening", markListening);
  exitOnListenFailure(server);
  deferCloseWhileDraining(server);
  return server;
} as typeof http.createServer;

installCrashPolicy();
installShutdown();
