// `npx -y -p node@24 -- node --import tsx scripts/bench-search-fts5.ts [--pack FILE] [--queries N]`:
// the alternative issue 25 names for search at scale, measured. The current
// release's search documents of a pack (by default build/content/site.pack;
// bench/scale.md used the 10,000-page one) go into a SQLite FTS5 table, and
// the same unique queries as `npm run bench:scale` run through the site's
// engine and through FTS5, alternately in rounds so that both see the same
// machine. FTS5 is asked for less than the engine does: the best 20 pages and
// how many pages match, without the hits' snippets, marks or listed sections.
// Node 24's built-in node:sqlite has FTS5; Node 20, which the README's quick
// start runs, has no node:sqlite, hence the command above.
// Decision: docs/decisions/044-search-postings-on-disk.md, "Alternatives".
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { currentVersion } from "../app/content/site-versions";
import { openSiteContent, searchPartReader, SITE_CONTENT_FILE } from "../app/content/store.server";
import { TermDictionary } from "../app/search/dictionary.server";
import { PAGE_LIMITS } from "../app/search/limits";
import { expansionOf } from "../app/search/scoring.server";
import { siteSearchOf } from "../app/search/store.server";
import { cleanQuery, queryTerms } from "../app/search/text";
import type { VersionSource } from "../app/search/parts";
import { QUERY_COUNT, syntheticQueries } from "./lib/synthetic-content";

const { values } = parseArgs({
  options: {
    pack: { type: "string", default: SITE_CONTENT_FILE },
    queries: { type: "string", default: "3000" },
    rounds: { type: "string", default: "6" },
  },
});
const QUERIES = Number(values.queries);
const ROUNDS = Number(values.rounds);
/** Queries run before any is timed, by each contender: its first version load, caches and JIT. */
const WARM_UP = 200;
/** The engine's field boosts (BOOST in app/search/engine.server.ts), in the table's column order. */
const COLUMNS = ["title", "heading", "endpoint", "text", "code"] as const;
const WEIGHTS = "6, 3, 9, 1, 0.5";

interface Sqlite {
  DatabaseSync: new (
    file: string,
    options?: { readOnly?: boolean },
  ) => {
    exec(sql: string): void;
    prepare(sql: string): {
      run(...values: unknown[]): unknown;
      all(...values: unknown[]): unknown[];
      get(...values: unknown[]): unknown;
    };
    close(): void;
  };
}

async function loadSqlite(): Promise<Sqlite> {
  try {
    return (await import("node:sqlite" as string)) as Sqlite;
  } catch {
    throw new Error(
      `node:sqlite is missing on Node ${process.versions.node}: run this with Node 24 (npx -y -p node@24 -- node --import tsx scripts/bench-search-fts5.ts)`,
    );
  }
}

/** The version's documents in an FTS5 table, each with its page number; returns the seconds it took. */
function fill(db: InstanceType<Sqlite["DatabaseSync"]>, source: VersionSource): number {
  const started = performance.now();
  // Underscores inside words, as the site's tokenizer keeps identifiers whole; prefix indexes for short prefixes.
  db.exec(
    `create virtual table docs using fts5(${COLUMNS.join(", ")}, page unindexed, tokenize="unicode61 tokenchars '_'", prefix='2 3 4')`,
  );
  const insert = db.prepare(`insert into docs(rowid, ${COLUMNS.join(", ")}, page) values (?, ?, ?, ?, ?, ?, ?)`);
  db.exec("begin");
  source.head.pages.forEach((page, id) => {
    const document = source.document(id)!;
    insert.run(id, ...COLUMNS.map((column) => document[column]), page);
  });
  db.exec("commit");
  db.exec("insert into docs(docs) values('optimize')");
  return (performance.now() - started) / 1000;
}

const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/**
 * The query's words as an FTS5 expression: each word by prefix, and (with
 * `typos`) or any of the typo neighbours the site's dictionary finds for it;
 * the words joined with `join`.
 */
