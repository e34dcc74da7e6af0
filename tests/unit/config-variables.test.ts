import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import { BUILD_VARIABLES, SERVER_VARIABLES, unknownVariableWarnings } from "../../app/config-variables.server";

// A misspelt setting was ignored without a word (SITE_DRAIN=5000: a replica that
// stops without draining). The server now names every SITE_ variable nothing
// reads; the lists it checks against must hold every name the code reads.

const root = join(import.meta.dirname, "../..");
const listed: readonly string[] = [...SERVER_VARIABLES, ...BUILD_VARIABLES];

/** Source files under a folder (not the lists' own module). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((name) => /\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith("config-variables.server.ts"))
    .map((name) => join(root, dir, name));
}

describe("SITE_ variables", () => {
  test("a name nothing reads gets one warning line, with the setting most likely meant", () => {
    assert.deepEqual(
      unknownVariableWarnings({
        SITE_DRAIN: "5000",
        SITE_ULR: "https://docs.example.org",
        SITE_ANALYTICS: "G-ABCDE12345",
        SITE_WIDGET_COLOUR: "red",
        SITE_URL: "https://docs.example.org",
        SITE_COMMIT: "abc",
        PORT: "3000",
        NODE_ENV: "production",
      }),
      [
        "[config] SITE_ANALYTICS is not a setting of this site and is ignored; did you mean SITE_ANALYTICS_ID?",
        "[config] SITE_DRAIN is not a setting of this site and is ignored; did you mean SITE_DRAIN_MS?",
        "[config] SITE_ULR is not a setting of this site and is ignored; did you mean SITE_URL?",
        "[config] SITE_WIDGET_COLOUR is not a setting of this site and is ignored",
      ],
    );
  });

  test("every setting the server and the build read passes quietly", () => {
    assert.deepEqual(unknownVariableWarnings(Object.fromEntries(listed.map((name) => [name, "x"]))), []);
  });

  test("the lists hold every SITE_ name the code reads, and only those", () => {
    // Names in the code that are not environment variables.
    const notVariables = new Set(["SITE_CONTENT_FILE"]);
    const read = new Map<string, string>();
    for (const file of [...sources("app"), ...sources("server"), ...sources("scripts")])
      for (const [name] of readFileSync(file, "utf8").matchAll(/\bSITE_[A-Z0-9_]+\b/g))
        if (!notVariables.has(name)) read.set(name, relative(root, file));
    for (const [name, file] of read) assert.ok(listed.includes(name), `${name} (read in ${file}) is not listed`);
    for (const name of listed) assert.ok(read.has(name), `${name} is listed but nothing reads it`);
  });

  test("the README's configuration tables describe every one", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    // Where the dev server's content worker keeps its cache: set by scripts/bench-scale.ts, not by operators.
    for (const name of listed.filter((name) => name !== "SITE_CONTENT_CACHE_DIR"))
      assert.match(readme, new RegExp(`^\\| \`${name}\` \\|`, "m"), `${name} has no row in README.md`);
  });
});
