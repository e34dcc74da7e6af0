// The compiled pages' cache on disk (diskCache in app/content/build/cache.server.ts): each entry
// is an outline every build reads and a body read only when a record is made of the page.
//
//   node --import tsx --test tests/unit/compile-cache.test.ts
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { diskCache } from "../../app/content/build/cache.server";
import type { CompiledBody } from "../../app/content/build/compile.server";

const KEY = "a".repeat(64);
const body: CompiledBody = {
  html: '<h2 id="setup">Setup</h2><p>Run it.</p>',
  toc: [{ id: "setup", text: "Setup", depth: 2 }],
  anchors: ["setup"],
  sections: [{ id: "setup", heading: "Setup", text: "Run it.", code: "" }],
  links: [],
  warnings: [],
};

describe("compiled pages on disk", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "compile-cache-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("an entry reads back whole, in two files: its outline and its body", () => {
    diskCache(dir).write(KEY, body);
    assert.deepEqual(readdirSync(dir).sort(), [`${KEY}.body.json`, `${KEY}.outline.json`]);
    const read = diskCache(dir).read(KEY);
    assert.deepEqual(read, body);
    assert.deepEqual(JSON.parse(JSON.stringify(read)), body, "its JSON holds the body too");
    assert.deepEqual(structuredClone(read), body, "and a clone of it");
  });

  /** The entry as a build reads it, its body's file removed once `asked` has looked at it. */
  const readThenRemoveBody = (asked: (entry: CompiledBody) => void): CompiledBody => {
    diskCache(dir).write(KEY, body);
    const read = diskCache(dir).read(KEY)!;
    asked(read);
    rmSync(join(dir, `${KEY}.body.json`));
    return read;
  };

  test("the body is read when the HTML or the sections are first asked for, and then kept", () => {
    const unread = readThenRemoveBody((entry) => assert.deepEqual(entry.anchors, body.anchors));
    assert.deepEqual(unread.toc, body.toc, "the outline needs no body");
    assert.throws(
      () => unread.html,
      /the build cache's .*\.body\.json went away during the build; run the build again/,
    );
    const read = readThenRemoveBody((entry) => assert.equal(entry.html, body.html));
    assert.deepEqual(read.sections, body.sections, "read with the HTML");
  });

  test("an outline without its body, or an entry that cannot be parsed, is a miss", () => {
    const cache = diskCache(dir);
    cache.write(KEY, body);
    rmSync(join(dir, `${KEY}.body.json`));
    assert.equal(cache.read(KEY), null, "no body");
    cache.write(KEY, body);
    writeFileSync(join(dir, `${KEY}.outline.json`), "{ torn");
    assert.equal(cache.read(KEY), null, "a torn outline");
    assert.equal(cache.read("b".repeat(64)), null, "never written");
  });

  test("the earlier layout's entries (one file with everything) and this one's are not read for each other", () => {
    writeFileSync(join(dir, `${KEY}.json`), JSON.stringify(body));
    assert.equal(diskCache(dir).read(KEY), null, "an earlier entry is compiled again");
    diskCache(dir).write("b".repeat(64), body);
    assert.ok(!readdirSync(dir).includes(`${"b".repeat(64)}.json`), "earlier code finds no entry of this layout");
  });
});
