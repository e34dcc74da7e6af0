// `npm run build:content` prunes its cache folder after a build (pruneBuildCache in
// app/content/build/cache.server.ts): what no build has used for --cache-idle-days goes, a
// version's run only lives while the pack was written from it, and what any build still uses
// stays. Each build here is the command itself, on a copy of the fixture content.
//
//   node --import tsx --test tests/integration/build-cache.test.ts
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

const root = join(import.meta.dirname, "../..");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the build cache after a build", () => {
  let dir: string;
  const cache = () => join(dir, "cache");
  const names = () => new Set(readdirSync(cache()));
  const pages = () => [...names()].filter((name) => /^[0-9a-f]{64}\.outline\.json$/.test(name));
  const bodies = () => [...names()].filter((name) => /^[0-9a-f]{64}\.body\.json$/.test(name));
  /** `npm run build:content` with `args`, as a reader runs it. */
  const buildContent = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/build-content.ts", ...args], {
      cwd: root,
      encoding: "utf8",
    });
  const build = (...args: string[]) => {
    const content = join(dir, "content");
    const run = buildContent("--content-dir", content, "--out", join(dir, "out.pack"), "--cache-dir", cache(), ...args);
    assert.equal(run.status, 0, run.stderr);
    return run.stdout;
  };
  /** Every file of the cache, made `days` older. */
  const age = (days: number) => {
    for (const name of names()) {
      const file = join(cache(), name);
      const then = new Date(statSync(file).mtimeMs - days * DAY_MS);
      utimesSync(file, then, then);
    }
  };
  let edits = 0;
  const editFirstPage = () => {
    const file = join(dir, "content/docs/guide/first.mdx");
    edits += 1;
    writeFileSync(file, `${readFileSync(file, "utf8")}\nEdit number ${edits} for the cache test.\n`);
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "build-cache-"));
    cpSync(join(root, "tests/fixtures/content"), join(dir, "content"), { recursive: true });
    build();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("an entry no build used for a week goes; those this build read stay, marked used", () => {
    const before = names();
    assert.equal(pages().length, 3, "three pages compiled");
    age(10);
    editFirstPage();
    const printed = build();
    const now = names();
    const gone = [...before].filter((name) => !now.has(name));
    // The edited page's old entry (its outline and its body), its version's search part and its run (two files).
    assert.equal(gone.filter((name) => /^[0-9a-f]{64}\.outline\.json$/.test(name)).length, 1, gone.join(", "));
    assert.equal(gone.filter((name) => /^[0-9a-f]{64}\.body\.json$/.test(name)).length, 1, gone.join(", "));
    assert.equal(gone.filter((name) => name.startsWith("search-")).length, 1, gone.join(", "));
    assert.equal(gone.filter((name) => name.startsWith("run-")).length, 2, gone.join(", "));
    assert.equal(gone.length, 5, gone.join(", "));
    assert.equal(pages().length, 3);
    assert.match(printed, /removed 5 file\(s\) from the build cache, .* no build used for 7 day\(s\)\)/);
    // What this build read was marked used: none of it is ten days old any more.
    for (const name of now) assert.ok(statSync(join(cache(), name)).mtimeMs > Date.now() - DAY_MS, name);
  });

  test("an entry unused for less than the idle days stays, for a switch back to another branch", () => {
    age(3);
    editFirstPage();
    build();
    assert.equal(pages().length, 4, "the page's entry before this edit is kept");
    assert.equal(bodies().length, 4, "with its body");
    editFirstPage();
    build("--cache-idle-days", "0");
    assert.equal(pages().length, 3, "0 days: only what this build used");
    assert.equal(bodies().length, 3, "each with its body");
    assert.equal([...names()].filter((name) => name.startsWith("run-")).length, 2, "one version: one run, two files");
  });

  test("a killed build's half-written entry goes after an hour; files the build does not name are left alone", () => {
    const stale = join(cache(), `${"a".repeat(64)}.json.tmp`);
    const fresh = join(cache(), `${"b".repeat(64)}.json.tmp`);
    const other = join(cache(), "notes.txt");
    for (const file of [stale, fresh, other]) writeFileSync(file, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const longAgo = new Date(Date.now() - 100 * DAY_MS);
    utimesSync(other, longAgo, longAgo);
    build("--cache-idle-days", "0");
    const now = names();
    assert.ok(!now.has(`${"a".repeat(64)}.json.tmp`));
    assert.ok(now.has(`${"b".repeat(64)}.json.tmp`), "it may be another build's, still writing");
    assert.ok(now.has("notes.txt"));
  });

  test("an idle time that is not a number of days is refused", () => {
    const run = buildContent("--content-dir", join(dir, "content"), "--cache-idle-days", "a week");
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--cache-idle-days must be a number of days \(0 or more\), not "a week"/);
  });
});
