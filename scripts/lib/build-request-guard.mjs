// Bundles the request guard (server/guard/, TypeScript) into the one ES module
// that `node --import` loads before remix-serve: build/request-guard.mjs for
// production, .dev/request-guard.mjs for `npm run dev`. esbuild is the
// compiler Remix itself uses; the bundle imports only Node's built-ins.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../../server/guard/index.ts", import.meta.url));
const contract = fileURLToPath(new URL("../../app/http/guard-contract.ts", import.meta.url));

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

/**
 * Writes the shared contract (app/http/guard-contract.ts) to `outfile` as plain
 * JavaScript, for `npm run dev`'s app server (scripts/dev/app-server.mjs), which
 * loads no TypeScript: one definition of the names both sides use.
 */
export async function buildGuardContract(outfile) {
  await build({ entryPoints: [contract], outfile, bundle: true, platform: "node", format: "esm", logLevel: "warning" });
}

// `node scripts/lib/build-request-guard.mjs <outfile>`: the build:app step.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildRequestGuard(process.argv[2] ?? "build/request-guard.mjs");
}
