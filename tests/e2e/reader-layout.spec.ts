import { expect, test, type Browser } from "@playwright/test";
import { readingPages } from "./support/site-pages";
import { insideWord, lineBreaks, shown, textLines } from "./support/text-lines";

/**
 * A reader's layout on every page of every version, at a phone's and a
 * laptop's width: nothing scrolls sideways, tables fit their column on a
 * laptop (on a phone they may scroll inside their own box), and no cell
 * holding a sentence is squeezed into a sliver, and no code (a variable, a
 * default, a command, an API path, in a table, a paragraph or a heading) and
 * no heading is broken inside a word or after an option's hyphens. One
 * browser context per width
 * and plain measurements in the page, so the sweep stays affordable.
 */

/** A cell holding a sentence must be at least this wide (px). */
const SENTENCE_CELL_MIN = 110;

type Layout = {
  sideways: number;
  tables: { name: string; width: number; column: number }[];
  squeezed: { text: string; width: number }[];
  /** Code and headings moved to the next line inside a word, or after an option's hyphens. */
  broken: string[];
};

/** Runs in the page: what overflows, table by table, and the sentence cells narrower than `min`. */
function measure(min: number): Omit<Layout, "broken"> {
  const doc = document.documentElement;
  const tables = [...document.querySelectorAll("main table")].map((table) => {
    const box = table.closest(".table-scroll") ?? table.parentElement!;
    // The column a table lives in: the text column around its scroll box.
    const column = box.parentElement!.getBoundingClientRect().width;
    return {
      name: box.getAttribute("aria-label") ?? "table",
      width: Math.round(table.getBoundingClientRect().width),
      column: Math.round(column),
    };
  });
  const squeezed: { text: string; width: number }[] = [];
  for (const cell of document.querySelectorAll<HTMLElement>("main :is(td, th)")) {
    // A sentence: four words or more of running text. Code and parentheses do not count: a type
    // such as "array of string (uuid)" or "enum (one of ...)" is a name, not a sentence.
    const copy = cell.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("code").forEach((code) => code.remove());
    const text = (copy.textContent ?? "").replace(/\([^)]*\)/g, " ");
    const words = text
      .trim()
      .split(/\s+/)
      .filter((word) => /[a-z]{2}/i.test(word));
    const width = cell.getBoundingClientRect().width;
    if (words.length >= 4 && width < min)
      squeezed.push({ text: (cell.textContent ?? "").trim().slice(0, 50), width: Math.round(width) });
  }
  return { sideways: doc.scrollWidth - doc.clientWidth, tables, squeezed };
}

async function sweep(browser: Browser, width: number, visit: (path: string, layout: Layout) => void) {
  // Layout as served (scripts move nothing on these pages, and skipping them keeps the sweep quick).
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const paths = await readingPages(context.request);
  // The walk really covers both versions, the docs and the API pages.
  expect(paths.filter((path) => path.startsWith("/docs/next/")).length).toBeGreaterThan(20);
  expect(paths.filter((path) => path.startsWith("/docs/") && !path.startsWith("/docs/next/")).length).toBeGreaterThan(
    20,
  );
  expect(paths).toEqual(expect.arrayContaining(["/api/albums", "/api/next/jobs", "/docs/user-guide/configuration"]));
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status(), path).toBe(200);
    // Where code or a heading moves to the next line: inside a word, or right after the hyphens that
    // start an option ("-d", "--force"), which leaves them alone at a line's end.
    const texts = page.locator("main :not(pre) > code, main :is(h1, h2, h3)");
    const broken = (await texts.evaluateAll(textLines, "text" as const)).flatMap((lines) =>
      lineBreaks(lines)
        .filter((cut) => insideWord(cut) || /(?:^|\s)-+$/.test(cut.before))
        .map((cut) => `${lines.join("")} (at "${shown(cut)}")`),
    );
    visit(path, { ...(await page.evaluate(measure, SENTENCE_CELL_MIN)), broken });
  }
  await context.close();
  return paths.length;
}

/** The pages issue 23 named (machine-learning's table is on configuration since the re-join): their table widths are printed for the record. */
const NAMED = new Set([
  "/docs/user-guide/configuration",
  "/docs/user-guide/features/search",
  "/docs/user-guide/features/people",
  "/docs/dev-guide/notes",
]);

test("at 1366 px no page scrolls sideways, every table fits its column, no sentence is squeezed, no value is broken mid-word", async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const problems: string[] = [];
  const count = await sweep(browser, 1366, (path, layout) => {
    if (NAMED.has(path))
      console.log(`${path}: tables ${layout.tables.map((t) => `${t.width}/${t.column}`).join(", ")} px (table/column)`);
    if (layout.sideways > 0) problems.push(`${path}: scrolls ${layout.sideways} px sideways`);
    for (const table of layout.tables.filter((t) => t.width > t.column))
      problems.push(`${path}: "${table.name}" ${table.width} px in a ${table.column} px column`);
    for (const cell of layout.squeezed) problems.push(`${path}: "${cell.text}" in ${cell.width} px`);
    for (const value of layout.broken) problems.push(`${path}: a line break in ${value}`);
  });
  console.log(`${count} pages at 1366 px`);
  expect(problems).toEqual([]);
});

test("at 390 px no page scrolls sideways, no sentence is squeezed, no value is broken mid-word", async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const problems: string[] = [];
  const count = await sweep(browser, 390, (path, layout) => {
    if (layout.sideways > 0) problems.push(`${path}: scrolls ${layout.sideways} px sideways`);
    for (const cell of layout.squeezed) problems.push(`${path}: "${cell.text}" in ${cell.width} px`);
    for (const value of layout.broken) problems.push(`${path}: a line break in ${value}`);
  });
  console.log(`${count} pages at 390 px`);
  expect(problems).toEqual([]);
});

test("at 200 % text on a 390 px phone the landing page and search results fit the screen", async ({ browser }) => {
  // The landing page's cards and notes took the width of their widest unbroken code ("docker compose up -d"), and
  // a result's "Page›Section" title had no break point: both ran past the screen's edge.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of ["/", "/search?q=contribution", "/search?q=roadmap"]) {
    await page.goto(path);
    await page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
    });
    const past = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll("main h2, main h3, main code:not(pre code), main li, main a")]
        .filter((element) => [...element.getClientRects()].some((rect) => rect.right > width + 0.5))
        .map((element) => `${element.tagName} "${element.textContent?.trim().slice(0, 40)}"`);
    });
    expect(past, path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await context.close();
});