function expression(words: string[], dictionary: TermDictionary, typos: boolean, join: "AND" | "OR"): string {
  return words
    .map((word) => {
      const neighbours = typos
        ? expansionOf(
            { term: word, prefix: false, fuzzy: word.length >= 4 ? 0.2 : false, shortenedOnly: false },
            dictionary,
            2,
          )
            .map(([term]) => term)
            .filter((term) => !term.startsWith(word))
        : [];
      return `(${[`${quoted(word)}*`, ...neighbours.map(quoted)].join(" OR ")})`;
    })
    .join(` ${join} `);
}

interface Contender {
  name: string;
  run: (query: string) => void;
  times: number[];
}

function summary({ name, times }: Contender): string {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!.toFixed(2);
  return `| ${name} | ${mean.toFixed(2)} ms | ${at(0.5)} ms | ${at(0.99)} ms |`;
}

async function main() {
  const { DatabaseSync } = await loadSqlite();
  const { content } = openSiteContent(values.pack);
  const version = currentVersion(content).version.id;
  const part = searchPartReader(content)?.(version);
  if (!part) throw new Error(`${values.pack} has no stored search index for ${version}`);
  const { source } = part;
  const dictionary = new TermDictionary(source.head.terms, source.order());
  const folder = mkdtempSync(join(tmpdir(), "smriti-fts5-"));
  try {
    const file = join(folder, "search.db");
    const writer = new DatabaseSync(file);
    const seconds = fill(writer, source);
    writer.close();
    const db = new DatabaseSync(file, { readOnly: true });
    // The best 20 pages by their best section, and how many pages match.
    const best = db.prepare(
      `with m as materialized (select page, bm25(docs, ${WEIGHTS}) as score from docs where docs match ?)
       select page, min(score) as score from m group by page order by score limit ${PAGE_LIMITS.hits}`,
    );
    const pages = db.prepare("select count(distinct page) as pages from docs where docs match ?");
    const fts5 = (typos: boolean) => (query: string) => {
      const { words } = queryTerms(cleanQuery(query).text);
      if (words.length === 0) return;
      // Every word first; any word when no page has them all, as the site does.
      let match = expression(words, dictionary, typos, "AND");
      if (best.all(match).length === 0) best.all((match = expression(words, dictionary, typos, "OR")));
      pages.get(match);
    };
    const search = siteSearchOf(content);
    const contenders: Contender[] = [
      {
        name: "the site's engine (20 hits made: snippets, marks, listed sections)",
        run: (query) => search.search(query, PAGE_LIMITS),
        times: [],
      },
      { name: "FTS5, prefix and the same typo neighbours (best 20 pages and the count)", run: fts5(true), times: [] },
      { name: "FTS5, prefix only, no typos (best 20 pages and the count)", run: fts5(false), times: [] },
    ];
    const queries = syntheticQueries(QUERY_COUNT);
    for (const contender of contenders) for (const query of queries.slice(0, WARM_UP)) contender.run(query);
    const perRound = Math.ceil(QUERIES / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      const slice = queries.slice(WARM_UP + round * perRound, WARM_UP + (round + 1) * perRound);
      for (const contender of contenders)
        for (const query of slice) {
          const started = performance.now();
          contender.run(query);
          contender.times.push(performance.now() - started);
        }
    }
    console.log(
      `Version ${version}: ${source.head.pages.length} documents; FTS5 table built in ${seconds.toFixed(1)} s, ` +
        `${(statSync(file).size / 1e6).toFixed(1)} MB; ${QUERIES} unique queries in ${ROUNDS} alternated rounds, Node ${process.versions.node}\n`,
    );
    console.log("| per query | mean | p50 | p99 |\n| --- | --- | --- | --- |");
    for (const contender of contenders) console.log(summary(contender));
    db.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
