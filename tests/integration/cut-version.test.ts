import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { CutVersionError, cutVersion } from "../../scripts/lib/cut-version";

const spec = (version: string) => `openapi: 3.0.3\ninfo:\n  title: Smriti API\n  version: "${version}"\npaths: {}\n`;

const FILES: Record<string, string> = {
  "content/versions.json": JSON.stringify({
    current: "24.05.08",
    next: { label: "Next", path: "next", ref: "6b8b599", spec: "spec/next/openapi.yaml" },
    releases: ["24.01.15"],
  }),
  "content/docs/user-guide/introduction.mdx": "---\ntitle: Introduction\n---\nRelease 24.05.08.\n",
  "content/next/user-guide/introduction.mdx": "---\ntitle: Introduction\n---\nThe main branch.\n",
  "content/next/user-guide/jobs.mdx": "---\ntitle: Jobs\n---\nOnly on the main branch.\n",
  // Diagrams are content of a version (docs/decisions/027): their data travels with the tree.
  "content/docs/diagrams.json": '{"architecture":{"apiStack":"Go 1.22"}}\n',
  "content/next/diagrams.json": '{"architecture":{"apiStack":"Go 1.24"}}\n',
  "content/releases/24.01.15/user-guide/introduction.mdx": "---\ntitle: Introduction\n---\nRelease 24.01.15.\n",
  "spec/openapi.yaml": spec("24.05.08"),
  "spec/next/openapi.yaml": spec("24.06.24"),
  "spec/releases/24.01.15/openapi.yaml": spec("24.01.15"),
};

const git = (cwd: string, ...args: string[]) => {
  const result = spawnSync("git", ["-c", "user.name=test", "-c", "user.email=test@example.org", ...args], {
    cwd,
    encoding: "utf8",
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
};

describe("npm run docs:version (cutting a release) on a fixture repository", () => {
  let root: string;
  const read = (path: string) => readFileSync(join(root, path), "utf8");

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "cut-version-"));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    git(root, "init", "-q");
    git(root, "add", ".");
    git(root, "commit", "-q", "-m", "fixture");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("Next becomes the current release; the old release moves to its versioned place", () => {
    const result = cutVersion(root, "24.06.24");
    assert.deepEqual(
      { previous: result.previous, current: result.current },
      { previous: "24.05.08", current: "24.06.24" },
    );
    assert.match(read("content/docs/user-guide/introduction.mdx"), /The main branch/);
    assert.ok(existsSync(join(root, "content/docs/user-guide/jobs.mdx")));
    assert.match(read("content/releases/24.05.08/user-guide/introduction.mdx"), /Release 24\.05\.08/);
    assert.ok(!existsSync(join(root, "content/releases/24.05.08/user-guide/jobs.mdx")));
    assert.match(read("content/docs/diagrams.json"), /Go 1\.24/);
    assert.match(read("content/releases/24.05.08/diagrams.json"), /Go 1\.22/);
    // Next stays, as the starting point of the following release.
    assert.match(read("content/next/user-guide/jobs.mdx"), /Only on the main branch/);
    assert.equal(read("spec/openapi.yaml"), spec("24.06.24"));
    assert.equal(read("spec/releases/24.05.08/openapi.yaml"), spec("24.05.08"));
    assert.equal(read("spec/next/openapi.yaml"), spec("24.06.24"));
    assert.deepEqual(JSON.parse(read("content/versions.json")), {
      current: "24.06.24",
      next: { label: "Next", path: "next", ref: "6b8b599", spec: "spec/next/openapi.yaml" },
      releases: ["24.05.08", "24.01.15"],
    });
  });

  const refuses = (id: string, reason: RegExp) => {
    const before = git(root, "ls-files", "-s");
    assert.throws(
      () => cutVersion(root, id),
      (error: unknown) => error instanceof CutVersionError && reason.test(error.message),
    );
    // Nothing moved, nothing written.
    assert.equal(git(root, "status", "--porcelain", "--untracked-files=all"), "");
    assert.equal(git(root, "ls-files", "-s"), before);
  };

  test("refuses an id that is not a release id", () => refuses("june", /not a release id/));
  test("refuses an existing version", () => {
    refuses("24.05.08", /24\.05\.08 exists already/);
    refuses("24.01.15", /24\.01\.15 exists already/);
  });
  test("refuses a version older than the current release", () => refuses("24.02.01", /older than the current release/));
  test("refuses an id that Next's spec does not carry", () =>
    refuses("24.07.01", /info\.version "24\.06\.24", not "24\.07\.01"/));

  test("refuses uncommitted changes in content/ or spec/, and changes nothing", () => {
    writeFileSync(join(root, "content/next/user-guide/draft.mdx"), "---\ntitle: Draft\n---\n");
    assert.throws(
      () => cutVersion(root, "24.06.24"),
      /uncommitted changes[\s\S]*content\/next\/user-guide\/draft\.mdx/,
    );
    assert.match(read("content/docs/user-guide/introduction.mdx"), /Release 24\.05\.08/);
    assert.equal(JSON.parse(read("content/versions.json")).current, "24.05.08");
  });

  test("refuses when there is no Next", () => {
    git(root, "rm", "-rq", "content/next");
    git(root, "commit", "-qm", "no next");
    refuses("24.06.24", /content\/next does not exist/);
  });

  test("the command line reports the refusal and exits non-zero", () => {
    const cli = spawnSync(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "../../scripts/docs-version.ts"), "24.05.08"],
      {
        encoding: "utf8",
      },
    );
    // Run against this repository: 24.05.08 is its current release, so it must refuse without touching anything.
    assert.equal(cli.status, 1);
    assert.match(cli.stderr, /cannot cut version 24\.05\.08/);
  });
});
