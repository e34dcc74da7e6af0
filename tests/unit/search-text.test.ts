// The search tokenizer, query cleaning and highlighting (app/search), on
// small strings. Ranking over the real content is in search.test.ts.
//
//   node --import tsx --test tests/unit/search-text.test.ts
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { highlight, snippet, SNIPPET_LENGTH } from "../../app/search/highlight";
import { MAX_QUERY_LENGTH } from "../../app/search/limits";
import {
  cleanQuery,
  indexTerms,
  MAX_QUERY_TERMS,
  normalizeTerm,
  queryTerms,
  spacedWords,
  wordsIn,
  tokens,
} from "../../app/search/text";
import type { Highlighted } from "../../app/search/types";

const marked = (parts: Highlighted) => parts.filter((p) => p.mark).map((p) => p.text);
const plain = (parts: Highlighted) => parts.map((p) => p.text).join("");

describe("tokens", () => {
  test("an API path is one token and its words", () => {
    const terms = tokens("POST /v1/albums/{id}/mediaItems").map((t) => t.term);
    assert.ok(terms.includes("/v1/albums/{id}/mediaitems"));
    for (const word of ["post", "v1", "albums", "id", "mediaitems"]) assert.ok(terms.includes(word), word);
  });

  test("environment variables, file names and versions are kept whole as well as split", () => {
    const terms = tokens("Set SMRITI_FEATURE_PLACES in docker-compose.yaml for 24.05.08.").map((t) => t.term);
    for (const term of ["smriti_feature_places", "places", "docker-compose.yaml", "compose", "24.05.08"])
      assert.ok(terms.includes(term), term);
    assert.ok(!terms.includes("24.05.08."), "a full stop after a version is not part of it");
  });

  test("case and accents do not matter", () => {
    assert.equal(normalizeTerm("Café"), "cafe");
    assert.equal(normalizeTerm("ÉCOLE"), "ecole");
    assert.equal(normalizeTerm("Docker"), "docker");
  });

  test("positions point at the original text", () => {
    const text = "Run docker compose up";
    for (const token of tokens(text, true)) assert.equal(normalizeTerm(text.slice(token.start, token.end)), token.term);
  });

  test("stop words are not indexed", () => {
    assert.deepEqual(indexTerms("How to install the server"), ["install", "server"]);
  });
});

describe("spaced words, for the phrase check", () => {
  const byTokens = (text: string) =>
    ` ${tokens(text, true)
      .map((t) => t.term)
      .join(" ")} `;
  const texts = [
    "",
    "  ...  ",
    "Back up the library: run `smriti backup --to /mnt/usb` (then restore).",
    "SMRITI_FEATURE_PLACES=true in docker-compose.yaml, version 24.05.08.",
    `A hash ${"f".repeat(61)} is not a word, ${"e".repeat(60)} is.`,
    `${"a1".repeat(40)}`,
    "tabs\tand\nnew lines; quotes \"like\" these, and O'Brien's photos",
    "Café, naïve, Ünïcödé and ＦＵＬＬ width: the slow path",
    "mixed ASCII and café in one text",
  ];
  for (const text of texts)
    test(`the same words as the tokenizer: ${JSON.stringify(text.slice(0, 40))}`, () =>
      assert.equal(spacedWords(text), byTokens(text)));

  /** The tokenizer's words whose term is in `terms`, the first `limit`: what wordsIn must find. */
  const tokensIn = (text: string, terms: Set<string>, limit = 200) =>
    tokens(text, true)
      .filter((token) => terms.has(token.term))
      .slice(0, limit);
  for (const text of texts)
    test(`the same matching words as the tokenizer: ${JSON.stringify(text.slice(0, 40))}`, () => {
      // Some of the text's own words (by length too: "a1a1…" is 80 long), and some it lacks.
      const own = tokens(text, true).map((token) => token.term);
      const terms = new Set([...own.filter((_, i) => i % 2 === 0), "restore", "cafe", "e".repeat(60), "zzz"]);
      assert.deepEqual(wordsIn(text, terms, 200), tokensIn(text, terms));
      assert.deepEqual(wordsIn(text, terms, 2), tokensIn(text, terms, 2), "the first two only");
    });

  test("a term inside a longer word, or cut by a letter or digit, is not a match", () => {
    const text = "Ports: report the port, PORT and port-forwarding (port2, 2port); aaa aa aaaa";
    const terms = new Set(["port", "aa", "port-forwarding"]);
    const found = wordsIn(text, terms, 200);
    assert.deepEqual(found, tokensIn(text, terms));
    assert.deepEqual(
      found.map((token) => text.slice(token.start, token.end)),
      ["port", "PORT", "port", "aa"],
    );
    assert.deepEqual(wordsIn(text, terms, 3), tokensIn(text, terms, 3), "the first three only");
  });

  test("a phrase is found between word boundaries only", () => {
    assert.ok(spacedWords("Run the Backup, restore later").includes(" backup restore"));
    assert.ok(!spacedWords("backups restore").includes(" backup restore "));
  });
});

