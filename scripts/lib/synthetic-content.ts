// Realistic synthetic docs for the scale benchmark and the scale e2e test: the
// real content/ folder, plus generated pages spread over Next, the current
// release and older releases. Every generated page has the length and the
// parts of a real guide (headings, code, a table, an admonition, links to
// other pages and to their headings), in categories of a dozen pages. The
// output is deterministic for a given size, so two runs build the same site.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");

export interface SyntheticOptions {
  /** Total pages the site will have, the real ones included (at least the real content's count). */
  pages: number;
  /**
   * Docs versions: Next, the current release and `versions - 2` older releases
   * (at least 2). Each release is what `npm run docs:version` makes: a copy of
   * the current guides and of the spec, plus its share of generated pages.
   */
  versions: number;
}

export interface SyntheticSite {
  dir: string;
  /** What the spec paths of its versions.json are relative to (the build's --spec-root). */
  specRoot: string;
  /** URLs of the generated pages, for sampling. */
  urls: string[];
  /** Searches nobody made before, drawn as the text draws its words (syntheticQueries). */
  queries: string[];
}

const mdxFiles = (dir: string) =>
  readdirSync(join(root, "content", dir), { recursive: true }).filter((name) => String(name).endsWith(".mdx")).length;
/** Pages under content/ (docs, next and standalone pages; partials are not pages), and in a copy of the current guides. */
const REAL_PAGES = mdxFiles("docs") + mdxFiles("next") + mdxFiles("pages");
const RELEASE_PAGES = mdxFiles("docs");
const PAGES_PER_CATEGORY = 12;
/** Enough unique searches for two rounds of ten seconds at 2,000 a second. */
export const QUERY_COUNT = 40_000;

/** Domain words: titles, headings, settings and the most frequent words of the text. */
const WORDS = (
  "album archive backup bucket cache checksum cluster codec config container cron database deploy device " +
  "encoder export face filter folder gallery gateway hash import index ingest journal kernel label library " +
  "locale mapping metadata mirror model network object offset owner palette partition preview profile quota " +
  "replica resize restore schema scanner secret session shard snapshot storage stream tag thumbnail token " +
  "upload vector volume watcher worker"
).split(" ");

/** A small deterministic generator, so runs are comparable. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/**
 * The text's vocabulary: the domain words, then made-up words of two or three
 * syllables, as many as a large docs site uses.
 */
const VOCABULARY_SIZE = 12_000;
const VOCABULARY = (() => {
  const syllables = [..."bdfgklmnprstvz"].flatMap((consonant) => [..."aeiou"].map((vowel) => consonant + vowel));
  const made = syllables.flatMap((a) => syllables.map((b) => a + b));
  for (let i = 0; made.length < VOCABULARY_SIZE - WORDS.length; i += 1)
    made.push(syllables[i % 70]! + syllables[Math.floor(i / 70) % 70]! + syllables[Math.floor(i / 4900) % 70]!);
  const next = random(7);
  for (let i = made.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [made[i], made[j]] = [made[j]!, made[i]!];
  }
  return [...WORDS, ...new Set(made)].slice(0, VOCABULARY_SIZE);
})();

/**
 * How often each word of VOCABULARY is used: the word of rank r in proportion
 * to 1 / (r + 15), the Zipf-Mandelbrot law of real text with its stop words
 * left out. Measured on today's guides, the most common word is in about half
 * of the sections, the 100th in 11 %, the 1,000th in 1 %; these weights give
 * 70 %, 16 % and 2 % for sections of this generator's length, a little broader
 * than the real guides and so no easier to search.
 */
const CUMULATIVE = (() => {
  let sum = 0;
  return VOCABULARY.map((_, rank) => (sum += 1 / (rank + 1 + 15)));
})();

