import { mkdtempSync } from "node:fs";
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
    const outfile = join(mkdtempSync(join(tmpdir(), "smriti-guard-")), "request-guard.mjs");
    await buildRequestGuard(outfile);
    return pathToFileURL(outfile).href;
  })();
  return built;
}
