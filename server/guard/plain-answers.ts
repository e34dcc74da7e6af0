import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { REJECTION_HEADER, SECURITY_HEADERS } from "../../app/http/guard-contract";
import { REASONS, type Rejection, type RejectionStatus } from "./inspect-request";
import { allowHeader } from "./method-policy";

// The guard's own answers, for requests the app must not or cannot see: a
// browser's bad request becomes a request for the site's error page, anything
// else gets a short plain-text answer that never reaches Express or Remix.

const PLAIN_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  ...SECURITY_HEADERS,
};

function wantsHtml(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("application/xhtml+xml");
}

function answerPlain(req: IncomingMessage, res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { ...PLAIN_HEADERS, "Content-Length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Answers a rejected request and returns true; or, for a browser, rewrites it
 * into a plain GET of "/" carrying the status (the app renders its error page
 * for it) and returns false, so that it goes on to the app.
 */
export function reject(req: IncomingMessage, res: ServerResponse, rejection: Rejection): boolean {
  if (rejection.status === 405) res.setHeader("Allow", allowHeader(req.url));
  if (wantsHtml(req)) {
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
  answerPlain(req, res, rejection.status, `${rejection.status} ${REASONS[rejection.status]}: ${rejection.detail}\n`);
  return true;
}

const SERVER_ERROR_BODY = "500 Internal Server Error: the server could not answer this request; try again.\n";

/** A handler threw: a plain 500, or the connection ended when the answer had already begun. */
export function answerServerError(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  answerPlain(req, res, 500, SERVER_ERROR_BODY);
}

/** Node hands CONNECT to a "connect" listener and drops the socket when there is none: answer it like any method we do not serve. */
export function refuseConnect(_req: IncomingMessage, socket: Socket): void {
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
  );
}

// What Node cannot parse never reaches a listener. Node's own answer to it is
// a status line without a body; a browser gets a short page instead.
function clientErrorPage(status: RejectionStatus): string {
  const title = `${status} ${REASONS[status]}`;
  return (
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
    `<h1>${title}</h1><p>This request was too large or malformed to be read. ` +
    `Clearing this site's cookies, or shortening the address, usually helps.</p><p><a href="/">Go to the home page</a></p></body></html>`
  );
}

export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const body = clientErrorPage(status);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