describe("queries", () => {
  test("spaces are collapsed and control characters dropped", () => {
    assert.deepEqual(cleanQuery("  docker \n\t compose\u0000 "), { text: "docker compose", truncated: false });
  });

  test(`a query longer than ${MAX_QUERY_LENGTH} characters is cut, not refused`, () => {
    const { text, truncated } = cleanQuery("a".repeat(5000));
    assert.equal(truncated, true);
    assert.equal(text.length, MAX_QUERY_LENGTH);
  });

  test("the cut never splits a character made of two UTF-16 units", () => {
    const { text } = cleanQuery("😀".repeat(300));
    assert.equal(Array.from(text).length, MAX_QUERY_LENGTH);
    // encodeURIComponent throws on a lone surrogate.
    assert.doesNotThrow(() => encodeURIComponent(text));
  });

  test("anything that is not a string is an empty query", () => {
    for (const value of [null, undefined, 42, ["docker"], { q: "x" }])
      assert.deepEqual(cleanQuery(value), { text: "", truncated: false });
  });

  test("stop words are dropped unless they are all there is", () => {
    assert.deepEqual(queryTerms("how do I install").words, ["install"]);
    assert.deepEqual(queryTerms("do").words, ["do"]);
  });

  test(`at most ${MAX_QUERY_TERMS} terms are searched`, () => {
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const { words, compounds } = queryTerms(many);
    assert.equal(words.length + compounds.length, MAX_QUERY_TERMS);
  });

  test("regular expression syntax is just text", () => {
    assert.deepEqual(queryTerms("(a+)+$ [ .* \\").words, ["a"]);
    assert.deepEqual(queryTerms("<script>").words, ["script"]);
  });
});

describe("highlighting", () => {
  test("whole words are marked, not parts of other words", () => {
    const parts = highlight("Install it: the installation installs", new Set(["install"]));
    assert.deepEqual(marked(parts), ["Install"]);
    assert.equal(plain(parts), "Install it: the installation installs");
  });

  test("a word found by prefix or typo is marked as it is written", () => {
    assert.deepEqual(marked(highlight("See Installation below", new Set(["installation"]))), ["Installation"]);
  });

  test("adjacent matches stay separate parts, the text between them plain", () => {
    const parts = highlight("docker-compose.yaml", new Set(["docker", "compose"]));
    assert.deepEqual(parts, [
      { text: "docker", mark: true },
      { text: "-", mark: false },
      { text: "compose", mark: true },
      { text: ".yaml", mark: false },
    ]);
  });

  test("markup in the text stays text", () => {
    const parts = highlight("<b>album</b>", new Set(["album"]));
    assert.equal(plain(parts), "<b>album</b>");
    assert.deepEqual(marked(parts), ["album"]);
  });
});

describe("snippets", () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(" ");

  test("a short text is shown whole", () => {
    const result = snippet("Albums can be shared by link.", new Set(["shared"]));
    assert.equal(plain(result.parts), "Albums can be shared by link.");
    assert.equal(result.matched, true);
  });

  test("a long text is cut around its match, with ellipses on both sides", () => {
    const text = `${filler(80)} the reverse proxy terminates TLS ${filler(80)}`;
    const result = snippet(text, new Set(["proxy"]));
    const shown = plain(result.parts);
    assert.ok(shown.startsWith("… "), shown);
    assert.ok(shown.endsWith(" …"), shown);
    assert.ok(shown.includes("reverse proxy terminates"), shown);
    assert.ok(shown.length <= SNIPPET_LENGTH + 40, `${shown.length} characters`);
  });

  test("the window with the most different matched words wins", () => {
    const text = `proxy ${filler(60)} proxy and TLS together ${filler(60)}`;
    const shown = plain(snippet(text, new Set(["proxy", "tls"])).parts);
    assert.ok(shown.includes("proxy and TLS together"), shown);
  });

  test("no match: the start of the text, marked as such", () => {
    const result = snippet(`Intro sentence. ${filler(100)}`, new Set(["nothing"]));
    assert.equal(result.matched, false);
    assert.ok(plain(result.parts).startsWith("Intro sentence."));
  });
});
