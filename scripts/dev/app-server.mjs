// The app server of `npm run dev`, which `remix dev` starts (scripts/dev/start.mjs):
// loaded with `node --import` in front of remix-serve's bin over the development
// build, it adds the content compiled live by the content host
// (scripts/dev/content-host.mjs), a process started beside `remix dev` that has
// usually built the content by the time this starts. remix-serve starts once
// this module has finished loading, so the content is there before the first
// request. Every request first waits until the content has every change saved
// so far; the server build reads the result through a global
// (app/content/store.server.ts), so it survives the reloads of the server build
// that app code changes cause. Browsers open on the site listen on
// CONTENT_EVENTS and re-run their loaders when the content changes. See
// docs/decisions/009-live-content.md.
import { createReadStream } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
// The names the app shares, built from app/http/guard-contract.ts by scripts/dev/start.mjs.
import { LIVE_CONTENT } from "../../.dev/guard-contract.mjs";
import { vendorScripts } from "../lib/vendor-scripts.mjs";
import { CONTENT_SOCKET_ENV, connectToHost, readMessages, sendMessage } from "./content-channel.mjs";
import { applyContentDelta } from "./content-delta.mjs";

const CONTENT_EVENTS = "/__live-content";
const HEARTBEAT_MS = 15_000;

/** How long the app server waits for the content host's socket, which it opens as it starts. */
const CONNECT_LIMIT_MS = 30_000;

/**
 * The live content as the server build (through `current()`) and the browsers
 * (through `onChange`) see it, kept from the states the content host sends.
 */
class LiveSite {
  listeners = new Set();
  state = null;
  content = null;
  waiting = new Map();
  nextId = 0;

  /** Resolves with the first state, once connected to the content host. */
  async start(socketPath) {
    const socket = await connectToHost(socketPath, CONNECT_LIMIT_MS);
    this.socket = socket;
    socket.once("close", () => {
      // The host only stops with the dev server: requests keep the last content.
      this.closed = true;
      for (const done of this.waiting.values()) done();
      this.waiting.clear();
    });
    await new Promise((resolveStarted) =>
      readMessages(socket, (message) => {
        if (message.type === "state") {
          this.receive(message.state);
          resolveStarted();
        } else if (message.type === "refreshed") {
          this.waiting.get(message.id)?.();
          this.waiting.delete(message.id);
        }
      }),
    );
  }

  /** A state whose content is what changed since the last (scripts/dev/content-delta.mjs). */
  receive({ content, ...state }) {
    // States made for other servers before this one's whole content came are not for it.
    if (this.state === null && content && !content.whole) return;
    this.content = applyContentDelta(this.content, content);
    this.state = { ...state, content: this.content };
    for (const listener of this.listeners) listener(this.state);
  }

  current() {
    return this.state;
  }

  /** Resolves once the content has every change saved so far. */
  refresh() {
    return new Promise((done) => {
      if (this.closed) return done();
      const id = (this.nextId += 1);
      this.waiting.set(id, done);
      sendMessage(this.socket, { type: "refresh", id });
    });
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const site = new LiveSite();
await site.start(process.env[CONTENT_SOCKET_ENV]);
globalThis[LIVE_CONTENT] = site;

/** Server-sent events: the content's version now, and each new one (see app/components/dev/LiveContentUpdates.tsx). */
function contentEvents(req, res) {
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
  });
  const send = (state) => res.write(`data: ${state.version}\n\n`);
  send(site.current());
  const stop = site.onChange(send);
  const heartbeat = setInterval(() => res.write(": still here\n\n"), HEARTBEAT_MS);
  req.on("close", () => {
    stop();
    clearInterval(heartbeat);
  });
}

/** Pages change under a running dev server: browsers must ask again each time (build assets are fingerprinted). */
function noStaleAnswers(req, res) {
  if (req.url?.startsWith("/build/")) return;
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadNoCache(...args) {
    if (!this.headersSent) this.setHeader("Cache-Control", "no-cache");
    return writeHead.apply(this, args);
  };
}

/**
 * RapiDoc's file, at the URL scripts/dev/start.mjs named in the server build's
 * manifest: in development it is answered from node_modules, since `remix dev`
 * empties its assets folder on every rebuild (scripts/lib/vendor-scripts.mjs).
 */
const vendorFiles = new Map(vendorScripts().map(({ url, file }) => [url, file]));
function vendorScript(req, res) {
  res.writeHead(200, {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  if (req.method === "HEAD") return res.end();
  createReadStream(vendorFiles.get(req.url)).pipe(res);
}

function withLiveContent(listener) {
  return function liveContentListener(req, res) {
    if (req.url === CONTENT_EVENTS) return contentEvents(req, res);
    if (vendorFiles.has(req.url)) return vendorScript(req, res);
    noStaleAnswers(req, res);
    site.refresh().then(() => listener.call(this, req, res));
  };
}

const createServer = http.createServer;
http.createServer = function createLiveContentServer(...args) {
  const index = args.findLastIndex((arg) => typeof arg === "function");
  if (index !== -1) args[index] = withLiveContent(args[index]);
  return createServer.apply(this, args);
};

// remix-serve logs every request (morgan "tiny"). The browser asks for
// /__manifest?… on every link it sees, which buried the log's useful lines:
// those requests are left out, by the `skip` option of the morgan it loads
// (resolved from remix-serve's bin, the main module this runs in front of).
const serveRequire = createRequire(process.argv[1]);
const morganPath = serveRequire.resolve("morgan");
const morgan = serveRequire(morganPath);
const quiet = (req) => req.url?.startsWith("/__manifest") ?? false;
serveRequire.cache[morganPath].exports = (format, options = {}) =>
  morgan(format, { ...options, skip: (req, res) => quiet(req) || (options.skip?.(req, res) ?? false) });
