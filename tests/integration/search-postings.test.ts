// The search keeps each version's postings on disk and hands MiniSearch only
// a query's terms (docs/decisions/044-search-postings-on-disk.md): these tests
// pin that it scores exactly as MiniSearch over the whole index, on the real
// content, for words, prefixes, typos and identifiers; and that a damaged
// block of postings fails only the queries that need it.
//
//   node --import tsx --test tests/integration/search-postings.test.ts
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import MiniSearch from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import { buildSiteContent } from "../../app/content/build/build.server";
import { writeSiteContent } from "../../app/content/build/store-file.server";
import { PackError, PackReader } from "../../app/content/pack.server";
import { openSiteContent, type SiteIndex } from "../../app/content/store.server";
import type { SiteContent } from "../../app/content/types";
import { dictionaryOrder, TermDictionary } from "../../app/search/dictionary.server";
import { minisearchQuery, SearchCaches, SiteSearch, VersionIndex } from "../../app/search/engine.server";
import { INDEX_OPTIONS, type IndexedFields } from "../../app/search/index-options";
import { PAGE_LIMITS } from "../../app/search/limits";
import { inMemorySource, joinedPart, splitPart, versionParts } from "../../app/search/parts";
import { siteSearchOf } from "../../app/search/store.server";
import { queryTerms, spacedWords, tokens, wordsIn } from "../../app/search/text";
import type { VersionSearchData } from "../../app/search/types";

const root = join(import.meta.dirname, "../..");

let content: SiteContent;
let part: VersionSearchData;

before(async () => {
  content = (await buildSiteContent({ root })).content;
  part = versionParts(content.search).find(
    (p) => p.version === content.versions.find((v) => v.version.status === "current")!.version.id,
  )!;
});

/** Queries a reader types: words, a prefix, typos, identifiers and paths, mixed. */
function queries(): string[] {
  const titles = part.documents.map((d) => d.title).filter((t, i, all) => all.indexOf(t) === i);
  const words = titles.flatMap((t) => t.toLowerCase().split(/\W+/)).filter((w) => w.length > 3);
  const typo = (w: string) => `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`;
  return [
    ...titles.slice(0, 40),
    ...words.slice(0, 60).map((w) => w.slice(0, 3)),
    ...words.slice(0, 60).map(typo),
    ...words.slice(0, 30).map((w, i) => `${w} ${words[(i * 7) % words.length]}`),
    "SMRITI_JOB_CONCURRENCY",
    "docker-compose.yml",
    "/v1/albums",
    "POST /v1/albums/{id}/assets",
    "thumbnail cache size",
    "backup restore database",
    "xyzzy nothing matches",
  ];
}

