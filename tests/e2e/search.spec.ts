import { expect, test, type Page } from "@playwright/test";
import { CORE, axeOf, collectErrors, hydrated, withoutJavaScript } from "./helpers";
import { insideWord, lineBreaks, shown, textLines } from "./support/text-lines";

const PHONE = { width: 390, height: 844 };
const dialog = (page: Page) => page.locator("dialog[data-search-dialog]");
const combobox = (page: Page) => page.getByRole("combobox", { name: "Search the docs" });
const options = (page: Page) => page.getByRole("listbox", { name: "Results" }).getByRole("option");
const results = (page: Page) => page.locator("ol.search-results > li");

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("without JavaScript", () => {
  test("search from the navbar lands on the results page, and a result on its page", CORE, async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/docs/dev-guide/roadmap");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search the docs" });
    await box.fill("docker compose");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=docker\+compose$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search the docs" }).last()).toHaveValue("docker compose");
    const first = results(page).first();
    await expect(first.getByRole("heading", { level: 2 })).toHaveText("Installation");
    await expect(first.locator("mark").first()).toHaveText(/docker|compose/i);
    await first.getByRole("link", { name: "Installation" }).click();
    await expect(page).toHaveURL(/\/docs\/user-guide\/installation$/);
    await context.close();
  });

  test("on a 390 px phone the menu's search box and the navbar's search button both lead to results", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: PHONE, isMobile: true });
    await page.goto("/api");
    await page.getByRole("banner").locator("summary[aria-label='Menu']").click();
    const box = page.locator("#mobile-search");
    await box.fill("POST /v1/albums");
    await box.press("Enter");
    await expect(results(page).first().getByRole("link").first()).toHaveAttribute(
      "href",
      "/api/albums#post-/v1/albums",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText("Type what you are looking for")).toBeVisible();
    await page.locator("#search-page-query").fill("favorites");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(results(page).first().getByRole("heading", { level: 2 })).toHaveText(
      "Library: favourites, hidden and trash",
    );
    await context.close();
  });

  test("on a 390 px phone, a search with more results than a page turns to the next page and back", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: PHONE, isMobile: true });
    await page.goto("/search?q=server");
    const pager = page.getByRole("navigation", { name: "Pages of results" });
    await expect(pager).toContainText("Page 1 of 4");
    await expect(page.getByText(/\d+ results for .*server.*, the best 10 shown\./)).toBeVisible();
    const firstOnPageOne = await results(page).first().getByRole("heading", { level: 2 }).textContent();
    await expect(pager.getByRole("link", { name: /Previous/ })).toHaveCount(0);
    await expect(page).toHaveTitle(/^Search: server \| /);
    await pager.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/search\?q=server&page=2$/);
    // Tabs, history and a screen reader tell the pages of one search apart by their titles.
    await expect(page).toHaveTitle(/^Search: server, page 2 \| /);
    await expect(pager).toContainText("Page 2 of 4");
    await expect(page.getByText(/\d+ results for .*server.*, 11 to 20 shown\./)).toBeVisible();
    await expect(results(page)).toHaveCount(10);
    await expect(results(page).first().getByRole("heading", { level: 2 })).not.toHaveText(firstOnPageOne!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // A new search from the page starts on its first page.
    await page.locator("#search-page-query").fill("album");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=album$/);
    await page.goBack();
    await pager.getByRole("link", { name: /Previous/ }).click();
    await expect(page).toHaveURL(/\/search\?q=server$/);
    await expect(results(page).first().getByRole("heading", { level: 2 })).toHaveText(firstOnPageOne!);
    // Past the last page: the results are a link away, not an empty page.
    await page.goto("/search?q=server&page=7");
    await page.getByRole("link", { name: "Show the last page" }).click();
    await expect(page).toHaveURL(/\/search\?q=server&page=4$/);
    await expect(pager).toContainText("Page 4 of 4");
    await expect(page.getByText(/\d+ results for .*server.*, 31 to \d+ shown\./)).toBeVisible();
    await expect(results(page)).not.toHaveCount(0);
    await expect(pager.getByRole("link", { name: /Next/ })).toHaveCount(0);
    await context.close();
  });

  test("the empty and the no-result states say where to look", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/search");
    await expect(page.getByText("Type what you are looking for")).toBeVisible();
    await expect(page.getByRole("link", { name: "API reference", exact: true })).toHaveAttribute("href", "/api");
    await page.goto("/search?q=qwxzvbnm");
    await expect(page.getByText("No results for")).toContainText("qwxzvbnm");
    await expect(page.getByRole("link", { name: "User guide", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "favourites" }).click();
    await expect(results(page)).not.toHaveCount(0);
    await context.close();
  });

  test("on a 390 px phone, an API path in the results moves to the next line after a slash, not inside a word", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser, { viewport: PHONE, isMobile: true });
    await page.goto("/search?q=yearsAgo");
    const paths = results(page).locator("code");
    await expect(paths.filter({ hasText: "/v1/explore/yearsAgo/{monthDate}/mediaItems" })).not.toHaveCount(0);
    // Each path's lines, as laid out: a line ends only where a slash does.
    const lines = await paths.evaluateAll(textLines);
    // The longest path does not fit the line, so it does take two.
    expect(lines.some((path) => path.length > 1)).toBe(true);
    for (const path of lines) for (const line of path.slice(0, -1)) expect(line, path.join(" | ")).toMatch(/\/$/);
    await context.close();
  });

  test("on a 320 px phone, no line of a result breaks inside a word, in a snippet of text or of code", async ({
    browser,
  }) => {
    const { context, page } = await withoutJavaScript(browser, {
      viewport: { width: 320, height: 640 },
      isMobile: true,
    });
    // Snippets that quote a path, a command, JSON with ids: each has a token nearly as wide as the line.
    for (const query of ["storage", "thumbnail", "json", "yearsAgo"]) {
      await page.goto(`/search?q=${query}`);
      await expect(results(page)).not.toHaveCount(0);
      const inWord = (await results(page).evaluateAll(textLines, "text" as const)).flatMap((lines) =>
        lineBreaks(lines).filter(insideWord).map(shown),
      );
      expect(inWord, query).toEqual([]);
    }
    await context.close();
  });
});

