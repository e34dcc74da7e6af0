// The search thread's program: built on its own into build/search-thread.mjs
// (scripts/lib/node-bundles.mjs), which the server starts as a worker
// thread (thread.server.ts). It answers one search at a time, in the order
// asked, over the pack the server opened, read through the server's own
// descriptor.
import { parentPort, workerData } from "node:worker_threads";
import { PackReader } from "~/content/pack.server";
import { searchRecordsOf } from "~/content/search-records.server";
import { scriptJson } from "~/http/hydration.server";
import { answerOf } from "./questions";
import { openSiteSearch } from "./site-search.server";
import type { Asked, Reply, ThreadSetup } from "./thread.server";

const { pack, versions, current } = workerData as ThreadSetup;
const index = { search: pack.search, compounds: pack.compounds };
const reader = new PackReader(pack.file, { descriptor: pack.descriptor, index });
const search = openSiteSearch({ versions, current, ...searchRecordsOf(reader, index) });
const encoder = new TextEncoder();

parentPort!.on("message", ({ id, question }: Asked) => {
  let json: Uint8Array<ArrayBuffer>;
  try {
    // TextEncoder's bytes have a buffer of their own (Buffer's may share a pool), so it can be handed over.
    json = encoder.encode(scriptJson(answerOf(search, question)));
  } catch (error) {
    // The server answers as it would have for a search that failed on its own thread.
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply);
    return;
  }
  parentPort!.postMessage({ id, json } satisfies Reply, [json.buffer]);
});
