// The content pipeline of `npm run dev`, in a worker thread of the content host
// (scripts/dev/content-host.mjs): app/content/build/live.server.ts compiles the content
// and watches it, and every new state (content or problems) is posted to the
// host, already serialised for the app server (scripts/dev/content-channel.mjs).
// A change to the pipeline's code is reported to the host, which starts a new
// worker, with fresh modules.
import { parentPort, workerData } from "node:worker_threads";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { encode } from "./content-channel.mjs";
import { ContentDeltas } from "./content-delta.mjs";

const pipelineFiles = new Set();
register({
  onImport(url) {
    if (url.startsWith("file:") && !url.includes("/node_modules/"))
      pipelineFiles.add(fileURLToPath(url.replace(/\?.*$/, "")));
  },
});
const { LiveContent } = await import("../../app/content/build/live.server.ts");
const { pollingNotice, watchFolders } = await import("../../app/content/build/watch.server.ts");

const live = new LiveContent({
  root: workerData.root,
  contentDir: workerData.contentDir,
  specRoot: workerData.specRoot,
  // The scale benchmark points the dev server at the cache its build filled (else .cache/content).
  ...(process.env.SITE_CONTENT_CACHE_DIR ? { cacheDir: process.env.SITE_CONTENT_CACHE_DIR } : {}),
  log: (line) => console.log(`[content] ${line}`),
});
// Each state goes to the app server as what changed since the last
// (scripts/dev/content-delta.mjs), marked so the content host can keep what a
// server connecting later must be sent: the last whole state and the deltas after it.
let deltas = new ContentDeltas();
const post = ({ content, ...state }) => {
  const message = deltas.delta(content);
  const kind = message === null ? "empty" : "whole" in message ? "whole" : "delta";
  parentPort.postMessage({
    type: "frame",
    kind,
    bytes: encode({ type: "state", state: { ...state, content: message } }),
  });
};
live.onChange(post);
let warmedUp = false;
parentPort.on("message", async (message) => {
  if (message.type === "refresh") {
    await live.refresh();
    parentPort.postMessage({ type: "refreshed", id: message.id });
    // The first request means the app server is up: warming up now no longer competes with Remix's first build.
    if (!warmedUp) {
      warmedUp = true;
      await live.warmUp();
    }
  } else if (message.type === "resend") {
    // The content host asks for the whole state again, to start its replay over.
    deltas = new ContentDeltas();
    const state = live.current();
    if (state) post(state);
  }
});
await live.refresh();
await live.watch();
// A save of the pipeline's own code: the content host starts a new worker, with fresh modules.
await watchFolders(
  [join(workerData.root, "app")],
  (path) => {
    if (pipelineFiles.has(path)) parentPort.postMessage({ type: "code-changed" });
  },
  {
    onError: (error) => console.log(`[content] watching the pipeline's code failed: ${error?.message ?? error}`),
    onPolling: (error) => console.log(`[content] ${pollingNotice("the pipeline's code", error)}`),
  },
);
parentPort.postMessage({ type: "ready" });
