// The content pipeline of `npm run dev`, in a worker thread of the app server
// (scripts/dev/app-server.mjs): app/content/live.server.ts compiles the content
// and watches it, and every new state (content or problems) is posted to the
// app server. A worker keeps the pipeline's globals apart from the server's
// (remix-serve replaces fetch and Response with its own), and a change to the
// pipeline's code is picked up by starting a new worker, with fresh modules.
import { parentPort, workerData } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { ContentDeltas } from "./content-delta.mjs";

const pipelineFiles = new Set();
register({
  onImport(url) {
    if (url.startsWith("file:") && !url.includes("/node_modules/"))
      pipelineFiles.add(fileURLToPath(url.replace(/\?.*$/, "")));
  },
});
const { LiveContent } = await import("../../app/content/live.server.ts");

const live = new LiveContent({
  root: workerData.root,
  contentDir: workerData.contentDir,
  log: (line) => console.log(`[content] ${line}`),
});
// Each state goes to the app server as what changed since the last (scripts/dev/content-delta.mjs).
const deltas = new ContentDeltas();
live.onChange(({ content, ...state }) =>
  parentPort.postMessage({ type: "state", state: { ...state, content: deltas.delta(content) } }),
);
await live.refresh();
await live.watch();
parentPort.postMessage({ type: "ready", files: [...pipelineFiles] });
await live.warmUp();

parentPort.on("message", async (message) => {
  if (message.type === "refresh") {
    await live.refresh();
    parentPort.postMessage({ type: "refreshed", id: message.id });
  }
});
