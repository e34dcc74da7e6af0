import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { buildSiteContent, checkSite, type BuildOptions } from "../../app/content/build/build.server";
import {
  COMPILE_LANES,
  CompilePool,
  compileThreads,
  PAGES_PER_WORKER,
  requestedThreads,
  THREADS_VARIABLE,
} from "../../app/content/build/compile-pool.server";
import { formatProblem, problemsOf } from "../../app/content/build/live.server";
import { ContentError } from "../../app/content/build/source.server";

// The content build compiles in worker threads when asked to (issue 25,
// docs/decisions/042-build-threads.md). Two threads here, on the fixture's
// three pages: each test compares a build in workers with one in this thread,
// or makes a worker fail (tests/fixtures/compile-workers/).

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/content");
const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};
after(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every cache entry, by file name, as written. */
const cacheFiles = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), "utf8")]));

/** A copy of the fixture whose second page is `source`. */
function fixtureWithSecondPage(source: string): string {
  const copy = tempDir("content-threads-");
  cpSync(fixture, copy, { recursive: true });
  writeFileSync(join(copy, "docs/guide/second.mdx"), source);
  return copy;
}

/** The error a build of `options` fails with. */
async function buildError(options: Omit<BuildOptions, "root">): Promise<unknown> {
  try {
    await buildSiteContent({ root, cacheDir: null, ...options });
  } catch (error) {
    return error;
  }
  assert.fail("the build succeeded");
}

const worker = (name: string) => new URL(`../fixtures/compile-workers/${name}.mjs`, import.meta.url);
/** A compile context for a pool whose workers never read it. */
const context = { urls: [], versions: [], currentId: "next", diagrams: [] };

describe("a build in worker threads", { timeout: 180_000 }, () => {
  test("gives the same content, warnings and cache entries as a build in this thread", async () => {
    const inThread = tempDir("cache-one-");
    const inWorkers = tempDir("cache-two-");
    const one = await buildSiteContent({ root, contentDir: fixture, cacheDir: inThread, threads: 1 });
    const two = await buildSiteContent({ root, contentDir: fixture, cacheDir: inWorkers, threads: 2 });
    assert.equal(two.compiled, one.compiled);
    assert.ok(one.compiled >= 2, `${one.compiled} pages compiled: too few for two workers`);
    assert.deepEqual(two.content, one.content);
    assert.deepEqual(two.warnings, one.warnings);
    assert.deepEqual(cacheFiles(inWorkers), cacheFiles(inThread));
  });

  test("reports a page's MDX mistake in the same place, with the same excerpt, as this thread", async () => {
    const copy = fixtureWithSecondPage(
      "---\ntitle: Second\ndescription: Broken.\n---\n\n# Second\n\nSome text.\n\n<div>\n\nnever closed\n",
    );
    const one = await buildError({ contentDir: copy, threads: 1 });
    const two = await buildError({ contentDir: copy, threads: 2 });
    assert.ok(two instanceof ContentError, `not a ContentError: ${String(two)}`);
    assert.ok(one instanceof ContentError);
    assert.deepEqual([two.file, two.line, two.column, two.reason], [one.file, one.line, one.column, one.reason]);
    assert.match(two.file, /docs\/guide\/second\.mdx$/);
    assert.ok(two.line > 1, `line ${two.line}`);
    assert.deepEqual(problemsOf(two, root).map(formatProblem), problemsOf(one, root).map(formatProblem));

    // A tolerant build (development) keeps the same mistake on its page and builds the rest.
    const tolerantOne = await buildSiteContent({ root, contentDir: copy, cacheDir: null, tolerant: true, threads: 1 });
    const tolerantTwo = await buildSiteContent({ root, contentDir: copy, cacheDir: null, tolerant: true, threads: 2 });
    assert.deepEqual(tolerantTwo.problems, tolerantOne.problems);
    assert.deepEqual(tolerantTwo.content.pages, tolerantOne.content.pages);
    assert.equal(tolerantTwo.problems[0]?.place, "page:/docs/guide/second");
  });

  test("fails with the page it was compiling when a worker throws", async () => {
    const error = await buildError({ contentDir: fixture, threads: 2, compileWorker: worker("throws") });
    assert.ok(error instanceof Error && !(error instanceof ContentError));
    // A worker holds up to three pages: the one that broke it is among those named.
    assert.match(
      error.message,
      /compile worker failed: the highlighter broke while compiling [^;]*tests\/fixtures\/content\/docs\/guide\/second\.mdx/,
    );
    assert.match(error.message, new RegExp(`${THREADS_VARIABLE}=1`));
  });

  test("fails with the page it was compiling when a worker exits", async () => {
    const error = await buildError({ contentDir: fixture, threads: 2, compileWorker: worker("exits") });
    assert.ok(error instanceof Error);
    assert.match(
      error.message,
      /compile worker exited with code 3 while compiling [^;]*tests\/fixtures\/content\/docs\/guide\/second\.mdx/,
    );
  });

  test("a worker is given several pages at once, as this thread compiles them (decision 053)", async () => {
    const pool = new CompilePool(context, 1, worker("answers-when-full"), COMPILE_LANES);
    try {
      const jobs = ["a", "b", "c"].map((name) =>
        pool.compile({ sourcePath: `docs/${name}.mdx`, raw: "", body: "", versionId: "next" }),
      );
      const answered = await Promise.race([
        Promise.all(jobs).then((compiled) => compiled.map((page) => page.body.html)),
        new Promise<string>((resolve) => setTimeout(() => resolve("no answer in 20 s"), 20_000).unref()),
      ]);
      assert.deepEqual(answered, Array(3).fill("<p>docs/c.mdx</p>"));
    } finally {
      await pool.close();
    }
  });

  test("a tolerant build (development) fails too: a dead worker is no mistake of the page's", async () => {
    const error = await buildError({ contentDir: fixture, threads: 2, tolerant: true, compileWorker: worker("exits") });
    assert.match(String(error), /compile worker exited with code 3/);
  });
});

