// Content checks for every page under content/: front matter, headings, no
// placeholder words, sidebar order, and that the docs mention every
// environment variable and API path of the product (tests/fixtures/facts.ts).
//
//   node --import tsx --test tests/unit/content.test.ts
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { FRONTMATTER } from "../../app/content/build/source.server";
import { API_PATHS, COMPOSE_ENV_VARS, ENV_VARS, OTHER_API_PATHS } from "../fixtures/facts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const contentDir = join(root, "content");
const docsDir = join(contentDir, "docs");
/** The settings reference: general settings, then machine learning and the worker on a page of their own. */
const configurationPages = ["configuration.mdx"].map((file) => join(docsDir, "user-guide", file));

const MAX_DESCRIPTION = 160;
const PLACEHOLDER_WORDS = /\b(?:TODO|TBD|FIXME|lorem|ipsum|placeholder|XXX)\b/gi;

function listMdx(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listMdx(path);
      return entry.name.endsWith(".mdx") ? [path] : [];
    })
    .sort();
}

/** Path relative to the repository root with forward slashes, for messages. */
function rel(path: string): string {
  return relative(root, path).split(sep).join("/");
}

interface Line {
  number: number; // 1-based line number in the file
  text: string;
}

/**
 * The body's lines outside fenced code blocks, numbered as in the file.
 * Code is literal text (shell comments start with "#", examples may say
 * anything), so the prose checks skip it.
 */
function proseLines(body: string, firstLine: number): Line[] {
  const out: Line[] = [];
  let fence: { char: string; length: number } | null = null;
  body.split("\n").forEach((text, index) => {
    const marker = text.match(/^ {0,3}(`{3,}|~{3,})/)?.[1];
    if (fence) {
      if (
        marker &&
        marker[0] === fence.char &&
        marker.length >= fence.length &&
        /^\s*$/.test(text.replace(/^ {0,3}[`~]+/, ""))
      ) {
        fence = null;
      }
      return;
    }
    if (marker) {
      fence = { char: marker[0] ?? "`", length: marker.length };
      return;
    }
    out.push({ number: firstLine + index, text });
  });
  return out;
}

