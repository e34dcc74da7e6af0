import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { apiFingerprint, importedSources, pipelineFingerprint } from "../../app/content/build/cache.server";

// The compile cache's key covers the code a compiled page depends on, found by
// following the page compiler's imports, and nothing else: at 10,000 pages an
// over-wide key costs minutes of recompiling after an unrelated change (issue 25).

const root = join(import.meta.dirname, "../..");

describe("the code fingerprints of the compile and API caches", () => {
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "code-fingerprint-"));
    write("tsconfig.json", JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }));
    write("package-lock.json", `{"lockfileVersion": 3}`);
    write(
      "app/content/build/page-compiler.server.ts",
      `import { compile } from "./compile.server";\nexport const pageCompiler = compile;\n`,
    );
    write(
      "app/content/build/compile.server.ts",
      `import { Note } from "~/components/note";\nimport "./page.css";\nexport const compile = async () => (await import("./late.server")).late + Note;\n`,
    );
    write("app/content/build/late.server.ts", `export const late = "late";\n`);
    write("app/content/build/page.css", `p { color: red }\n`);
    write("app/components/note.tsx", `export const Note = "note";\n`);
    write("app/content/store.server.ts", `export const store = 1;\n`);
    write("app/api-reference/build/build.server.ts", `export const api = 1;\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("follows static, dynamic and '~/' imports, and leaves out styles and code the compiler does not import", () => {
    assert.deepEqual(importedSources(dir, "app/content/build/page-compiler.server.ts").sort(), [
      "app/components/note.tsx",
      "app/content/build/compile.server.ts",
      "app/content/build/late.server.ts",
      "app/content/build/page-compiler.server.ts",
    ]);
  });

  test("changes when imported code or the lock file changes, and only then", () => {
    const before = pipelineFingerprint(dir);
    const apiBefore = apiFingerprint(dir);
    write("app/content/store.server.ts", `export const store = 2;\n`);
    write("app/content/build/page.css", `p { color: blue }\n`);
    assert.equal(pipelineFingerprint(dir), before, "the store and the styles are not the compiler's code");
    for (const [file, text] of [
      ["app/components/note.tsx", `export const Note = "callout";\n`],
      ["app/content/build/late.server.ts", `export const late = "later";\n`],
      ["package-lock.json", `{"lockfileVersion": 3, "packages": {}}`],
    ] as const) {
      const was = pipelineFingerprint(dir);
      write(file, text);
      assert.notEqual(pipelineFingerprint(dir), was, `a change to ${file}`);
    }
    assert.notEqual(apiFingerprint(dir), apiBefore, "the lock file is in the API reference's key too");
    const api = apiFingerprint(dir);
    write("app/api-reference/build/build.server.ts", `export const api = 2;\n`);
    assert.notEqual(apiFingerprint(dir), api);
  });

  test("on this repository: the MDX pipeline and the diagram components are in the page key, the store and search are not", () => {
    const sources = importedSources(root, "app/content/build/page-compiler.server.ts");
    for (const file of [
      "app/content/build/compile.server.ts",
      "app/content/build/mdx-components.tsx",
      "app/components/diagrams/index.ts",
      "app/content/build/plugins/links.server.ts",
    ])
      assert.ok(sources.includes(file), file);
    for (const file of [
      "app/content/store.server.ts",
      "app/search/engine.server.ts",
      "app/content/build/build.server.ts",
    ])
      assert.ok(!sources.includes(file), file);
    const api = importedSources(root, "app/api-reference/build/build.server.ts");
    assert.ok(api.includes("app/components/api/OperationList.tsx"));
  });
});
