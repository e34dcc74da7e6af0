// Request guard for remix-serve, loaded with `node --import` (see
// docs/decisions/004-request-guard.md).
//
// remix-serve has no middleware hook, and some requests break the stack before
// our code runs: an invalid Host or a TRACE makes the Remix adapter throw (500),
// malformed percent-encoding gets Express's bare 400 page, a POST whose Origin
// does not match its host gets an empty 500 from Remix's CSRF check. The guard
// checks those few things first. A bad request from a browser is turned into a
// request for the site's error page (the app reads the status from a header
// only the guard can set); other clients get a short plain-text answer.
//
// Through the server build (app/http/front-cache.server.ts) it answers two
// kinds of request itself, as the cheapest path: pages the app already
// rendered and stored, and build assets from their precompressed copies.
//
// What Node cannot parse (headers over 64 KB, garbage) gets a short HTML page
// instead of Node's empty reply; headers between 16 and 64 KB get the site's
// 431 page.
//
// Nothing a request does may stop the process (docs/decisions/011-failure-containment.md):
// the front cache is called inside a try, an exception thrown while handing
// the request on gets a plain 500, and a process-level last resort logs what
// still escapes (an error thrown in a callback, a rejected promise nobody
// awaited) and keeps serving. The process exits on SIGTERM and SIGINT only.
//
// It also makes shutdown prompt: remix-serve stops listening on SIGTERM, but a
// keep-alive connection would stay open (and keep taking requests) after the
// response in flight. From SIGTERM on, every response says "Connection: close",
// so the process exits as soon as its last request is answered, and at the
// latest 9 s after the signal.
//
// With several replicas behind a proxy, SITE_DRAIN_MS (0 unless set) adds a
// drain before that: for that long after SIGTERM the server keeps serving, but
// /healthz answers 503 so that load balancers and readiness probes stop
// sending; only then does it stop listening (see "Drain" below).
import http from "node:http";
import net from "node:net";
import { inspectRequest, REASONS, REJECTION_HEADER, SERVER_MAX_HEADER_SIZE } from "./inspect-request.mjs";

const SHUTDOWN_GRACE_MS = 9000;
// Registered by the server build (app/http/front-cache.server.ts): answers stored pages and precompressed assets.
const FRONT_CACHE = Symbol.for("smriti.front-cache");

function wantsHtml(req) {
  const accept = req.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("application/xhtml+xml");
}

function reject(req, res, rejection) {
  if (rejection.status === 405) res.setHeader("Allow", "GET, HEAD, POST");
  if (wantsHtml(req)) {
    // Let the app render its error page: a plain GET of "/" carrying the status.
    req.headers[REJECTION_HEADER] = String(rejection.status);
    if (req.method !== "HEAD") req.method = "GET";
    req.url = "/";
    req.headers.host = "localhost";
    // Headers too large are most often cookies: the page is rendered without them.
    if (rejection.status === 431) delete req.headers.cookie;
    delete req.headers.origin;
    delete req.headers["x-forwarded-host"];
    return false;
  }
  const body = `${rejection.status} ${REASONS[rejection.status]}: ${rejection.detail}\n`;
  res.writeHead(rejection.status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

let shuttingDown = false;
const inFlight = new Set();

/** Ends the response's connection once it is sent, instead of keeping it alive. */
function closeConnectionAfter(res) {
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    return;
  }
  // Too late to say so: close once sent (Node detaches the socket on "finish", so keep it now).
  const socket = res.socket;
  res.once("finish", () => socket?.end());
}

function guard(listener) {
  return function guardedListener(req, res) {
    if (shuttingDown) closeConnectionAfter(res);
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (answerWhileDraining(req, res)) return;
    delete req.headers[REJECTION_HEADER];
    const rejection = inspectRequest(req);
    if (rejection && reject(req, res, rejection)) return;
    // Pages already rendered and stored, and scripts and styles compressed at
    // build time, are answered here, before Express and Remix.
    if (!rejection && answerFromFrontCache(req, res)) return;
    try {
      listener.call(this, req, res);
    } catch (error) {
      lastResort("a request handler threw", error);
      answerServerError(req, res);
    }
  };
}

/** The front cache's answer, if it has one; it catches its own errors, and anything it misses is caught here. */
function answerFromFrontCache(req, res) {
  try {
    return globalThis[FRONT_CACHE]?.answer(req, res) === true;
  } catch (error) {
    lastResort("the front cache threw", error);
    if (res.headersSent) {
      res.destroy();
      return true;
    }
    return false;
  }
}

const SERVER_ERROR_BODY = "500 Internal Server Error: the server could not answer this request; try again.\n";

function answerServerError(req, res) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(SERVER_ERROR_BODY),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : SERVER_ERROR_BODY);
}

// The last resort: an exception no request handler caught. The process holds
// no state a half-finished request could leave inconsistent (the content is
// read-only, cache entries are stored whole), so it logs and keeps serving
// rather than drop every open connection. Repeats of one message are counted,
// not logged again, so a failing path cannot flood the log.
const reported = new Map();
function lastResort(what, error) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const key = `${what}\n${message}`;
  const count = (reported.get(key) ?? 0) + 1;
  if (reported.size > 1000) reported.clear();
  reported.set(key, count);
  if (count === 1 || Number.isInteger(Math.log10(count))) {
    console.error(`[request-guard] ${what} (kept serving; seen ${count} time${count === 1 ? "" : "s"}):`, error instanceof Error ? error.stack : error);
  }
}

