// The search thread's program: built on its own into build/search-thread.mjs
// (scripts/lib/node-bundles.mjs), which the server starts as a worker
// thread (thread.server.ts). It answers one search at a time, in the order
// asked, over the pack the server opened, read through the server's own
// descriptor.
import { parentPort, workerData } from "node:worker_threads";
import { PackReader } from "~/content/pack.server";
import { searchRecordsOf } from "~/content/search-records.server";
import { answerOf } from "./questions";
import { openSiteSearch } from "./site-search.server";
import type { Asked, Reply, ThreadSetup } from "./thread.server";

const { pack, versions, current } = workerData as ThreadSetup;
const index = { search: pack.search, compounds: pack.compounds };
const reader = new PackReader(pack.file, { descriptor: pack.descriptor, index });
const search = openSiteSearch({ versions, current, ...searchRecordsOf(reader, index) });

parentPort!.on("message", ({ id, question }: Asked) => {
  let reply: Reply;
  try {
    reply = { id, answer: answerOf(search, question) };
  } catch (error) {
    // The server answers as it would have for a search that failed on its own thread.
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
