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
// It also makes shutdown prompt: remix-serve stops listening on SIGTERM, but a
// keep-alive connection would stay open (and keep taking requests) after the
// response in flight. From SIGTERM on, every response says "Connection: close",
// so the process exits as soon as its last request is answered, and at the
// latest 9 s after the signal.
import http from "node:http";

export const REJECTION_HEADER = "x-smriti-rejected";
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_TARGET_LENGTH = 8192;
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
const PERCENT_ENCODING = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const SHUTDOWN_GRACE_MS = 9000;

const REASONS = {
  400: "Bad Request",
  403: "Forbidden",
  405: "Method Not Allowed",
  414: "URI Too Long",
};

function validHost(value) {
  const match = HOST.exec(value);
  return Boolean(match) && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** Why this request cannot be served as it is, or null when it can. */
export function inspectRequest(req) {
  if (!ALLOWED_METHODS.has(req.method)) return { status: 405, detail: `method ${req.method} is not supported` };
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) {
    return { status: 400, detail: "the request target must be a path" };
  }
  if (target.length > MAX_TARGET_LENGTH) return { status: 414, detail: `the address is longer than ${MAX_TARGET_LENGTH} characters` };
  const path = target.split("?")[0];
  if (!PERCENT_ENCODING.test(path)) return { status: 400, detail: "the address has malformed percent-encoding" };
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, detail: "the address is not valid UTF-8" };
  }
  if (CONTROL_CHARACTERS.test(decoded)) return { status: 400, detail: "the address contains control characters" };
  const host = req.headers.host;
  if (host !== undefined && !validHost(host)) return { status: 400, detail: "the Host header is not a valid host name" };
  if (UNSAFE_METHODS.has(req.method) && req.headers.origin !== undefined && req.headers.origin !== "null") {
    let originHost;
    try {
      originHost = new URL(req.headers.origin).host;
    } catch {
      return { status: 403, detail: "the Origin header is malformed" };
    }
    const forwarded = req.headers["x-forwarded-host"]?.split(",")[0]?.trim();
    if (originHost !== (forwarded || host)) return { status: 403, detail: "cross-site form submissions are not accepted" };
  }
  return null;
}

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
    delete req.headers[REJECTION_HEADER];
    const rejection = inspectRequest(req);
    if (rejection && reject(req, res, rejection)) return;
    listener.call(this, req, res);
  };
}

const createServer = http.createServer;
http.createServer = function createGuardedServer(...args) {
  const index = args.findLastIndex((arg) => typeof arg === "function");
  if (index !== -1) args[index] = guard(args[index]);
  return createServer.apply(this, args);
};

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    shuttingDown = true;
    for (const res of inFlight) closeConnectionAfter(res);
    setTimeout(() => {
      console.error(`[request-guard] connections still open ${SHUTDOWN_GRACE_MS} ms after ${signal}; exiting`);
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}