// Before the server listens, an uncaught error is a failed start (a port in
// use, a build that does not load): keeping the process would leave a process
// that serves nothing, so it exits as Node would.
let listening = false;
function uncaught(what) {
  return (error) => {
    if (!listening) {
      console.error(`[request-guard] ${what} before the server started:`, error);
      process.exit(1);
    }
    lastResort(what, error);
  };
}
process.on("uncaughtException", uncaught("uncaught exception"));
process.on("unhandledRejection", uncaught("unhandled promise rejection"));

// Node hands CONNECT to a "connect" listener and drops the socket when there is
// none: answer it like any other method we do not serve.
function refuseConnect(req, socket) {
  socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
}

// What Node cannot parse never reaches a listener. Node's own answer to it is
// a status line without a body; a browser gets a short page instead.
const CLIENT_ERROR_PAGE = (status) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${status} ${REASONS[status]}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
  `<h1>${status} ${REASONS[status]}</h1><p>This request was too large or malformed to be read. ` +
  `Clearing this site's cookies, or shortening the address, usually helps.</p><p><a href="/">Go to the home page</a></p></body></html>`;

function answerClientError(error, socket) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = CLIENT_ERROR_PAGE(status);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

const createServer = http.createServer;
http.createServer = function createGuardedServer(...args) {
  const index = args.findLastIndex((arg) => typeof arg === "function");
  if (index !== -1) args[index] = guard(args[index]);
  // Room for headers up to 64 KB, so that the guard (not Node) answers those
  // over its own 16 KB limit, with the site's page.
  if (typeof args[0] !== "object" || args[0] === null) args.unshift({});
  args[0] = { maxHeaderSize: SERVER_MAX_HEADER_SIZE, ...args[0] };
  const server = createServer.apply(this, args);
  server.on("connect", refuseConnect);
  server.on("clientError", answerClientError);
  server.once("listening", () => (listening = true));
  deferCloseWhileDraining(server);
  return server;
};

function shutDown(signal) {
  shuttingDown = true;
  for (const res of inFlight) closeConnectionAfter(res);
  setTimeout(() => {
    console.error(`[request-guard] connections still open ${SHUTDOWN_GRACE_MS} ms after ${signal}; exiting`);
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}

// ---- Drain (several replicas; docs/decisions/030-node-24-install-scripts-replicas.md) ----
// A replica that stops listening at once is safe behind nginx (a refused
// connection is retried on another replica), but a load balancer that routes
// by health (Kubernetes readiness, a cloud load balancer, Docker's health
// status) keeps sending until its next probe fails. For SITE_DRAIN_MS after
// SIGTERM the server goes on answering everything except /healthz, which says
// 503 "draining"; remix-serve's close() of the listener is held back until
// then, and the usual shutdown (Connection: close, exit within 9 s) follows.
const DRAIN_MS = Math.max(0, Number.parseInt(process.env.SITE_DRAIN_MS ?? "0", 10) || 0);
/** From the signal on (and to the exit): /healthz says 503. */
let draining = false;
/** During the drain only: the listener stays open. */
let holdingClose = false;
/** Settles when the drain is over (at once without SITE_DRAIN_MS). */
let drainOver = Promise.resolve();
const DRAINING_BODY = JSON.stringify({ status: "draining", reason: "the server is shutting down; send requests to another replica" });

function answerWhileDraining(req, res) {
  if (!draining || !/^\/healthz(?:[?#]|$)/.test(req.url ?? "")) return false;
  res.writeHead(503, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(DRAINING_BODY),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : DRAINING_BODY);
  return true;
}

// At the end of the drain only the listener is closed: Node's http close()
// would also close idle kept-alive connections at once, under a proxy's feet:
// nginx may be writing a request on one at that moment, gets a reset, and
// resends it elsewhere only if it is a GET (a POST becomes a 502). Those
// connections are closed by the proxy (nginx's keepalive_timeout, 4 s, is
// below Node's 5 s) or answered once more, with "Connection: close".
// (Answering with "Connection: close" during the drain too was tried: every
// request then opens a connection, and more of them sit unaccepted in the
// listen queue when it closes, which resets them.)

/** remix-serve calls server.close() on SIGTERM; during the drain the listener stays open. */
function deferCloseWhileDraining(server) {
  const close = server.close;
  server.close = function closeAfterDrain(...args) {
    if (!holdingClose) return close.apply(this, args);
    void drainOver.then(() => net.Server.prototype.close.apply(this, args));
    return this;
  };
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    if (DRAIN_MS === 0) return shutDown(signal);
    draining = true;
    holdingClose = true;
    console.error(`[request-guard] ${signal}: draining for ${DRAIN_MS} ms (/healthz answers 503), then closing`);
    drainOver = new Promise((resolve) =>
      setTimeout(() => {
        holdingClose = false;
        shutDown(signal);
        resolve();
      }, DRAIN_MS),
    );
  });
}
