import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildRequestGuard } from "../../scripts/lib/build-request-guard.mjs";

let built: Promise<string> | undefined;

/**
 * The request guard as production loads it: server/guard/ bundled by the
 * build's own step, once per test process. Returns what `node --import` takes.
 */
export function requestGuardModule(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "smriti-guard-"));
    // Loaded by the servers this process starts, so it stays until the process ends; then nothing is left in /tmp.
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, "request-guard.mjs");
    await buildRequestGuard(outfile);
    return pathToFileURL(outfile).href;
  })();
  return built;
}
