import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import { DRAIN_VARIABLE, drainMilliseconds, HEALTH_PATH, SHUTDOWN_GRACE_MS } from "../../app/http/guard-contract";

// A prompt, bounded shutdown (docs/decisions/004-request-guard.md). remix-serve
// stops listening on SIGTERM, but a keep-alive connection would stay open (and
// keep taking requests) after the response in flight. From the signal on, every
// response says "Connection: close", so the process exits as soon as its last
// request is answered, and at the latest SHUTDOWN_GRACE_MS after the signal.
//
// With several replicas behind a proxy, SITE_DRAIN_MS (0 unless set) adds a
// drain before that (docs/decisions/030-node-24-install-scripts-replicas.md):
// a load balancer that routes by health keeps sending until its next probe
// fails, so for that long the server goes on answering everything except
// /healthz, which says 503 "draining"; remix-serve's close() of the listener
// is held back until then.

// A value that is not a number of milliseconds stops the start (app/startup.server.ts) once the app loads.
const DRAIN_MS = drainMilliseconds(process.env[DRAIN_VARIABLE]) ?? 0;
const DRAINING_BODY = JSON.stringify({
  status: "draining",
  reason: "the server is shutting down; send requests to another replica",
});
const HEALTH_ADDRESS = new RegExp(`^${HEALTH_PATH}(?:[?#]|$)`);

let shuttingDown = false;
/** From the signal on (and to the exit): /healthz says 503. */
let draining = false;
/** During the drain only: the listener stays open. */
let holdingClose = false;
/** Settles when the drain is over (at once without SITE_DRAIN_MS). */
let drainOver: Promise<void> = Promise.resolve();
const inFlight = new Set<ServerResponse>();

/** Ends the response's connection once it is sent, instead of keeping it alive. */
function closeConnectionAfter(res: ServerResponse): void {
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    return;
  }
  // Too late to say so: close once sent (Node detaches the socket on "finish", so keep it now).
  const socket = res.socket;
  res.once("finish", () => socket?.end());
}

/** Follows a response until it closes; after the signal, its connection closes with it. */
export function track(res: ServerResponse): void {
  if (shuttingDown) closeConnectionAfter(res);
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
}

/** During the drain, /healthz answers 503 here; returns whether it did. */
export function answerWhileDraining(req: IncomingMessage, res: ServerResponse): boolean {
  if (!draining || !HEALTH_ADDRESS.test(req.url ?? "")) return false;
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
export function deferCloseWhileDraining(server: Server): void {
  const close = server.close;
  server.close = function closeAfterDrain(this: Server, ...args: Parameters<Server["close"]>) {
    if (!holdingClose) return close.apply(this, args);
    void drainOver.then(() => net.Server.prototype.close.apply(this, args));
    return this;
  };
}

function shutDown(signal: NodeJS.Signals): void {
  shuttingDown = true;
  for (const res of inFlight) closeConnectionAfter(res);
  setTimeout(() => {
    console.error(`[request-guard] connections still open ${SHUTDOWN_GRACE_MS} ms after ${signal}; exiting`);
    process.exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}

export function installShutdown(): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
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
}
