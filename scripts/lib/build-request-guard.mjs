// Bundles the request guard (server/guard/, TypeScript) into the one ES module
// that `node --import` loads before remix-serve: build/request-guard.mjs for
// production, .dev/request-guard.mjs for `npm run dev`. esbuild is the
// compiler Remix itself uses; the bundle imports only Node's built-ins.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../../server/guard/index.ts", import.meta.url));

/** Writes the guard to `outfile`; resolves once it is on disk. */
export async function buildRequestGuard(outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    banner: {
      js: "// Built from server/guard/ by scripts/lib/build-request-guard.mjs: edit the TypeScript, not this file.",
    },
  });
}

// `node scripts/lib/build-request-guard.mjs <outfile>`: the build:app step.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildRequestGuard(process.argv[2] ?? "build/request-guard.mjs");
}
