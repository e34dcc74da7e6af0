import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parseDocument } from "yaml";
import { plainFrontmatter } from "../../app/content/build/plain-frontmatter.server";
import { FRONTMATTER } from "../../app/content/build/source.server";
import { writeSyntheticContent } from "../../scripts/lib/synthetic-content";

// Front matter of plain `key: value` lines is read without YAML's parser
// (app/content/build/plain-frontmatter.server.ts). Whatever it reads must be
// what YAML reads; whatever it cannot be sure of it must leave to YAML.

const root = join(import.meta.dirname, "../..");

/** What YAML makes of `yaml`, or undefined when it reports a mistake. */
function yamlReading(yaml: string): unknown {
  const document = parseDocument(yaml, { prettyErrors: false });
  return document.errors.length ? undefined : document.toJS();
}

/** Checks one block; true when the plain reading took it. */
function agrees(yaml: string): boolean {
  const plain = plainFrontmatter(yaml);
  if (plain === null) return false;
  const expected = yamlReading(yaml);
  // An empty block is no mapping to YAML; a page without keys is treated the same either way.
  assert.deepEqual(plain, expected ?? {}, JSON.stringify(yaml));
  return true;
}

function frontMatterOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => /\.mdx?$/.test(name))
    .flatMap((name) => {
      const match = readFileSync(join(dir, name), "utf8").match(FRONTMATTER);
      return match ? [match[1] ?? ""] : [];
    });
}

describe("front matter read without YAML's parser", () => {
  const generated = mkdtempSync(join(tmpdir(), "plain-frontmatter-"));
  after(() => rmSync(generated, { recursive: true, force: true }));

  test("the content's, the fixtures' and generated pages' front matter: read as YAML reads it, most of it", () => {
    const site = writeSyntheticContent(generated, { pages: 400, versions: 3 });
    for (const [dir, least] of [
      [join(root, "content"), 0.7],
      [join(root, "tests/fixtures"), 0.5],
      [site.dir, 0.9],
    ] as const) {
      const blocks = frontMatterOf(dir);
      assert.ok(blocks.length > 10, `${blocks.length} pages in ${dir}`);
      const read = blocks.filter(agrees).length;
      console.log(`${dir}: ${read} of ${blocks.length} read without the parser`);
      // The rest (lists of old addresses, quoted titles, mistakes on purpose) went to YAML.
      assert.ok(read >= least * blocks.length, `${read} of ${blocks.length} in ${dir}`);
    }
  });

  test("values YAML reads another way, or refuses, are left to it", () => {
    const doubtful = [
      "title: yes and no",
      "title: true",
      "title: True",
      "title: NULL",
      "title: ~",
      "title: 0x1F",
      "title: 012",
      "title: 1e3",
      "title: +5",
      "title: -5",
      "title: .5",
      "title: 1.",
      "title: .inf",
      "title: a: b",
      "title: a:",
      "title: a #comment",
      "title: [a, b]",
      "title: {a: b}",
      "title: *alias",
      "title: &anchor text",
      "title: !tag text",
      "title: 'quoted'",
      'title: "quoted"',
      "title: - item",
      "title: | block",
      "title: > folded",
      "title: %percent",
      "title: @at",
      "title: `tick",
      "title: ?question",
      "title: a\tb",
      "title: Élan",
      "title:a",
      "title:",
      "title: a\nTitle: b",
      "title: a\ntitle: b",
      "title: a\n  continued",
      "title: a\n# comment",
      "title: a\n- b",
      "title: a\r",
      " title: a",
      "%YAML 1.2\n---\ntitle: a",
    ];
    for (const yaml of doubtful) {
      const plain = plainFrontmatter(yaml);
      if (plain !== null) assert.deepEqual(plain, yamlReading(yaml), JSON.stringify(yaml));
    }
    // Those that are plain after all, and read so.
    for (const [yaml, value] of [
      ["title: a:b", "a:b"],
      ["title: C# and F#", "C# and F#"],
      ["title: It's [not] a {list}, is it?", "It's [not] a {list}, is it?"],
      ["title: yes", "yes"],
      ["title: Infinity", "Infinity"],
      ["title: 1.50", 1.5],
      ["title: 0", 0],
    ] as const)
      assert.deepEqual(plainFrontmatter(yaml), { title: value }, yaml);
  });

  test("random lines of YAML's special characters: read as YAML reads them, or left to it", () => {
    // A fixed sequence, so a failure comes back on every run.
    let seed = 0x9e3779b9;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    const pieces = [
      ...["a", "Z", "x", "word", "Title", "0", "7", "1.5", "10", " ", "  ", "\t", ".", ",", "-", "_"],
      ...[":", ": ", "#", " #", "'", '"', "!", "&", "*", "[", "]", "{", "}", "|", ">", "%", "@", "`", "?", "~"],
      ...["true", "null", "yes", "0x", "e3", "é", "\u00a0", "\u2028", "\\", "/", "\u0007"],
    ];
    const value = () =>
      Array.from({ length: 1 + Math.floor(random() * 6) }, () => pieces[Math.floor(random() * pieces.length)]).join("");
    const keys = ["title", "description", "sidebar_position", "title"];
    let read = 0;
    for (let n = 0; n < 20_000; n += 1) {
      const lines = Array.from(
        { length: 1 + Math.floor(random() * 3) },
        () => `${keys[Math.floor(random() * keys.length)]}: ${value()}`,
      );
      if (agrees(lines.join("\n"))) read += 1;
    }
    assert.ok(read > 1_000, `${read} of 20,000 read without the parser`);
  });
});
