// The app server of `npm run dev`, which `remix dev` starts (scripts/dev/start.mjs):
// remix-serve over the development build, with the content compiled live in this
// process (app/content/live.server.ts). Every request first waits until the
// content has every change saved so far; the server build reads the result
// through a global (app/content/store.server.ts), so it survives the reloads
// of the server build that app code changes cause. Browsers open on the site
// listen on CONTENT_EVENTS and re-run their loaders when the content changes.
// See docs/decisions/009-live-content.md.
import http from "node:http";
import { resolve } from "node:path";
import { register } from "tsx/esm/api";

const CONTENT_EVENTS = "/__live-content";
const LIVE_CONTENT = Symbol.for("smriti.live-content");
const HEARTBEAT_MS = 15_000;

const root = process.cwd();
const contentDir = resolve(root, process.env.SITE_CONTENT_DIR ?? "content");
const log = (line) => console.log(`[content] ${line}`);

// The pipeline is TypeScript: loaded through tsx, in its own namespace so that
// nothing else this process imports (the server build) goes through tsx.
const tsx = register({ namespace: "live-content" });
const { LiveContent } = await tsx.import("../../app/content/live.server.ts", import.meta.url);

const live = new LiveContent({ root, contentDir, log });
log(`compiling ${contentDir}`);
await live.refresh();
live.watch();
globalThis[LIVE_CONTENT] = live;

/** Server-sent events: the content's version now, and each new one (see app/components/dev/LiveContent.tsx). */
function contentEvents(req, res) {
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
  });
  const send = (state) => res.write(`data: ${state.version}\n\n`);
  send(live.current());
  const stop = live.onChange(send);
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

function withLiveContent(listener) {
  return function liveContentListener(req, res) {
    if (req.url === CONTENT_EVENTS) return contentEvents(req, res);
    noStaleAnswers(req, res);
    live.refresh().then(() => listener.call(this, req, res));
  };
}

const createServer = http.createServer;
http.createServer = function createLiveContentServer(...args) {
  const index = args.findLastIndex((arg) => typeof arg === "function");
  if (index !== -1) args[index] = withLiveContent(args[index]);
  return createServer.apply(this, args);
};

const { default: remixConfig } = await import("../../remix.config.js");
process.argv = [process.argv[0], "remix-serve", remixConfig.serverBuildPath];
await import("@remix-run/serve/dist/cli.js");
