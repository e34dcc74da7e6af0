// Redirects (front matter redirect_from) on a copy of the versions fixture:
// a page is renamed, its old address answers 301 to it, and the build
// refuses redirects that shadow a page, point nowhere or loop.
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { buildSiteContent } from "../../app/content/build/build.server";
import { ContentError } from "../../app/content/content-error.server";
import { writeSiteContent } from "../../app/content/build/store-file.server";
import { apiSubpages, getSiteContent, SITE_CONTENT_FILE } from "../../app/content/store.server";
import type { SiteContent } from "../../app/content/types";
import { KnownAddresses } from "../../app/http/known-addresses.server";
import { APP_ROUTE_PLACES, manifestOf } from "../support/route-declarations";
import { loader as apiLoader } from "../../app/route-loaders/api-reference.server";
import { loader } from "../../app/route-loaders/docs-page.server";

const root = join(import.meta.dirname, "../..");
const fixture = join(root, "tests/fixtures/versions");

/** A fresh copy of the fixture to change, and a build of it. */
function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), "redirects-"));
  cpSync(fixture, dir, { recursive: true });
  return dir;
}
const build = (dir: string) =>
  buildSiteContent({ root, contentDir: join(dir, "content"), specRoot: dir, cacheDir: null });
const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(file, change(readFileSync(file, "utf8")));
const withRedirects = (file: string, yaml: string) => edit(file, (text) => text.replace(/\n---\n/, `\n${yaml}\n---\n`));

/**
 * Renames the current release's "legacy" page to "former" the way an author
 * should: the file moves, links follow, and the page lists its old address.
 */
function renameLegacy(dir: string): void {
  const docs = join(dir, "content/docs/dev-guide");
  renameSync(join(docs, "legacy.mdx"), join(docs, "former.mdx"));
  edit(join(docs, "introduction.mdx"), (text) => text.replaceAll("/docs/dev-guide/legacy", "/docs/dev-guide/former"));
  withRedirects(
    join(docs, "former.mdx"),
    "redirect_from:\n  - /docs/dev-guide/legacy\n  - from: /docs/dev-guide/old-ways\n    section: how-it-was",
  );
  edit(join(docs, "former.mdx"), (text) => `${text}\n## How it was\n\nThe old way, kept for readers of old links.\n`);
  // Next's pages map their old addresses into Next, as their links are.
  withRedirects(join(dir, "content/next/dev-guide/jobs.mdx"), "redirect_from: /docs/dev-guide/queue");
}