describe("postings read per query", () => {
  test("score exactly as MiniSearch over the whole index", () => {
    const whole = MiniSearch.loadJS<IndexedFields>(part.index, INDEX_OPTIONS);
    const lazy = VersionIndex.load(inMemorySource(part), new SearchCaches(0, 0));
    const list = queries();
    assert.ok(list.length > 150);
    let matched = 0;
    for (const text of list) {
      const { words, compounds } = queryTerms(text);
      // Every word with all its typo neighbours, as MiniSearch searches it: a word the index finds
      // takes only itself cut short (dictionary.shortened, tested apart), which MiniSearch cannot express.
      const specs = lazy.specs(words, compounds).map((spec) => ({ ...spec, shortenedOnly: false }));
      const { query, options } = minisearchQuery(specs);
      const expected = whole.search(query, options).map((r) => [r.id, r.score, r.terms, r.queryTerms, r.match]);
      const matches = lazy.find(words, compounds, false, specs);
      // MiniSearch's order: by score, highest first, ties in the order first matched (a stable sort).
      const ordered = [...matches.seen].sort((a, b) => matches.score[b]! - matches.score[a]!);
      const found = ordered.map((doc) => {
        const { terms, queryTerms, match } = matches.details(doc);
        return [matches.stats.ids[doc], matches.score[doc], terms, queryTerms, match];
      });
      assert.deepEqual(found, expected, text);
      if (expected.length) matched += 1;
    }
    assert.ok(matched > 120, `${matched} queries found something`);
  });

  test("a query term's expansions are kept per version: versions sharing caches answer as each alone", () => {
    const parts = versionParts(content.search);
    assert.equal(parts.length, 2);
    const vocabulary = (p: VersionSearchData) => new Set(p.index.index.map(([term]) => term));
    const [one, other] = parts.map(vocabulary) as [Set<string>, Set<string>];
    // Words only one version holds: their expansions differ from one version to the other.
    const apart = [...one, ...other].filter((term) => /^[a-z]{4,}$/.test(term) && one.has(term) !== other.has(term));
    assert.ok(apart.length > 5, `${apart.length} words in one version only`);
    const answer = (index: VersionIndex, text: string) => {
      const { words, compounds } = queryTerms(text);
      const matches = index.find(words, compounds);
      return Array.from(matches.seen, (doc) => [matches.stats.ids[doc], matches.score[doc], matches.details(doc)]);
    };
    const shared = new SearchCaches(0, 0);
    const indexes = parts.map((p) => VersionIndex.load(inMemorySource(p), shared));
    const alone = parts.map((p) => VersionIndex.load(inMemorySource(p), new SearchCaches(0, 0)));
    for (const text of [...apart.slice(0, 40), ...queries().slice(40, 80)])
      for (const order of [
        [0, 1],
        [1, 0],
      ])
        for (const v of order) assert.deepEqual(answer(indexes[v]!, text), answer(alone[v]!, text), `${text} in ${v}`);
  });

  test("the dictionary finds the prefix extensions and typos MiniSearch's radix tree finds, in its order", () => {
    const terms = part.index.index.map(([term]) => term);
    const tree = new SearchableMap<number>();
    terms.forEach((term, place) => tree.set(term, place));
    // With its order as a pack keeps it: read from anywhere in memory, copied out aligned.
    const order = dictionaryOrder(terms);
    const shifted = Buffer.alloc(order.byteLength + 1);
    order.copy(shifted, 1);
    const dictionary = new TermDictionary(terms, shifted.subarray(1));
    assert.throws(() => new TermDictionary(terms.slice(1), order), /order has/);
    const probes = [
      ...terms.filter((_, i) => i % 7 === 0),
      "",
      "a",
      "zz",
      "xyzzy",
      "smriti_",
      "/v1/",
      "ph0to",
      "dokcer",
    ];
    let expanded = 0;
    let shortened = 0;
    for (const term of [...probes, "examples", "restarts", "albums", "uploaded"]) {
      assert.equal(dictionary.place(term), tree.get(term), term);
      assert.deepEqual(dictionary.prefixed(term), [...tree.atPrefix(term).keys()], term);
      assert.equal(dictionary.startsAny(term), tree.atPrefix(term).size > 0, term);
      // A term cut short starts some term; one with a letter past the last term's starts none.
      if (tree.has(term) && term.length > 1) assert.ok(dictionary.startsAny(term.slice(0, -1)), term);
      assert.equal(dictionary.startsAny(`${term}\uffff`), false, term);
      for (const distance of [1, 2]) {
        const fuzzy = [...tree.fuzzyGet(term, distance)].map(([other, [, edits]]) => [other, edits]);
        assert.deepEqual(dictionary.fuzzy(term, distance), fuzzy, `${term} within ${distance}`);
        if (fuzzy.length > 1) expanded += 1;
        const cutShort = fuzzy.filter(([other]) => other !== term && term.startsWith(other as string));
        assert.deepEqual(dictionary.shortened(term, distance), cutShort, `${term} cut short by ${distance}`);
        if (cutShort.length > 0) shortened += 1;
      }
    }
    assert.ok(expanded > 300, `${expanded} probes had more than one neighbour`);
    assert.ok(shortened > 100, `${shortened} probes were other terms cut short`);
  });

  test("a version's head is small beside its postings: the blocks hold the terms' occurrences", () => {
    const split = splitPart(part);
    const head = JSON.stringify(split.head).length;
    const blocks = split.blocks.reduce((sum, block) => sum + block.byteLength, 0);
    assert.ok(split.blocks.length > 1, "more than one block");
    assert.ok(blocks > 2 * head, `blocks ${blocks} bytes, head ${head}`);
    assert.equal(split.head.terms.length, part.index.index.length);
  });

  test("the binary blocks hold every posting: the part joined again is the part", () => {
    const split = splitPart(part);
    assert.deepEqual(joinedPart(split), part);
    // A block read from a pack can lie anywhere in memory: its integers are copied out aligned.
    const moved = split.blocks.map((block) => {
      const shifted = Buffer.alloc(block.byteLength + 1);
      block.copy(shifted, 1);
      return shifted.subarray(1);
    });
    assert.deepEqual(joinedPart({ ...split, blocks: moved }), part);
  });

  describe("from a pack", () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), "search-postings-"));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    test("a damaged block fails the queries that need its terms, and only those", () => {
      const file = join(dir, "site.pack");
      writeSiteContent(file, content);
      const reader = new PackReader<SiteIndex>(file);
      const stored = reader.index.search[part.version]!;
      const head = reader.record<ReturnType<typeof splitPart>["head"]>(stored.head);
      // The block holding "docker", damaged on disk.
      const block = head.blockEnds.findIndex((end) => head.terms.indexOf("docker") < end);
      assert.ok(block >= 0);
      const [offset] = reader.list(stored.blocks).ref(block)!;
      reader.close();
      const bytes = readFileSync(file);
      bytes[offset + 3] = bytes[offset + 3]! ^ 0xff;
      writeFileSync(file, bytes);
      const { content: damaged, reader: opened } = openSiteContent(file);
      try {
        const search = siteSearchOf(damaged);
        // A word after the block that reaches none of its terms by prefix or typo, as a query expands it.
        const damagedTerms = SearchableMap.from(
          head.terms.slice(head.blockEnds[block - 1] ?? 0, head.blockEnds[block]).map((term) => [term, true]),
        );
        const other = head.terms.find(
          (term, i) =>
            term.length > 5 &&
            /^[a-z]+$/.test(term) &&
            i >= head.blockEnds[block]! &&
            damagedTerms.atPrefix(term).size === 0 &&
            damagedTerms.fuzzyGet(term, 2).size === 0,
        )!;
        assert.ok(search.search(other, PAGE_LIMITS).total > 0, other);
        assert.throws(
          () => search.search("docker", PAGE_LIMITS),
          (error: Error) => error instanceof PackError && /corrupt record/.test(error.message),
        );
        assert.ok(search.search(other, PAGE_LIMITS).total > 0, "still answers after the failure");
      } finally {
        opened.close();
      }
    });

    test("an identifier the searched version lacks is looked up in the others without loading their indexes", () => {
      const file = join(dir, "identifiers.pack");
      writeSiteContent(file, content);
      const { content: stored, reader } = openSiteContent(file);
      const load = VersionIndex.load;
      const loaded: string[] = [];
      VersionIndex.load = (source, caches) => (loaded.push(source.head.version), load(source, caches));
      try {
        const fromPack = siteSearchOf(stored);
        const inMemory = siteSearchOf(content);
        const release = content.versions.find((v) => v.version.status === "current")!.version.id;
        const cases: [query: string, version: string, elsewhere: string[] | undefined][] = [
          ["SMRITI_JOB_CONCURRENCY", release, ["next"]],
          ["job-queue", release, ["next"]],
          ["re-run", "next", [release]],
          ["SMRITI_FEATURE_PLACES", release, undefined],
          ["frame-slot-7b1e", release, undefined],
          ["\"<frame-slot-7b1e>&'", "next", undefined],
        ];
        for (const [query, version, elsewhere] of cases) {
          loaded.length = 0;
          const scope = fromPack.scope(version);
          const answer = fromPack.search(query, PAGE_LIMITS, scope);
          assert.deepEqual(
            answer.exactElsewhere?.map((v) => v.id),
            elsewhere,
            query,
          );
          assert.ok(
            loaded.every((id) => id === version),
            `${query} in ${version} loaded ${loaded.join(", ")}`,
          );
          assert.deepEqual(answer, inMemory.search(query, PAGE_LIMITS, scope), query);
        }
      } finally {
        VersionIndex.load = load;
        reader.close();
      }
    });
  });
});

