// The content of `npm run dev`, compiled and watched in a process of its own
// that scripts/dev/start.mjs starts beside `remix dev`, so the content is ready
// while Remix still builds the app: `remix dev` starts the app server only once
// its first build is done, and the content used to start there, after it
// (docs/decisions/040-dev-server-speed.md). The pipeline runs in a worker
// (scripts/dev/content-worker.mjs), started again with fresh modules when one of
// its own source files changes. App servers (scripts/dev/app-server.mjs) connect
// to the socket named by CONTENT_SOCKET_ENV: each is sent at once the last whole
// state and the deltas since, as the worker serialised them, then what every
// save changes, and asks before each request whether every change saved so far
// is built (scripts/dev/content-channel.mjs).
import net from "node:net";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { CONTENT_SOCKET_ENV, readMessages, removeSocket, sendFrame, sendMessage } from "./content-channel.mjs";

const root = process.cwd();
// Empty counts as unset, as for `npm run build`.
const contentDir = resolve(root, process.env.SITE_CONTENT_DIR || "content");
// What versions.json's spec paths are relative to, as `build:content --spec-root` (the repository by default).
const specRoot = process.env.SITE_SPEC_ROOT ? resolve(root, process.env.SITE_SPEC_ROOT) : undefined;
const socketPath = process.env[CONTENT_SOCKET_ENV];
const log = (line) => console.log(`[content] ${line}`);

/** The app servers connected now. */
const servers = new Set();

/**
 * What a server connecting now is sent first: the current pipeline's last whole
 * (or empty) state and the deltas after it, as frames. When the deltas outweigh
 * the whole state, the worker is asked for a new whole one, so this stays small.
 */
const replay = {
  frames: [],
  wholeBytes: 0,
  deltaBytes: 0,
  /** A whole state was asked for and has not come yet. */
  asked: false,
  add(kind, bytes, pipeline) {
    if (kind === "delta") {
      this.frames.push(bytes);
      this.deltaBytes += bytes.byteLength;
      if (this.deltaBytes > this.wholeBytes && !this.asked) {
        this.asked = true;
        pipeline.resend();
      }
    } else {
      this.frames = [bytes];
      this.wholeBytes = bytes.byteLength;
      this.deltaBytes = 0;
      this.asked = false;
    }
  },
};

/**
 * The content pipeline in a worker, resolved once it has built the content
 * and watches it. Its states go to every connected app server while it is
 * `following` "all"; a replacement's only once it took over and sent a whole
 * state ("from whole"), so a server never applies one worker's delta to the
 * other's content.
 */
function startPipeline({ following }) {
  const worker = new Worker(new URL("./content-worker.mjs", import.meta.url), {
    workerData: { root, contentDir, specRoot },
    execArgv: [],
  });
  const waiting = new Map();
  let nextId = 0;
  const pipeline = {
    exited: false,
    following,
    refresh: () =>
      new Promise((done) => {
        // A pipeline that died leaves the last content it built (the log says why it died).
        if (pipeline.exited) return done();
        const id = (nextId += 1);
        waiting.set(id, done);
        worker.postMessage({ type: "refresh", id });
      }),
    resend: () => worker.postMessage({ type: "resend" }),
    stop: () => worker.terminate(),
  };
  return new Promise((resolveReady, rejectReady) => {
    worker.on("message", (message) => {
      if (message.type === "frame") {
        if (pipeline.following === "none") return;
        if (pipeline.following === "from whole") {
          if (message.kind === "delta") return;
          pipeline.following = "all";
        }
        replay.add(message.kind, message.bytes, pipeline);
        for (const server of servers) sendFrame(server, message.bytes);
      } else if (message.type === "refreshed") {
        waiting.get(message.id)?.();
        waiting.delete(message.id);
      } else if (message.type === "ready") {
        resolveReady(pipeline);
      } else if (message.type === "code-changed") {
        restartSoon();
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

log(`compiling ${contentDir}`);
const started = startPipeline({ following: "all" });
/** The pipeline the servers follow. */
let current = null;
/** Resolves once a replacement pipeline (restartSoon) has taken over or failed to. */
let restarting = null;
let restartTimer;

/** Starts a new pipeline after a change to the pipeline's own code; the old one serves until it is ready. */
function restartSoon() {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    restarting = (async () => {
      log("the content pipeline changed: starting it again");
      try {
        const next = await startPipeline({ following: "none" });
        // A save while the first pipeline was getting ready: it is the one to replace.
        const previous = current ?? (await started);
        previous.following = "none";
        next.following = "from whole";
        current = next;
        // Every server gets its content whole, as a new one does.
        next.resend();
        await previous.stop();
      } catch (error) {
        log(
          `the content pipeline failed to start; the previous one stays until the next change:\n${error?.stack ?? error}`,
        );
      }
    })();
  }, 100);
}

/** Serves one app server: the content as it is, every change after, and answers to its refreshes. */
async function serve(socket) {
  socket.on("error", () => servers.delete(socket));
  socket.once("close", () => servers.delete(socket));
  readMessages(socket, async (message) => {
    if (message.type !== "refresh") return;
    await started;
    await restarting;
    await current.refresh();
    if (!socket.destroyed) sendMessage(socket, { type: "refreshed", id: message.id });
  });
  await started;
  await restarting;
  for (const frame of replay.frames) sendFrame(socket, frame);
  servers.add(socket);
}

// Listening from the start: an app server that connects while the content builds waits for it.
removeSocket(socketPath);
const listener = net.createServer(serve).listen(socketPath);
const close = () => {
  listener.close();
  removeSocket(socketPath);
};
process.once("exit", close);
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    close();
    process.exit(0);
  });

current = await started.catch((error) => {
  log(`the content pipeline failed to start: ${error?.stack ?? error}`);
  process.exit(1);
});
