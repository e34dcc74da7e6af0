// A compile worker of the content build (app/content/compile-pool.server.ts).
// It loads TypeScript through tsx itself, as the dev server's content worker
// does (scripts/dev/content-worker.mjs): a worker inherits no loader hooks.
import { register } from "tsx/esm/api";

register();
await import("./compile-worker.server.ts");