describe("pages compiled side by side in this thread (decision 053)", { timeout: 180_000 }, () => {
  test("today's guides compile to the same bodies, byte for byte, three at a time as one at a time", async () => {
    assert.equal(COMPILE_LANES, 3);
    const oneByOne = tempDir("cache-lane-");
    const sideBySide = tempDir("cache-lanes-");
    const one = await checkSite({ root, cacheDir: oneByOne, threads: 1, lanes: 1 });
    const three = await checkSite({ root, cacheDir: sideBySide, threads: 1 });
    assert.ok(three.compiled >= 50, `${three.compiled} pages compiled`);
    assert.equal(three.compiled, one.compiled);
    assert.deepEqual(three.warnings, one.warnings);
    assert.deepEqual(cacheFiles(sideBySide), cacheFiles(oneByOne));
  });

  test("of two broken pages, the first in source order is reported, whichever fails first", async () => {
    const copy = fixtureWithSecondPage("---\ntitle: Second\ndescription: Broken.\n---\n\n# Second\n\n<div>\n");
    // The first page is long and its mistake (an unknown component) is found only once esbuild has
    // bundled it; the second page's unclosed tag stops its parse. Side by side, the second fails first.
    const filler = Array.from(
      { length: 400 },
      (_, n) => `Paragraph ${n} of a long page, with \`code\` and a [link](./second.mdx).`,
    );
    writeFileSync(
      join(copy, "docs/guide/first.mdx"),
      `---\ntitle: First\ndescription: Long.\n---\n\n# First\n\n${filler.join("\n\n")}\n\n<Nonexistent />\n`,
    );
    for (const lanes of [1, COMPILE_LANES]) {
      const error = await buildError({ contentDir: copy, threads: 1, lanes });
      assert.ok(error instanceof ContentError, `not a ContentError: ${String(error)}`);
      assert.match(error.file, /docs\/guide\/first\.mdx$/, `${lanes} lane(s)`);
      // A tolerant build (development) lists both, in source order too.
      const { problems } = await checkSite({
        root,
        contentDir: copy,
        cacheDir: null,
        threads: 1,
        lanes,
        tolerant: true,
      });
      assert.deepEqual(
        problems.map((problem) => problem.place),
        ["page:/docs/guide/first", "page:/docs/guide/second"],
        `${lanes} lane(s)`,
      );
    }
  });
});

describe("how many threads compile", () => {
  test("one page, or too few to pay for a worker's start, compile in this thread", () => {
    assert.equal(compileThreads(1), 1);
    assert.equal(compileThreads(1, 2), 1);
    assert.equal(compileThreads(2 * PAGES_PER_WORKER - 1), 1);
    assert.equal(compileThreads(0, 4), 1);
  });

  test("as many as asked for, at most one per page", () => {
    assert.equal(compileThreads(3, 2), 2);
    assert.equal(compileThreads(3, 8), 3);
    assert.equal(compileThreads(500, 1), 1);
  });

  test("by default one per core, when every worker gets enough pages", () => {
    assert.equal(compileThreads(10_000, undefined, 2), 2, "two cores: two workers, as measured fastest");
    assert.equal(compileThreads(10_000, undefined, 4), 4);
    assert.equal(compileThreads(2 * PAGES_PER_WORKER, undefined, 4), 2);
    assert.equal(compileThreads(10_000, undefined, 1), 1);
  });

  test("SITE_BUILD_THREADS asks for a number; anything else is refused by name", () => {
    assert.equal(requestedThreads({}), undefined);
    assert.equal(requestedThreads({ [THREADS_VARIABLE]: "1" }), 1);
    assert.equal(requestedThreads({ [THREADS_VARIABLE]: " 3 " }), 3);
    assert.throws(() => requestedThreads({ [THREADS_VARIABLE]: "two" }), /SITE_BUILD_THREADS must be a whole number/);
    assert.throws(() => requestedThreads({ [THREADS_VARIABLE]: "0" }), /SITE_BUILD_THREADS/);
  });
});