test("with JavaScript, a result and a section under it open their pages in the app", async ({ page }) => {
  for (const [query, name, url] of [
    ["docker compose", "Installation", /\/docs\/user-guide\/installation$/],
    ["backup", null, /\/docs\/.+#.+$/],
  ] as const) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 3));
    const link = name
      ? results(page).first().getByRole("link", { name })
      : results(page).locator("p", { hasText: "Also on this page" }).getByRole("link").first();
    const heading = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(url);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), "no document load").toBe(3);
    if (!name) await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
});

test("with JavaScript, the next page of results opens in the app, in the scope searched", async ({ page }) => {
  await page.goto("/search?q=user&version=all");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 4));
  const pager = page.getByRole("navigation", { name: "Pages of results" });
  await pager.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/search\?q=user&version=all&page=2$/);
  await expect(page).toHaveTitle(/^Search: user, page 2 \| /);
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(page.getByText(/, 11 to 20 shown\./)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), "no document load").toBe(4);
  // The scope switch starts the other scope on its first page.
  await page.getByRole("navigation", { name: "Versions searched" }).getByRole("link", { name: /only/ }).click();
  await expect(page).toHaveURL(/\/search\?q=user$/);
  await expect(page).toHaveTitle(/^Search: user \| /);
});

test.describe("odd queries render escaped and answer normally", () => {
  const odd = [
    '<img src=x id="injected" onerror="document.title=\'pwned\'">',
    "<script>document.title='pwned'</script>",
    "</title><b id=injected>bold</b>",
    "(a+)+$ [ .* \\ ^",
    "café 日本語 😀 مرحبا",
    `${"albums ".repeat(200)}end`,
  ];

  for (const query of odd) {
    test(JSON.stringify(query.slice(0, 40)), async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(`/search?${new URLSearchParams({ q: query })}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      await expect(page.locator("#injected")).toHaveCount(0);
      const shown = await page.locator("#search-page-query").inputValue();
      // The query is in the title as text: nothing in it ran and replaced the title.
      await expect(page).toHaveTitle(`Search: ${shown} | Smriti`);
      expect(shown.length).toBeLessThanOrEqual(200);
      expect(query.replace(/\s+/g, " ").trim().startsWith(shown)).toBe(true);
      if (query.length > 200) await expect(page.getByText("only its beginning was searched")).toBeVisible();
      const json = await page.request.get(`/search.json?${new URLSearchParams({ q: query })}`);
      expect(json.status()).toBe(200);
      expect(((await json.json()) as { query: string }).query).toBe(shown);
      expect(errors).toEqual([]);
    });
  }

  test("markup typed into the dialog is shown as text", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    await combobox(page).fill("<b id=injected>albums</b>");
    await expect(options(page).first()).toBeVisible();
    await expect(page.locator("#injected")).toHaveCount(0);
    await expect(dialog(page).getByRole("link", { name: /All results for/ })).toContainText(
      "“<b id=injected>albums</b>”",
    );
  });
});

test.describe("the search dialog", () => {
  test("nothing typed right after the shortcut is lost while the dialog's code loads", async ({ page }) => {
    // The dialog's code arrives in the middle of the typing: keys before it are held, keys
    // after it go to the field, and the ones around its first render must not fall between.
    // The code is held until half the query is typed (a gate, not a fixed wait).
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/_shared/SearchDialog-*.js", async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    await page.keyboard.press("/");
    await page.keyboard.type("reverse proxy", { delay: 15 });
    release();
    await page.keyboard.type(" and tls", { delay: 15 });
    await expect(combobox(page)).toHaveValue("reverse proxy and tls");
  });

  test("typing asks the server once the reader pauses, not once per key", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    const queries: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/search.json") queries.push(url.searchParams.get("q") ?? "");
    });
    await page.keyboard.press("Control+k");
    // Six keys 20 ms apart: well inside the 150 ms pause the dialog waits for.
    await combobox(page).pressSequentially("docker", { delay: 20 });
    await expect(options(page).first()).toBeVisible();
    // The answer shown is the last one asked for: typing is over, nothing more can be asked.
    await expect.poll(() => queries.at(-1)).toBe("docker");
    // Fewer questions than keys (a busy machine may stretch a gap past the pause once or twice).
    expect(queries.length, `asked for: ${queries.join(" | ")}`).toBeLessThan(6);
    expect(queries.at(-1)).toBe("docker");
  });

  test("its code is fetched only when it first opens", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/build/")) scripts.push(request.url());
    });
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    expect(scripts.filter((url) => url.includes("SearchDialog"))).toEqual([]);
    await page.keyboard.press("Control+k");
    await expect(combobox(page)).toBeFocused();
    expect(scripts.filter((url) => url.includes("SearchDialog"))).toHaveLength(1);
  });

  test("keyboard only: open, type, move, close with focus back, open and go", CORE, async ({ page }) => {
    // Two searches, two dialogs and a navigation, each waited for: more than 30 s on a busy machine.
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to main content" });
    await expect(skipLink).toBeFocused();

    await page.keyboard.press("Control+k");
    await expect(dialog(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.type("POST /v1/albums");
    await expect(options(page).first()).toBeVisible();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
    await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
    await expect(options(page).first()).toContainText("POST");
    await expect(options(page).first()).toContainText("/v1/albums");
    const firstId = await options(page).first().getAttribute("id");
    await expect(combobox(page)).toHaveAttribute("aria-activedescendant", firstId ?? "");

    await page.keyboard.press("ArrowDown");
    await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(options(page).first()).toHaveAttribute("aria-selected", "false");
    await expect(combobox(page)).toHaveAttribute(
      "aria-activedescendant",
      (await options(page).nth(1).getAttribute("id")) ?? "",
    );
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(options(page).last()).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("status").filter({ hasText: /results/ })).toHaveText(/\d+ results/);

    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(skipLink).toBeFocused();
    await expect(page).toHaveURL(/\/docs\/user-guide\/installation$/);

    await page.keyboard.press("/");
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.type("favourites");
    await expect(options(page).first()).toContainText("Library: favourites, hidden and trash");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/docs\/user-guide\/features\/library$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Library: favourites, hidden and trash");
    await expect(dialog(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("Enter with a section result goes to its heading; the dialog can also reach the full results page", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    // Typed at once, while the dialog's code is still being fetched: nothing is lost.
    await page.keyboard.press("/");
    await page.keyboard.type("reverse proxy");
    await expect(combobox(page)).toHaveValue("reverse proxy");
    await expect(options(page).first()).toContainText("Reverse proxy and TLS");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/docs\/user-guide\/deployment#reverse-proxy-and-tls$/);
    await expect(page.locator("#reverse-proxy-and-tls")).toBeInViewport();

    await page.keyboard.press("Control+k");
    await page.keyboard.type("backup");
    await dialog(page).getByRole("link", { name: "All results for “backup”" }).click();
    await expect(page).toHaveURL(/\/search\?q=backup$/);
    await expect(results(page)).not.toHaveCount(0);
  });

  test("Enter pressed in the same moment the results appear opens the first of them", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    await expect(combobox(page)).toBeFocused();
    // Enter goes in as soon as the first result is in the page, before anything else runs:
    // a reader's key can land there too, and must not find no result marked.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const field = document.querySelector<HTMLInputElement>("dialog[data-search-dialog] input");
        if (!field || !document.querySelector("dialog[data-search-dialog] [role=option]")) return;
        observer.disconnect();
        field.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await combobox(page).fill("reverse proxy");
    await expect(page).toHaveURL(/\/docs\/user-guide\/deployment#reverse-proxy-and-tls$/);
  });

  test("a typed '/' in a field stays in the field; ⌘K opens the dialog from it", async ({ page }) => {
    await page.goto("/search");
    await hydrated(page);
    const field = page.locator("#search-page-query");
    await field.fill("");
    await field.pressSequentially("/v1/");
    await expect(field).toHaveValue("/v1/");
    await expect(dialog(page)).toHaveCount(0);
    await page.keyboard.press("Meta+k");
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(field).toBeFocused();
  });

  test("opens from every kind of page, including the not-found page", async ({ page }) => {
    test.slow(); // six page loads, /api among them
    for (const path of ["/", "/docs/dev-guide/notes", "/api", "/markdown-page", "/search?q=albums", "/no-such-page"]) {
      await page.goto(path);
      // The key hint appears once the page has hydrated, with the shortcut's listener (error pages have no hydration marker).
      await expect(page.getByRole("banner").getByRole("button", { name: /Instant search/ })).toBeVisible();
      await page.keyboard.press("Control+k");
      await expect(combobox(page), path).toBeFocused();
      await page.keyboard.type("albums");
      await expect(options(page).first(), path).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog(page), path).toHaveCount(0);
    }
  });

  test("the navbar's key hint opens it with a click", async ({ page }) => {
    await page.goto("/docs/user-guide/configuration");
    await hydrated(page);
    const hint = page.getByRole("banner").getByRole("button", { name: /Instant search/ });
    await hint.click();
    await expect(combobox(page)).toBeFocused();
    await page.getByRole("button", { name: "Close search" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(hint).toBeFocused();
  });

  test.describe("on a 390 px phone, in dark mode", () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test("the navbar's search button opens a full-screen dialog; tapping a result opens it", async ({ page }) => {
      await page.goto("/docs/user-guide/introduction");
      await hydrated(page);
      await page.getByRole("button", { name: "Switch to dark mode" }).click();
      await expect(page.locator("html")).toHaveClass(/dark/);
      await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).tap();
      await expect(combobox(page)).toBeFocused();
      const box = await dialog(page).boundingBox();
      expect(box?.width).toBe(PHONE.width);
      await combobox(page).fill("face recognition");
      await expect(options(page).first()).toBeVisible();
      expect(await page.evaluate(() => document.querySelector("dialog")!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(page, "dialog[data-search-dialog]");
      const target = await options(page).first().getAttribute("id");
      expect(target).toBeTruthy();
      await options(page).first().tap();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page).not.toHaveURL(/\/docs\/user-guide\/introduction$/);
    });
  });
});

test.describe("accessibility (axe)", () => {
  // Each scan takes seconds on a busy machine, and these run several.
  test.slow();

  test("the results page, light and dark, and its empty and no-result states", async ({ page }) => {
    await page.goto("/search?q=favourites");
    await expect(results(page)).not.toHaveCount(0);
    await expectNoAxeViolations(page);
    await hydrated(page);
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNoAxeViolations(page);
    // The next pages come from the server: they are dark once the choice is saved.
    await expect
      .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "theme"))
      .toBe(true);
    await page.goto("/search");
    await expect(page.locator("html")).toHaveClass("dark");
    await expectNoAxeViolations(page);
    await page.goto("/search?q=qwxzvbnm");
    await expectNoAxeViolations(page);
    await page.goto("/search?q=server&page=2");
    await expect(page.getByRole("navigation", { name: "Pages of results" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the open dialog with results, in light and dark", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await hydrated(page);
    for (const theme of ["light", "dark"]) {
      if (theme === "dark") {
        await page.getByRole("button", { name: "Switch to dark mode" }).click();
        await expect(page.locator("html")).toHaveClass(/dark/);
      }
      await page.keyboard.press("Control+k");
      // The dialog's code loads when it is first opened: check it once it is there.
      await expect(page.locator("dialog[data-search-dialog]")).toBeVisible();
      await expectNoAxeViolations(page, "dialog[data-search-dialog]");
      await page.keyboard.type("POST /v1/albums");
      await expect(options(page).first()).toBeVisible();
      await page.keyboard.press("ArrowDown");
      await expectNoAxeViolations(page, "dialog[data-search-dialog]");
      await page.keyboard.press("Escape");
    }
  });
});

test("the JSON route: results, a validator, and 304 on revalidation", async ({ request }) => {
  const first = await request.get("/search.json?q=favourites");
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toContain("application/json");
  const body = (await first.json()) as { query: string; total: number; hits: { url: string }[] };
  expect(body.query).toBe("favourites");
  expect(body.hits[0]?.url).toBe("/docs/user-guide/features/library");
  expect(body.hits.length).toBeLessThanOrEqual(8);
  const etag = first.headers()["etag"];
  expect(etag).toBeTruthy();
  const again = await request.get("/search.json?q=favourites", { headers: { "If-None-Match": etag ?? "" } });
  expect(again.status()).toBe(304);
  const empty = await request.get("/search.json");
  expect(await empty.json()).toMatchObject({
    query: "",
    truncated: false,
    total: 0,
    hits: [],
    scope: { version: "24.05.08", all: false },
  });
});
