// The request guard for `npm run dev` (.dev/request-guard.mjs), and the
// contract it shares with the app as plain JavaScript. The production build
// bundles the guard with the other Node bundles (node-bundles.mjs).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { buildNodeBundle } from "./node-bundles.mjs";

const contract = fileURLToPath(new URL("../../app/http/guard-contract.ts", import.meta.url));

/** Writes the guard to `outfile`; resolves once it is on disk. */
export function buildRequestGuard(outfile) {
  return buildNodeBundle("request-guard", outfile);
}

/**
 * Writes the shared contract (app/http/guard-contract.ts) to `outfile` as plain
 * JavaScript, for `npm run dev`'s app server (scripts/dev/app-server.mjs), which
 * loads no TypeScript: one definition of the names both sides use.
 */
export async function buildGuardContract(outfile) {
  await build({ entryPoints: [contract], outfile, bundle: true, platform: "node", format: "esm", logLevel: "warning" });
}