describe("what a search keeps loaded", () => {
  /** A site search over `caches` that counts the documents it reads from the store. */
  function counted(caches: SearchCaches) {
    const parts = versionParts(content.search);
    const versions = content.versions.map(({ version }) => ({
      id: version.id,
      label: version.label,
      current: version.status === "current",
    }));
    const current = versions.find((version) => version.current)!.id;
    let reads = 0;
    const indexes = new Map(
      parts.map((part) => {
        const source = inMemorySource(part);
        const document = (id: number) => ((reads += 1), source.document(id));
        return [part.version, VersionIndex.load({ ...source, document }, caches)];
      }),
    );
    const search = new SiteSearch((version) => indexes.get(version)!, versions, current);
    return { search, reads: () => reads, stored: parts.find((part) => part.version === current)!.documents.length };
  }

  test("documents are read one by one, only those a search shows or checks, and again past the shared bound", () => {
    assert.ok(content.versions.length >= 2, "two versions at least");
    const reference = siteSearchOf(content);
    const roomy = counted(new SearchCaches(64 * 1024 * 1024, 1000));
    const tight = counted(new SearchCaches(1, 1000));
    const texts = ["backup", "upload photos", "backup restore", "smriti_job_concurrency"];
    for (const text of texts) {
      const expected = reference.search(text, PAGE_LIMITS);
      assert.deepEqual(roomy.search.search(text, PAGE_LIMITS), expected, text);
      assert.deepEqual(tight.search.search(text, PAGE_LIMITS), expected, `${text}, one document kept`);
    }
    // A one-word search reads at most each hit's section, its page's opening and the sections listed under it.
    const single = counted(new SearchCaches(64 * 1024 * 1024, 1000));
    single.search.search("backup", PAGE_LIMITS);
    assert.ok(single.reads() > 0);
    assert.ok(
      single.reads() <= PAGE_LIMITS.hits * (2 + PAGE_LIMITS.sectionsPerHit),
      `${single.reads()} documents read of ${single.stored}`,
    );
    const before = roomy.reads();
    for (const text of texts) roomy.search.search(text, PAGE_LIMITS);
    assert.equal(roomy.reads(), before, "what the cache kept is not read again");
    const tightBefore = tight.reads();
    tight.search.search("backup", PAGE_LIMITS);
    assert.ok(tight.reads() > tightBefore, "past the bound, documents are read again");
  });
});

