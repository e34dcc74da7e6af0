import { readFileSync } from "node:fs";

let rapidocUrl: string | null | undefined;

/**
 * The URL of RapiDoc's own file (/build/vendor/rapidoc-<hash>.js), which the
 * explorer loads when the reader asks for it. RapiDoc is kept out of the app
 * build (docs/decisions/015-api-explorer-on-request.md): the build copies it
 * and names it in vendor-scripts.json beside the server build
 * (scripts/lib/vendor-scripts.mjs), which this code is bundled into. Read once;
 * null without a manifest (the sources run by the unit tests are no build),
 * and the explorer then says it could not load.
 */
export function explorerScriptUrl(): string | null {
  if (rapidocUrl === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(new URL("vendor-scripts.json", import.meta.url), "utf8")) as {
        rapidoc?: unknown;
      };
      rapidocUrl = typeof manifest.rapidoc === "string" ? manifest.rapidoc : null;
    } catch {
      rapidocUrl = null;
    }
  }
  return rapidocUrl;
}
