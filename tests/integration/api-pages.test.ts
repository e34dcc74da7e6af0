// The API reference as pages: buildApiReferencePage on the real contracts and on tags it cannot place.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parse, stringify } from "yaml";
import { buildApiReferencePage } from "../../app/api-reference/build/build.server";
import { ApiDocumentError } from "../../app/api-reference/build/operations";

const specPath = (relative: string) => new URL(`../../${relative}`, import.meta.url).pathname;

/** The ids and links of an HTML fragment. */
const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
const hrefs = (html: string) => [...html.matchAll(/ href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

const SPECS = [
  ["spec/openapi.yaml", "/api"],
  ["spec/next/openapi.yaml", "/api/next"],
] as const;
const built = await Promise.all(SPECS.map(([spec, apiUrl]) => buildApiReferencePage(specPath(spec), apiUrl)));

for (const [index, [spec, apiUrl]] of SPECS.entries()) {
  describe(`${spec} at ${apiUrl}`, () => {
    const { page, reference } = built[index]!;
    const operations = reference.groups.flatMap((group) => group.operations);

    test("every operation is on exactly one tag's page, in full, under its RapiDoc id", () => {
      const placed = page.tags.flatMap((tag) => tag.anchors);
      assert.equal(placed.length, operations.length);
      assert.deepEqual(new Set(placed), new Set(operations.map((operation) => operation.anchor)));
      for (const tag of page.tags) {
        assert.deepEqual(
          ids(tag.html).filter((id) => tag.anchors.includes(id)),
          tag.anchors,
          `${tag.slug}: each operation's section carries its id`,
        );
        assert.equal(tag.operationCount, tag.anchors.length);
        assert.equal((tag.html.match(/class="api-operation"/g) ?? []).length, tag.anchors.length);
      }
      assert.equal(page.operationCount, operations.length);
    });

    test("the overview keeps every operation's id, on an index line that links to its page", () => {
      for (const tag of page.tags) {
        for (const anchor of tag.anchors) {
          const line = new RegExp(`<li id="${anchor.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"><a href="([^"]+)"`).exec(
            page.html,
          );
          assert.ok(line, `${anchor} is on the overview`);
          assert.equal(line[1], `${apiUrl}/${tag.slug}#${anchor}`);
        }
      }
      assert.deepEqual(ids(page.html).sort(), [...page.anchors].sort(), "anchors lists every id of the overview");
      assert.ok(page.anchors.includes("tag-albums"), "old /api#tag-… links still land");
    });

    test("tag pages link to each other, to the overview, and to the previous and next tag", () => {
      const pages = page.tags.map((tag) => `${apiUrl}/${tag.slug}`);
      page.tags.forEach((tag, i) => {
        const links = hrefs(tag.html);
        for (const other of [apiUrl, ...pages]) assert.ok(links.includes(other), `${tag.slug} links to ${other}`);
        for (const anchor of tag.anchors)
          assert.ok(links.includes(`#${anchor}`), `${tag.slug} lists ${anchor} at the top`);
        assert.match(tag.html, new RegExp(`href="${pages[i]}" aria-current="page"`));
        assert.match(tag.html, new RegExp(`href="${i === 0 ? apiUrl : pages[i - 1]}" rel="prev"`));
        if (i < pages.length - 1) assert.match(tag.html, new RegExp(`href="${pages[i + 1]}" rel="next"`));
        else assert.doesNotMatch(tag.html, /rel="next"/);
      });
      assert.ok(
        page.tags.some((tag) => tag.slug === "media-items"),
        "a tag of two words is one lower-case segment",
      );
    });

    test("descriptions of parameters, fields and responses are Markdown, shown as such", () => {
      const albums = page.tags.find((tag) => tag.slug === "albums")!;
      // Outside the code samples (JavaScript template strings, Go raw strings hold backticks of their own).
      assert.doesNotMatch(albums.html.replace(/<figure[\s\S]*?<\/figure>/g, ""), /`/, "no raw backticks left");
      assert.match(albums.html, /<div class="api-field-text">Sort order\. [^<]*<code>name<\/code>/);
      assert.match(albums.html, /The album id is not a UUID \(<code>invalid album id<\/code>\)/);
    });

    test("the pages and their Markdown carry constraints, write-only and nullable values and model examples", () => {
      const tag = (slug: string) => page.tags.find((entry) => entry.slug === slug)!;
      const explore = tag("explore");
      assert.match(explore.html, /Constraints: exactly 4 characters; matches <code>\^\(0\[1-9\]\|<wbr>1\[0-2\]\)/);
      assert.match(explore.html, /Example <code>0914<\/code>\./);
      assert.match(explore.markdown, /Constraints: exactly 4 characters; matches `\^\(0\[1-9\]\|1\[0-2\]\)/);
      const library = tag("library");
      assert.match(library.html, /<h3>Request body<\/h3><div><p>The media items to act on\.<\/p>/);
      assert.match(library.markdown, /### Request body\n\nThe media items to act on\.\n\napplication\/json/);
      const info = tag("info");
      assert.match(info.html, /application\/json, <a href="[^"]*#Disk">Disk<\/a> or null<\/p>/);
      assert.match(info.markdown, /application\/json, Disk \(\[Disk\]\([^)]*\)\) or null/);
      const users = tag("users");
      assert.match(users.html, /<code class="api-field-name">password<\/code>[\s\S]{0,300}?>write-only</);
      assert.match(users.markdown, /`password` \(string \(password\), optional, write-only\)/);
      const models = page.models;
      assert.match(
        models.html,
        /<section id="Album"[\s\S]*?<summary>Example<\/summary>[\s\S]*?Kerala 2023[\s\S]*?<\/section>/,
      );
      assert.match(models.html, /<section id="AlbumRequest"[\s\S]*?Constraints: at least 1 field\./);
      assert.match(models.markdown, /## Album\n[\s\S]*?```json\n\{\n {2}"id"/);
      // A response shows its own example's values, not its model's field examples.
      assert.doesNotMatch(users.markdown, /#### 401[^#]*Example `album not found`/);
    });

    test("the overview shows the spec's own introduction, credentials, servers and license", () => {
      assert.ok(page.anchors.includes("behaviour") && page.anchors.includes("authentication-schemes"));
      assert.match(page.html, /<h2 id="behaviour">How version [^<]+ behaves<\/h2>/);
      assert.match(page.html, /There is no total count and no pagination header\./);
      assert.match(page.html, /<code>basicAuth<\/code>, HTTP basic: <span>The administrator credentials/);
      assert.match(page.html, /<a href="https:\/\/www\.apache\.org\/licenses\/LICENSE-2\.0">Apache-2\.0<\/a>/);
      assert.ok(page.html.indexOf('id="behaviour"') < page.html.indexOf('id="operations"'));
      assert.match(page.markdown, /no total count and no pagination header/);
    });

    test("paths break only after their slashes, in headings, indexes and long code in descriptions", () => {
      const explore = page.tags.find((tag) => tag.slug === "explore")!;
      const path = "<code>/<wbr/>v1/<wbr/>explore/<wbr/>yearsAgo/<wbr/>{monthDate}/<wbr/>mediaItems</code>";
      // The operation's heading and its line in the page's index.
      assert.ok(explore.html.split(path).length - 1 >= 2, "the routed years-ago path, with break points");
      assert.doesNotMatch(explore.html, /<code>\/v1\/explore/, "no path without them");
      // A description's long code (micromark's HTML) gets the same points; short code stays whole.
      assert.match(
        explore.html,
        /<code>GET \/<wbr>v1\/<wbr>explore\/<wbr>yearsAgo\/<wbr>\{monthDate\}\/<wbr>mediaItems<\/code>/,
      );
      assert.match(explore.html, /<code>invalid month and date<\/code>/);
    });
  });
}

describe("tags it cannot give a page", () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const withTags = (names: string[]) => {
    const document = parse(readFileSync(specPath("spec/openapi.yaml"), "utf8")) as {
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const firstPaths = Object.values(document.paths).slice(0, names.length);
    names.forEach((name, i) => {
      document.tags.push({ name });
      for (const operation of Object.values(firstPaths[i]!)) operation.tags = [name];
    });
    const dir = mkdtempSync(join(tmpdir(), "api-pages-"));
    dirs.push(dir);
    const file = join(dir, "openapi.yaml");
    writeFileSync(file, stringify(document));
    return file;
  };

  test("two tags that would share an address", async () => {
    await assert.rejects(
      () => buildApiReferencePage(withTags(["Photo frames", "Photo-Frames"]), "/api"),
      (error: unknown) =>
        error instanceof ApiDocumentError &&
        /"Photo frames" and "Photo-Frames" would share the page \/api\/photo-frames/.test(error.message),
    );
  });

  test("a tag with no letter or digit", async () => {
    await assert.rejects(
      () => buildApiReferencePage(withTags(["…"]), "/api"),
      (error: unknown) => error instanceof ApiDocumentError && /the tag "…" has no letter or digit/.test(error.message),
    );
  });
});
