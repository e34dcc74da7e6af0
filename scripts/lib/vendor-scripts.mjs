// Browser scripts the site serves as published, outside Remix's app build:
// RapiDoc, the API explorer (docs/decisions/015-api-explorer-on-request.md).
// Bundled by Remix, its 863 KB file went through the classic compiler's
// cssSideEffectImports Babel pass in every build, about 7 s of CPU
// (docs/decisions/040-dev-server-speed.md). Instead each script is served
// under /build/vendor/ by a name fingerprinted with its content, and a manifest
// beside the server build (vendor-scripts.json: name -> URL) tells the server
// which URL to hand the page (app/api-reference/explorer-script.server.ts).
//
// Production (`npm run build:app`): `node scripts/lib/vendor-scripts.mjs`
// after `remix build` copies the files into public/build/vendor/, so the build's
// own asset path covers them: kept for rolling deploys, precompressed, served
// immutable. Development (scripts/dev/start.mjs) writes only the manifest; the
// app server answers the URL from node_modules (scripts/dev/app-server.mjs).
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** The published browser file of each vendored package, by the name the server looks it up by. */
const SOURCES = { rapidoc: "rapidoc/dist/rapidoc-min.js" };

/** The manifest's file name, in the server build's folder. */
export const VENDOR_MANIFEST = "vendor-scripts.json";

/**
 * Each vendored script: its name, its file in node_modules and the URL it is
 * served at, /build/vendor/<name>-<first 10 hex digits of its SHA-256>.js.
 */
export function vendorScripts() {
  return Object.entries(SOURCES).map(([name, module]) => {
    const file = require.resolve(module);
    const hash = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 10);
    return { name, file, url: `/build/vendor/${name}-${hash}.js` };
  });
}

/** Writes the manifest (name -> URL) into `serverBuildDir`, where the server build reads it. */
export function writeVendorManifest(serverBuildDir, scripts) {
  mkdirSync(serverBuildDir, { recursive: true });
  const manifest = Object.fromEntries(scripts.map(({ name, url }) => [name, url]));
  writeFileSync(join(serverBuildDir, VENDOR_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Copies each script to its URL's place under `publicDir`. */
export function copyVendorScripts(publicDir, scripts) {
  for (const { file, url } of scripts) {
    const target = join(publicDir, url);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}

// `node scripts/lib/vendor-scripts.mjs`: the build:app step, after `remix build` (which empties public/build/).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { default: config } = await import("../../remix.config.js");
  const scripts = vendorScripts();
  copyVendorScripts(dirname(config.assetsBuildDirectory), scripts);
  writeVendorManifest(dirname(config.serverBuildPath), scripts);
  console.log(`vendor: ${scripts.map(({ url }) => url).join(", ")}`);
}