describe("the phrase check's words", () => {
  test("are the tokenizer's words for every document of the guides", () => {
    let checked = 0;
    for (const { title, heading, text } of content.search.documents) {
      const whole = `${title} ${heading} ${text}`;
      const expected = ` ${tokens(whole, true)
        .map((token) => token.term)
        .join(" ")} `;
      assert.equal(spacedWords(whole), expected, whole.slice(0, 80));
      checked += 1;
    }
    assert.ok(checked > 300, `${checked} documents`);
  });

  test("and the words highlighting looks for are the tokenizer's, in every document of the guides", () => {
    let marked = 0;
    for (const [n, { title, heading, text, code }] of content.search.documents.entries()) {
      const whole = `${title} ${heading} ${text} ${code}`;
      const words = tokens(whole, true).map((token) => token.term);
      // A few of the document's own words, one from the next document, one nobody has.
      const next = content.search.documents[n + 1]?.text ?? "";
      const terms = new Set([
        ...words.filter((_, i) => i % 5 === 0),
        ...tokens(next, true)
          .slice(0, 1)
          .map((t) => t.term),
        "qqqx",
      ]);
      const expected = tokens(whole, true).filter((token) => terms.has(token.term));
      assert.deepEqual(wordsIn(whole, terms, Number.MAX_SAFE_INTEGER), expected, whole.slice(0, 80));
      marked += expected.length;
    }
    assert.ok(marked > 10_000, `${marked} words found`);
  });
});

describe("a search in all versions", () => {
  test("counts the other versions without ranking them when its own version fills the answer, with the same answer", () => {
    const site = siteSearchOf(content);
    const every = { ...PAGE_LIMITS, hits: 100_000 };
    let counted = 0;
    for (const text of [...queries(), "photo", "album", "server", "backup restore", "upload photos"]) {
      for (const version of content.versions.map((v) => v.version.id)) {
        const scope = site.scope("all", version);
        const few = site.search(text, PAGE_LIMITS, scope);
        const all = site.search(text, every, scope);
        assert.equal(few.total, all.total, `${text} (${version})`);
        assert.deepEqual(few.hits, all.hits.slice(0, PAGE_LIMITS.hits), `${text} (${version})`);
        const own = site.search(text, every, { version, all: false });
        if (own.hits.length >= PAGE_LIMITS.hits && own.total < few.total) counted += 1;
      }
    }
    assert.ok(counted >= 20, `${counted} searches had their own version fill the answer and hits elsewhere`);
  });
});

describe("phrases checked only where they can change the best hits", () => {
  test("the best hits are those of a search that checks every section", () => {
    const site = siteSearchOf(content);
    const every = { ...PAGE_LIMITS, hits: 100_000 };
    const common = [
      ...["photo", "album", "server", "library", "user", "api", "storage", "backup", "upload", "settings"],
      ...["docker", "worker", "version", "media", "file"],
    ];
    const pairs = common.flatMap((a) => common.filter((b) => b !== a).map((b) => `${a} ${b}`));
    const list = [...queries().filter((q) => q.trim().includes(" ")), ...pairs];
    let pruned = 0;
    for (const text of list) {
      const few = site.search(text, PAGE_LIMITS);
      const all = site.search(text, every);
      assert.equal(few.total, all.total, text);
      assert.deepEqual(few.hits, all.hits.slice(0, PAGE_LIMITS.hits), text);
      if (few.total > PAGE_LIMITS.hits) pruned += 1;
    }
    assert.ok(pruned >= 25, `${pruned} queries had more pages than hits shown`);
  });
});
