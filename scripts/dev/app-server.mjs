// The app server of `npm run dev`, which `remix dev` starts (scripts/dev/start.mjs):
// remix-serve over the development build, with the content compiled live in this
// process (app/content/live.server.ts). Every request first waits until the
// content has every change saved so far; the server build reads the result
// through a global (app/content/store.server.ts), so it survives the reloads
// of the server build that app code changes cause. Browsers open on the site
// listen on CONTENT_EVENTS and re-run their loaders when the content changes.
// See docs/decisions/009-live-content.md.
import { watch } from "node:fs";
import http from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const CONTENT_EVENTS = "/__live-content";
const LIVE_CONTENT = Symbol.for("smriti.live-content");
const HEARTBEAT_MS = 15_000;

const root = process.cwd();
const contentDir = resolve(root, process.env.SITE_CONTENT_DIR ?? "content");
const log = (line) => console.log(`[content] ${line}`);

/**
 * The content pipeline (TypeScript, through tsx) with its own live content.
 * Each load gets a namespace of its own, so nothing else this process imports
 * (the server build) goes through tsx, and a reload gets fresh modules.
 * Returns the pipeline's own source files, to watch.
 */
async function loadPipeline(generation) {
  const files = new Set();
  const tsx = register({
    namespace: `live-content-${generation}`,
    onImport(url) {
      if (url.startsWith("file:") && !url.includes("/node_modules/")) files.add(fileURLToPath(url.replace(/\?.*$/, "")));
    },
  });
  const { LiveContent } = await tsx.import("../../app/content/live.server.ts", import.meta.url);
  const live = new LiveContent({ root, contentDir, log });
  await live.refresh();
  return { live, files, unregister: tsx.unregister };
}

/**
 * The live content as the server build and the browsers see it: one object
 * across reloads of the pipeline, which happen when one of its own files
 * (app/content, the diagrams, …) changes, as app code does for remix dev.
 */
class LiveSite {
  listeners = new Set();
  generation = 1;

  async start() {
    log(`compiling ${contentDir}`);
    this.use(await loadPipeline(this.generation));
    watch(join(root, "app"), { recursive: true }, (_event, name) => {
      if (name && this.pipeline.files.has(join(root, "app", String(name)))) this.reloadSoon();
    });
  }

  use(pipeline) {
    const previous = this.pipeline;
    pipeline.stopWatching = pipeline.live.watch();
    pipeline.live.onChange((state) => this.emit(state));
    this.pipeline = pipeline;
    if (!previous) return;
    previous.stopWatching();
    void previous.unregister();
    this.emit(pipeline.live.current());
  }

  emit(state) {
    for (const listener of this.listeners) listener(state);
  }

  reloadSoon() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.reloading = (async () => {
        log("the content pipeline changed: loading it again");
        try {
          this.use(await loadPipeline((this.generation += 1)));
        } catch (error) {
          log(`the content pipeline failed to load; keeping the previous one until the next change:\n${error?.stack ?? error}`);
        }
      })();
    }, 100);
  }

  current() {
    return this.pipeline.live.current();
  }

  async refresh() {
    await this.reloading;
    return this.pipeline.live.refresh();
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const site = new LiveSite();
await site.start();
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

function withLiveContent(listener) {
  return function liveContentListener(req, res) {
    if (req.url === CONTENT_EVENTS) return contentEvents(req, res);
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

const { default: remixConfig } = await import("../../remix.config.js");
process.argv = [process.argv[0], "remix-serve", remixConfig.serverBuildPath];
await import("@remix-run/serve/dist/cli.js");
