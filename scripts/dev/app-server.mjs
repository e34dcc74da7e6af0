// The app server of `npm run dev`, which `remix dev` starts (scripts/dev/start.mjs):
// loaded with `node --import` in front of remix-serve's bin over the development
// build, it adds the content compiled live by app/content/live.server.ts in a
// worker thread (scripts/dev/content-worker.mjs). remix-serve starts once this
// module has finished loading, so the content is there before the first request.
// Every request first waits until the content has every change saved so far;
// the server build reads the result through a global (app/content/store.server.ts),
// so it survives the reloads of the server build that app code changes cause.
// Browsers open on the site listen on CONTENT_EVENTS and re-run their loaders
// when the content changes. See docs/decisions/009-live-content.md.
import { createReadStream } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { watch } from "chokidar";
// The names the app shares, built from app/http/guard-contract.ts by scripts/dev/start.mjs.
import { LIVE_CONTENT } from "../../.dev/guard-contract.mjs";
import { vendorScripts } from "../lib/vendor-scripts.mjs";
import { applyContentDelta } from "./content-delta.mjs";

const CONTENT_EVENTS = "/__live-content";
const HEARTBEAT_MS = 15_000;

const root = process.cwd();
const contentDir = resolve(root, process.env.SITE_CONTENT_DIR ?? "content");
const log = (line) => console.log(`[content] ${line}`);

/**
 * The content pipeline in a worker (scripts/dev/content-worker.mjs), resolved
 * once it has built the content. Its states go to `onState`, the last one is
 * kept in `latest`.
 */
function startPipeline() {
  // No preloads for the worker: this module is one, and a worker inheriting it would start another worker.
  const worker = new Worker(new URL("./content-worker.mjs", import.meta.url), {
    workerData: { root, contentDir },
    execArgv: [],
  });
  const waiting = new Map();
  let nextId = 0;
  let lastContent = null;
  const pipeline = {
    latest: null,
    onState: () => {},
    files: new Set(),
    exited: false,
    refresh: () =>
      new Promise((done) => {
        // A pipeline that died answers with the last content it built (the log says why it died).
        if (pipeline.exited) return done();
        const id = (nextId += 1);
        waiting.set(id, done);
        worker.postMessage({ type: "refresh", id });
      }),
    stop: () => worker.terminate(),
  };
  return new Promise((resolveReady, rejectReady) => {
    worker.on("message", (message) => {
      if (message.type === "state") {
        // The content comes as what changed since the worker's last state (scripts/dev/content-delta.mjs).
        const { content, ...state } = message.state;
        lastContent = applyContentDelta(lastContent, content);
        pipeline.latest = { ...state, content: lastContent };
        pipeline.onState(pipeline.latest);
      } else if (message.type === "refreshed") {
        waiting.get(message.id)?.();
        waiting.delete(message.id);
      } else if (message.type === "ready") {
        pipeline.files = new Set(message.files);
        resolveReady(pipeline);
      }
    });
    worker.on("error", (error) => {
      log(`the content pipeline stopped: ${error?.stack ?? error}`);
      rejectReady(error);
    });
    worker.once("exit", (code) => {
      pipeline.exited = true;
      for (const done of waiting.values()) done();
      waiting.clear();
      rejectReady(new Error(`the content worker exited (${code}) before it was ready`));
    });
  });
}

/** The longest wait for scripts/dev/warm-content.mjs; past it the pipeline compiles what is left itself. */
const WARM_UP_LIMIT_MS = 120_000;

/** Resolves when the content compiled beside remix dev's first build (scripts/dev/start.mjs) is in the cache. */
async function contentWarmedUp() {
  const pid = Number(process.env.SMRITI_DEV_WARM_PID);
  if (!pid) return;
  const deadline = Date.now() + WARM_UP_LIMIT_MS;
  const running = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (running() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
}

/**
 * The live content as the server build (through `current()`) and the browsers
 * (through `onChange`) see it: one object across restarts of the pipeline,
 * which happen when one of its own source files changes (app/content, the
 * diagrams, …), as app code changes rebuild the server under remix dev.
 */
class LiveSite {
  listeners = new Set();
  state = null;

  async start() {
    await contentWarmedUp();
    log(`compiling ${contentDir}`);
    this.follow(await startPipeline());
    // chokidar rather than fs.watch, which loses files saved by rename (app/content/watch.server.ts).
    watch(join(root, "app"), { ignoreInitial: true, atomic: 50 }).on("all", (_event, path) => {
      if (this.pipeline.files.has(path)) this.restartSoon();
    });
  }

  follow(pipeline) {
    this.pipeline = pipeline;
    pipeline.onState = (state) => this.update(state);
    if (pipeline.latest) this.update(pipeline.latest);
  }

  update(state) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  restartSoon() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.restarting = (async () => {
        log("the content pipeline changed: starting it again");
        try {
          const next = await startPipeline();
          const previous = this.pipeline;
          previous.onState = () => {};
          this.follow(next);
          await previous.stop();
        } catch (error) {
          log(
            `the content pipeline failed to start; the previous one stays until the next change:\n${error?.stack ?? error}`,
          );
        }
      })();
    }, 100);
  }

  current() {
    return this.state;
  }

  async refresh() {
    await this.restarting;
    await this.pipeline.refresh();
    return this.state;
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