async function refusal(change: (dir: string) => void): Promise<ContentError> {
  const dir = copyFixture();
  try {
    renameLegacy(dir);
    change(dir);
    return await build(dir).then(
      () => assert.fail("the build passed"),
      (error: unknown) => {
        assert.ok(error instanceof ContentError, String(error));
        return error;
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a renamed page keeps its old address", () => {
  let dir: string;
  let content: SiteContent;
  const cwd = process.cwd();

  before(async () => {
    dir = copyFixture();
    renameLegacy(dir);
    content = (await build(dir)).content;
    mkdirSync(join(dir, "build/content"), { recursive: true });
    writeSiteContent(join(dir, SITE_CONTENT_FILE), content);
    process.chdir(dir);
  });
  after(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  test("the build lists each old address with the page (and section) now holding it, per version", () => {
    assert.deepEqual(content.redirects, {
      "/docs/dev-guide/legacy": "/docs/dev-guide/former",
      "/docs/dev-guide/old-ways": "/docs/dev-guide/former#how-it-was",
      "/docs/next/dev-guide/queue": "/docs/next/dev-guide/jobs",
    });
    assert.equal(content.pages["/docs/dev-guide/legacy"], undefined);
  });

  const get = (path: string) => loader({ request: new Request(`http://docs.test${path}`), params: {}, context: {} });
  const thrown = async (path: string): Promise<Response> => {
    try {
      await get(path);
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
    return assert.fail(`${path} answered with a page`);
  };

  test("following the old link: 301 to the new address with the query kept, and the new address is the page", async () => {
    const moved = await thrown("/docs/dev-guide/legacy?ref=bookmark&x=1");
    assert.equal(moved.status, 301);
    const location = moved.headers.get("Location")!;
    assert.equal(location, "http://docs.test/docs/dev-guide/former?ref=bookmark&x=1");
    const page = (await (await get(new URL(location).pathname + new URL(location).search)).json()) as {
      page: { title: string };
    };
    assert.equal(page.page.title, "Legacy");
  });

  test("an old address can land on the section that holds its content, query before the fragment", async () => {
    const moved = await thrown("/docs/dev-guide/old-ways/?q=1");
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get("Location"), "http://docs.test/docs/dev-guide/former?q=1#how-it-was");
  });

  test("a Next page's old address is in Next; its Markdown twin leads to the Markdown twin", async () => {
    assert.equal(
      (await thrown("/docs/next/dev-guide/queue")).headers.get("Location"),
      "http://docs.test/docs/next/dev-guide/jobs",
    );
    assert.equal(
      (await thrown("/docs/dev-guide/old-ways.md")).headers.get("Location"),
      "http://docs.test/docs/dev-guide/former.md",
    );
    assert.equal((await thrown("/docs/dev-guide/queue")).status, 404);
  });

  test("a page's address in other capitals: 301 to the page (or its Markdown twin), the query kept", async () => {
    const spelled = await thrown("/docs/Dev-Guide/Former?ref=mail");
    assert.equal(spelled.status, 301);
    assert.equal(spelled.headers.get("Location"), "http://docs.test/docs/dev-guide/former?ref=mail");
    assert.equal(
      (await thrown("/docs/NEXT/dev-guide/jobs.md")).headers.get("Location"),
      "http://docs.test/docs/next/dev-guide/jobs.md",
    );
    assert.equal((await thrown("/docs/dev-guide/Never-Was")).status, 404);
    // An old address in other capitals: straight to the page it now names, kept for the hour the guard's are.
    const old = await thrown("/DOCS/Dev-Guide/Old-Ways");
    assert.equal(old.status, 301);
    assert.equal(old.headers.get("Location"), "http://docs.test/docs/dev-guide/former#how-it-was");
    assert.equal(old.headers.get("Cache-Control"), "public, max-age=3600");
    assert.equal(
      (await thrown("/docs/dev-guide/OLD-WAYS.md")).headers.get("Location"),
      "http://docs.test/docs/dev-guide/former.md",
    );
    const known = new KnownAddresses(join(dir, "public"));
    known.learnRoutes({ root: { id: "root", path: "" }, catchAll: { id: "catchAll", parentId: "root", path: "*" } });
    assert.equal(known.isNotFound("/docs/Dev-Guide/Former"), false, "not the shared 404");
    assert.equal(known.isNotFound("/docs/dev-guide/Never-Was"), true);
    assert.equal(known.isNotFound("/DOCS/DEV-GUIDE/OLD-WAYS"), false, "an old address in capitals: not the shared 404");
  });

  test("under /api, exactly the addresses the API routes answer 404 share the stored 404", async () => {
    const known = new KnownAddresses(join(dir, "public"));
    known.learnRoutes(manifestOf(APP_ROUTE_PLACES));
    const pages = getSiteContent().versions.flatMap((entry) =>
      entry.api ? [entry.version.apiUrl, ...apiSubpages(entry.api)] : [],
    );
    assert.ok(pages.length > 6, `the fixture's references have pages: ${pages.join(", ")}`);
    const misses = ["/api/nope", "/api/24.01.15/nope", "/api/nope/albums", "/api/%E2%9C%93", "/api/next/albums/x"];
    const spelled = ["/api/Albums", "/api/24.05.08", "/api/24.05.08/albums", "/api/24.01.15/Albums", "/API/albums"];
    for (const path of [...pages, ...misses, ...spelled]) {
      const [first, tag, ...more] = path.split("/").slice(2).map(decodeURIComponent);
      const status =
        more.length > 0
          ? 404 // no API route has a third part
          : await apiLoader({
              request: new Request(`http://docs.test${path}`),
              params: { first, tag },
              context: {},
            }).then(
              (response) => response.status,
              (error: unknown) => (error as Response).status,
            );
      assert.equal(known.isNotFound(path), status === 404, `${path} answers ${status}`);
    }
    // A page's Markdown twin is the page's, a miss's is a miss.
    assert.equal(known.isNotFound("/api/albums.md"), false);
    assert.equal(known.isNotFound("/api/nope.md"), true);
  });

  test("an old address is not classed as a not-found address by the page cache", () => {
    const known = new KnownAddresses(join(dir, "public"));
    known.learnRoutes({ root: { id: "root", path: "" }, catchAll: { id: "catchAll", parentId: "root", path: "*" } });
    assert.equal(known.isNotFound("/docs/dev-guide/legacy"), false);
    assert.equal(known.isNotFound("/docs/dev-guide/legacy.md"), false);
    assert.equal(known.isNotFound("/docs/dev-guide/never-was"), true);
  });
});

describe("the build refuses a redirect that cannot work", () => {
  const docs = (dir: string) => join(dir, "content/docs/dev-guide");

  test("one that shadows a page", async () => {
    const error = await refusal((dir) =>
      withRedirects(join(docs(dir), "setup.mdx"), "redirect_from: /docs/dev-guide/introduction"),
    );
    assert.match(error.message, /setup\.mdx:\d+:1: redirect_from \/docs\/dev-guide\/introduction: shadows the page/);
  });

  test("one that points nowhere (no such section)", async () => {
    const error = await refusal((dir) =>
      withRedirects(
        join(docs(dir), "setup.mdx"),
        "redirect_from:\n  - from: /docs/dev-guide/install\n    section: no-such-heading",
      ),
    );
    assert.match(
      error.message,
      /setup\.mdx:5:1: redirect_from \/docs\/dev-guide\/install: points nowhere: \/docs\/dev-guide\/setup has no section #no-such-heading/,
    );
  });

  test("one that loops (a page naming its own address) and one declared twice", async () => {
    const loop = await refusal((dir) =>
      withRedirects(join(docs(dir), "setup.mdx"), "redirect_from: /docs/dev-guide/setup"),
    );
    assert.match(loop.message, /redirect_from \/docs\/dev-guide\/setup: loops/);
    const twice = await refusal((dir) =>
      withRedirects(join(docs(dir), "setup.mdx"), "redirect_from: /docs/dev-guide/legacy"),
    );
    assert.match(twice.message, /redirect_from \/docs\/dev-guide\/legacy: already redirected by/);
  });

  test("an old address written wrongly", async () => {
    const error = await refusal((dir) =>
      withRedirects(join(docs(dir), "setup.mdx"), "redirect_from: [docs/no-slash#x]"),
    );
    assert.match(error.message, /entries must be paths/);
  });
});