/** Removes inline code spans (`x`, ``x``), which hold literal names such as the `placeholder` field. */
function withoutInlineCode(text: string): string {
  return text.replace(/(`+)(?:(?!\1)[\s\S])+?\1/g, " ");
}

interface Page {
  path: string;
  data: Record<string, unknown>;
  body: string;
  bodyFirstLine: number;
}

function readPage(path: string): Page {
  const raw = readFileSync(path, "utf8");
  const frontmatter = FRONTMATTER.exec(raw);
  const bodyStart = frontmatter ? frontmatter[0].length : 0;
  const bodyFirstLine = raw.slice(0, bodyStart).split("\n").length;
  const data = frontmatter ? ((parseYaml(frontmatter[1]!) ?? {}) as Record<string, unknown>) : {};
  return { path, data, body: raw.slice(bodyStart), bodyFirstLine };
}

const allPages = listMdx(contentDir);
const docsPages = listMdx(docsDir);

test("content/ holds pages", () => {
  assert.ok(allPages.length > 0, "no .mdx file under content/");
  assert.ok(docsPages.length > 0, "no .mdx file under content/docs/");
});

for (const path of allPages) {
  test(`page ${rel(path)}`, async (t) => {
    const page = readPage(path);
    const lines = proseLines(page.body, page.bodyFirstLine);

    await t.test("front matter has a title", () => {
      const title = page.data.title;
      assert.ok(
        typeof title === "string" && title.trim() !== "",
        `${rel(path)}: front matter "title" is missing or empty`,
      );
    });

    await t.test(`front matter has a description of at most ${MAX_DESCRIPTION} characters`, () => {
      const description = page.data.description;
      assert.ok(
        typeof description === "string" && description.trim() !== "",
        `${rel(path)}: front matter "description" is missing or empty`,
      );
      const length = description.trim().length;
      assert.ok(
        length <= MAX_DESCRIPTION,
        `${rel(path)}: description has ${length} characters (at most ${MAX_DESCRIPTION})`,
      );
    });

    await t.test("no h1 in the body (the layout renders the title)", () => {
      const found: string[] = [];
      lines.forEach((line, index) => {
        if (/^ {0,3}#(?!#)(?:[ \t]|$)/.test(line.text) || /<h1[\s>]/i.test(line.text)) {
          found.push(`line ${line.number}: ${line.text.trim()}`);
        }
        // Setext h1: a text line underlined with "=".
        const previous = lines[index - 1];
        if (
          /^ {0,3}=+[ \t]*$/.test(line.text) &&
          previous &&
          previous.number === line.number - 1 &&
          previous.text.trim() !== ""
        ) {
          found.push(`line ${line.number}: "=" underline makes "${previous.text.trim()}" an h1`);
        }
      });
      assert.deepEqual(found, [], `${rel(path)} has an h1:\n${found.join("\n")}`);
    });

    // Partials are pieces embedded in other pages: a code block needs no section heading.
    if (!rel(path).startsWith("content/partials/")) {
      await t.test("has at least one ## heading", () => {
        const h2 = lines.filter((line) => /^ {0,3}##(?!#)[ \t]+\S/.test(line.text));
        assert.ok(h2.length > 0, `${rel(path)}: no "## " heading in the body`);
      });
    }

    await t.test("no placeholder words (TODO, TBD, FIXME, lorem, ipsum, placeholder, XXX)", () => {
      const found: string[] = [];
      for (const key of ["title", "description", "sidebar_label"]) {
        const value = page.data[key];
        if (typeof value !== "string") continue;
        for (const match of withoutInlineCode(value).matchAll(PLACEHOLDER_WORDS)) {
          found.push(`front matter ${key}: "${match[0]}"`);
        }
      }
      for (const line of lines) {
        for (const match of withoutInlineCode(line.text).matchAll(PLACEHOLDER_WORDS)) {
          found.push(`line ${line.number}: "${match[0]}" in ${line.text.trim()}`);
        }
      }
      assert.deepEqual(found, [], `${rel(path)} has placeholder words:\n${found.join("\n")}`);
    });
  });
}

/** Every folder below `dir`, itself included. */
function folders(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? folders(join(dir, entry.name)) : [],
    ),
  ];
}

test("the sidebar is ordered on purpose", async (t) => {
  await t.test("every folder of content/docs names its category in _category_.json", () => {
    const unnamed = folders(docsDir)
      .filter((dir) => dir !== docsDir)
      .filter((dir) => {
        const file = join(dir, "_category_.json");
        return (
          !existsSync(file) || typeof (JSON.parse(readFileSync(file, "utf8")) as { label?: unknown }).label !== "string"
        );
      });
    assert.deepEqual(unnamed.map(rel), [], "folders without a category label");
  });

  await t.test("every docs page has a sidebar_position, unique among its siblings", () => {
    const problems: string[] = [];
    for (const dir of folders(docsDir)) {
      const taken = new Map<number, string>();
      const siblings = readdirSync(dir, { withFileTypes: true });
      for (const entry of siblings) {
        const path = join(dir, entry.name);
        const position = entry.isDirectory()
          ? (JSON.parse(readFileSync(join(path, "_category_.json"), "utf8")) as { position?: number }).position
          : entry.name.endsWith(".mdx")
            ? (parseYaml(readFileSync(path, "utf8").match(FRONTMATTER)?.[1] ?? "") as { sidebar_position?: number })
                .sidebar_position
            : null;
        if (position === null) continue;
        if (typeof position !== "number") problems.push(`${rel(path)}: no position`);
        else if (taken.has(position))
          problems.push(`${rel(path)}: position ${position} is also ${taken.get(position)}`);
        else taken.set(position, rel(path));
      }
    }
    assert.deepEqual(problems, []);
  });
});

/** Text of the given pages with MDX escapes undone, so `\{id\}` and `&lt;id&gt;` read as written. */
function searchableText(paths: string[]): string {
  return paths
    .map((path) => readFileSync(path, "utf8"))
    .join("\n")
    .replace(/\\([{}<>])/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function envVarPattern(name: string): RegExp {
  // "_" is a word character, so SMRITI_ML_PLACES does not match inside SMRITI_ML_PLACES_PROVIDER.
  return new RegExp(`\\b${escapeRegExp(name)}\\b`);
}

/**
 * A path as the docs may write it: parameters as {id}, {anyName}, <id> or :id;
 * not followed by more path (so /v1/albums is not found inside /v1/albums/{id}).
 * A fixture path ending in "/" is a prefix.
 */
function apiPathPattern(path: string): RegExp {
  const parameter = String.raw`(?:\{[^{}/\s]+\}|<[^<>/\s]+>|:[A-Za-z]\w*)`;
  const source = path
    .split(/(\{[^{}]+\})/)
    .map((part) => (/^\{[^{}]+\}$/.test(part) ? parameter : escapeRegExp(part)))
    .join("");
  return new RegExp(path.endsWith("/") ? source : `${source}(?![\\w/{<:-])`);
}

function missingFrom(text: string, names: readonly string[], pattern: (name: string) => RegExp): string[] {
  return names.filter((name) => !pattern(name).test(text));
}

test("the docs mention every environment variable of 24.05.08 (API and worker)", () => {
  const missing = missingFrom(searchableText(docsPages), ENV_VARS, envVarPattern);
  assert.deepEqual(
    missing,
    [],
    `environment variables not mentioned under content/docs (${missing.length}): ${missing.join(", ")}`,
  );
});

// Variables that only the main branch has are checked by tests/unit/next-content.test.ts:
// on Next's configuration pages, and on no page of 24.05.08.

test("the configuration pages list every environment variable", () => {
  for (const page of configurationPages) assert.ok(existsSync(page), `${rel(page)} is missing`);
  const missing = missingFrom(searchableText(configurationPages), ENV_VARS, envVarPattern);
  assert.deepEqual(missing, [], `the configuration pages do not mention (${missing.length}): ${missing.join(", ")}`);
});

test("the docs mention every API path", () => {
  const missing = missingFrom(searchableText(docsPages), API_PATHS, apiPathPattern);
  assert.deepEqual(
    missing,
    [],
    `API paths not mentioned under content/docs (${missing.length}): ${missing.join(", ")}`,
  );
});

test("the docs explain the worker's compose-only variables", () => {
  const missing = missingFrom(searchableText(docsPages), COMPOSE_ENV_VARS, envVarPattern);
  assert.deepEqual(missing, [], `compose variables not mentioned under content/docs: ${missing.join(", ")}`);
});

test("the docs name the paths of newer versions and the specification's own years-ago path", () => {
  const missing = missingFrom(searchableText(docsPages), OTHER_API_PATHS, apiPathPattern);
  assert.deepEqual(
    missing,
    [],
    `API paths not mentioned under content/docs (${missing.length}): ${missing.join(", ")}`,
  );
});

test("the path matcher reads the forms the docs use", () => {
  const albumItems = apiPathPattern("/v1/albums/{id}/mediaItems");
  assert.ok(albumItems.test("GET `/v1/albums/{id}/mediaItems`"));
  assert.ok(albumItems.test("/v1/albums/<id>/mediaItems"));
  assert.ok(albumItems.test("/v1/albums/{albumId}/mediaItems?page=2"));
  assert.ok(!albumItems.test("/v1/albums/{id}"));
  const albums = apiPathPattern("/v1/albums");
  assert.ok(albums.test("curl http://localhost:5001/v1/albums?sort=name"));
  assert.ok(!albums.test("/v1/albums/{id}"));
  assert.ok(
    apiPathPattern("/v1/explore/yearsAgo/{monthDate}/mediaItems").test("/v1/explore/yearsAgo/{MMDD}/mediaItems"),
  );
  assert.ok(apiPathPattern("/storage/").test("http://localhost:5001/storage/originals/<id>"));
  assert.ok(envVarPattern("SMRITI_ML_PLACES").test("SMRITI_ML_PLACES=false"));
  assert.ok(!envVarPattern("SMRITI_ML_PLACES").test("SMRITI_ML_PLACES_PROVIDER"));
});