/** A word drawn as real text draws its words: a few very often, most rarely. */
function word(next: () => number): string {
  const target = next() * CUMULATIVE.at(-1)!;
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (CUMULATIVE[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return VOCABULARY[low]!;
}

/**
 * Queries nobody made before, as readers type them: two words drawn as the
 * text draws them (so common words often), every fifth with a typo in its
 * second word. Each query is different; deterministic for a given count.
 */
export function syntheticQueries(count: number): string[] {
  const next = random(99);
  const seen = new Set<string>();
  while (seen.size < count) {
    const first = word(next);
    let second = word(next);
    if (first === second) continue;
    if (seen.size % 5 === 4 && second.length > 4)
      second = `${second.slice(0, 2)}${second[3]}${second[2]}${second.slice(4)}`;
    seen.add(`${first} ${second}`);
  }
  return [...seen];
}

type Random = ReturnType<typeof random>;
const pick = <T>(next: Random, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

function sentence(next: Random, length = 12 + Math.floor(next() * 10)): string {
  const words = Array.from({ length }, () => word(next));
  const text = words.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(next: Random): string {
  return Array.from({ length: 3 + Math.floor(next() * 3) }, () => sentence(next)).join(" ");
}

interface PlannedPage {
  category: number;
  index: number;
  /** Headings' texts; rehype-slug makes their ids "step-<n>-<word>". */
  headings: string[];
}

const pageFile = (category: number, index: number) => `generated/area-${category}/topic-${index}.mdx`;

function headingsOf(next: Random): string[] {
  return Array.from({ length: 5 }, (_, i) => `Step ${i + 1} ${pick(next, WORDS)}`);
}
const slugOf = (heading: string) => heading.toLowerCase().replace(/\s+/g, "-");

/** One page's MDX: about 9 KB, like a real guide. */
function pageText(next: Random, page: PlannedPage, all: PlannedPage[], version: string): string {
  const other = () => pick(next, all);
  const linkTo = (target: PlannedPage) => {
    const path =
      target.category === page.category
        ? `./topic-${target.index}.mdx`
        : `../area-${target.category}/topic-${target.index}.mdx`;
    return `[${pick(next, WORDS)} ${target.index}](${path}#${slugOf(target.headings[Math.floor(next() * target.headings.length)]!)})`;
  };
  const title = `${pick(next, WORDS)} ${pick(next, WORDS)} ${page.category}.${page.index}`;
  const parts = [
    `---\ntitle: ${title[0]!.toUpperCase()}${title.slice(1)}\ndescription: ${sentence(next, 14)}\nsidebar_position: ${page.index}\n---\n`,
    `${paragraph(next)} See ${linkTo(other())} and ${linkTo(other())}. This page documents ${version}.\n`,
  ];
  page.headings.forEach((heading, i) => {
    parts.push(`## ${heading}\n`, `${paragraph(next)}\n`, `${paragraph(next)} Read ${linkTo(other())} first.\n`);
    if (i % 2 === 0) {
      const name = pick(next, WORDS);
      parts.push(
        '```bash title="' +
          name +
          '.sh"\n' +
          `export SMRITI_${name.toUpperCase()}_LIMIT=${Math.floor(next() * 900) + 100}\n` +
          `smriti ${name} --${pick(next, WORDS)} ${pick(next, WORDS)} --verbose\n` +
          `curl -s http://localhost:5001/v1/${pick(next, WORDS)}s | jq '.[0]'\n` +
          "```\n",
      );
    }
    if (i === 1) {
      const rows = Array.from(
        { length: 6 },
        () => `| \`${pick(next, WORDS)}\` | ${sentence(next, 6)} | ${Math.floor(next() * 100)} |`,
      );
      parts.push(`| Setting | Meaning | Default |\n| --- | --- | --- |\n${rows.join("\n")}\n`);
    }
    if (i === 2) parts.push(`:::tip[${pick(next, WORDS)} first]\n${sentence(next)}\n:::\n`);
    if (i === 3) {
      parts.push(
        `### ${heading} details\n`,
        `${paragraph(next)}\n`,
        `- ${sentence(next, 8)}\n- ${sentence(next, 8)}\n- ${linkTo(other())}\n`,
      );
    }
  });
  return parts.join("\n");
}

function writeTree(dir: string, count: number, seed: number, version: string): string[] {
  const next = random(seed);
  const categories = Math.max(1, Math.ceil(count / PAGES_PER_CATEGORY));
  const planned: PlannedPage[] = Array.from({ length: count }, (_, i) => ({
    category: (i % categories) + 1,
    index: Math.floor(i / categories) + 1,
    headings: headingsOf(next),
  }));
  for (let category = 1; category <= categories; category += 1) {
    mkdirSync(join(dir, `generated/area-${category}`), { recursive: true });
    writeFileSync(
      join(dir, `generated/area-${category}/_category_.json`),
      JSON.stringify({ label: `Area ${category} ${pick(next, WORDS)}`, position: 10 + category }),
    );
  }
  for (const page of planned)
    writeFileSync(join(dir, pageFile(page.category, page.index)), pageText(next, page, planned, version));
  return planned.map((page) => `generated/area-${page.category}/topic-${page.index}`);
}

/**
 * Writes the site into `dir` (emptied first): a copy of content/ and the
 * generated pages. With `pages` at the real count, it is today's content.
 */
export function writeSyntheticContent(dir: string, options: SyntheticOptions): SyntheticSite {
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, "content"), dir, { recursive: true });
  const specRoot = join(dir, "_spec-root");
  cpSync(join(root, "spec"), join(specRoot, "spec"), { recursive: true });
  const versions = Math.max(2, options.versions);
  const extra = Math.max(0, options.pages - REAL_PAGES - (versions - 2) * RELEASE_PAGES);
  const releases = Array.from({ length: versions - 2 }, (_, i) => {
    const day = (i % 28) + 1;
    const month = (Math.floor(i / 28) % 12) + 1;
    return `23.${String(month).padStart(2, "0")}.${String(day).padStart(2, "0")}`;
  });
  const versionsFile = JSON.parse(readFileSync(join(dir, "versions.json"), "utf8")) as {
    current: string;
    next: { path: string };
    releases: string[];
  };
  // Newest first, as versions.json lists them (`npm run docs:version` puts each release it cuts first).
  versionsFile.releases = [...releases].reverse();
  for (const id of releases) {
    cpSync(join(root, "content/docs"), join(dir, `releases/${id}`), { recursive: true });
    cpSync(join(root, "spec/openapi.yaml"), join(specRoot, `spec/releases/${id}/openapi.yaml`));
  }
  writeFileSync(join(dir, "versions.json"), `${JSON.stringify(versionsFile, null, 2)}\n`);
  const trees = [
    { tree: versionsFile.next.path, base: `/docs/${versionsFile.next.path}` },
    { tree: "docs", base: "/docs" },
    ...releases.map((id) => ({ tree: `releases/${id}`, base: `/docs/${id}` })),
  ];
  const urls: string[] = [];
  if (extra > 0) {
    trees.forEach(({ tree, base }, i) => {
      const count = Math.floor(extra / trees.length) + (i < extra % trees.length ? 1 : 0);
      if (count === 0) return;
      for (const slug of writeTree(join(dir, tree), count, 1000 + i, tree)) urls.push(`${base}/${slug}`);
    });
  }
  return { dir, specRoot, urls, queries: syntheticQueries(QUERY_COUNT) };
}
