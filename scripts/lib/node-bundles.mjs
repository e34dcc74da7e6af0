// The server's TypeScript that Node loads apart from the Remix build, each
// bundled into one ES module with everything it imports but Node's built-ins:
//   request-guard  server/guard/, which `node --import` loads before remix-serve
//                  (build/request-guard.mjs; .dev/request-guard.mjs for `npm run dev`)
//   search-thread  the search thread's program (build/search-thread.mjs), which the
//                  server starts as a worker thread (app/search/thread.server.ts): a
//                  thread that loaded build/index.js would load React, Remix and every
//                  route to run the search engine
// esbuild is the compiler Remix itself uses; it resolves the app's "~/" paths
// from tsconfig.json.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const ENTRIES = {
  "request-guard": "server/guard/index.ts",
  "search-thread": "app/search/thread-worker.server.ts",
};

/** Writes the bundle `name` (a key of ENTRIES) to `outfile`; resolves once it is on disk. */
export async function buildNodeBundle(name, outfile) {
  const entry = ENTRIES[name];
  if (!entry) throw new Error(`no bundle named ${name}`);
  await build({
    entryPoints: [fileURLToPath(new URL(`../../${entry}`, import.meta.url))],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    banner: { js: `// Built from ${entry} by scripts/lib/node-bundles.mjs: edit the TypeScript, not this file.` },
  });
}

// `node scripts/lib/node-bundles.mjs`: the build:app step, every bundle into build/.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await Promise.all(Object.keys(ENTRIES).map((name) => buildNodeBundle(name, `build/${name}.mjs`)));
}
