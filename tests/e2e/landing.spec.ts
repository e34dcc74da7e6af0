import { readFileSync } from "node:fs";
import { get } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { CORE, axeOf, collectErrors, DOC_PAGES, hydrated, origin, withoutJavaScript } from "./helpers";

const INSTALLATION = "/docs/user-guide/installation";

/** Each feature of the issue, the name of its card's link and the user-guide page it must lead to. */
const FEATURES: [name: string, href: string][] = [
  ["Albums", "/docs/user-guide/features/albums"],
  ["Explore", "/docs/user-guide/features/explore"],
  ["People and faces", "/docs/user-guide/features/people"],
  ["Places", "/docs/user-guide/features/places"],
  ["Things", "/docs/user-guide/features/things"],
  ["Search by text and meaning", "/docs/user-guide/features/search"],
  ["Metadata", "/docs/user-guide/features/metadata"],
  ["Favourites, hidden and trash", "/docs/user-guide/features/library"],
  ["Sharing", "/docs/user-guide/features/albums#sharing-an-album"],
];

/** The quick start: the installation guide's first commands, up to (not including) the first start. */
const COMMANDS = [
  "git clone https://github.com/prabhuomkar/smriti.git",
  "cd smriti",
  "git checkout 24.05.08",
  "curl -fL -o models.zip https://github.com/prabhuomkar/smriti/releases/download/24.05.08/models.zip",
  "mkdir -p models",
  "python3 -m zipfile -e models.zip models/",
];

const SECTIONS = ["What it does", "Why host it yourself", "Architecture at a glance", "Quick start", "Project status"];

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function switchToDark(page: Page) {
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  // The choice is saved in a cookie by a request of its own: wait for it before reloading.
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "theme")).toBe(true);
}

test(
  "the hero names the product and its tagline, and both calls to action lead to the right pages",
  CORE,
  async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto("/");
    await expect(page).toHaveTitle("Smarter Home for all your Photos and Videos | Smriti");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Smriti");
    await expect(page.getByText("Smarter Home for all your Photos and Videos", { exact: true })).toBeVisible();
    await expect(page.getByText("REST API and worker, no app yet")).toBeVisible();

    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL(`${origin()}${INSTALLATION}`);
    await expect(page.locator("h1")).toHaveText("Installation");

    await page.goBack();
    await expect(page.locator("h1")).toHaveText("Smriti");
    await main.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(`${origin()}/api`);
    await expect(page.locator("h1")).toBeVisible();
    expect(errors).toEqual([]);
  },
);

test("every feature links to its page in the user guide, and those pages exist", async ({ page }) => {
  await page.goto("/");
  const features = section(page, "What it does");
  await expect(features.getByRole("listitem")).toHaveCount(FEATURES.length);
  for (const [name, href] of FEATURES) {
    await expect(features.getByRole("link", { name, exact: true }), name).toHaveAttribute("href", href);
  }

  for (const [name, href] of FEATURES) {
    const [path = "", anchor] = href.split("#");
    const response = await page.goto(href);
    expect(response?.status(), name).toBe(200);
    await expect(page.locator("h1"), name).toHaveText(DOC_PAGES[path] ?? "a page of the route table");
    if (anchor) await expect(page.locator(`[id="${anchor}"]`), name).toHaveCount(1);
  }
});

test("a click on a feature card opens its page", CORE, async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await section(page, "What it does").getByRole("link", { name: "People and faces" }).click();
  await expect(page).toHaveURL(`${origin()}/docs/user-guide/features/people`);
  await expect(page.locator("h1")).toHaveText("People");
});

test("the quick-start commands are the installation guide's, in its order", CORE, () => {
  const guide = readFileSync(new URL("../../content/docs/user-guide/installation.mdx", import.meta.url), "utf8");
  const bashLines = [...guide.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((block) => (block[1] ?? "").split("\n"));
  const positions = COMMANDS.map((command) => bashLines.indexOf(command));
  for (const [i, command] of COMMANDS.entries()) expect(positions[i], command).toBeGreaterThanOrEqual(0);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  // The guide starts the server only after the passwords are changed: the snippet must stop before that.
  expect(COMMANDS).not.toContain("docker compose up -d");
  expect(COMMANDS.some((command) => command.includes("setup-models"))).toBe(false);
});

test("the snippet's copy button copies exactly the commands", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() });
  const errors = collectErrors(page);
  await page.goto("/");
  const quickStart = section(page, "Quick start");
  await expect(quickStart.locator("pre")).toHaveText(COMMANDS.join("\n"));
  await hydrated(page);
  const copy = quickStart.getByRole("button", { name: "Copy code to clipboard" });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(COMMANDS.join("\n"));
  await expect(page.getByRole("status")).toHaveText("Copied to clipboard");
  await expect(copy).toHaveText("Copy", { timeout: 4000 });
  expect(errors).toEqual([]);
});

test("the docs' copy buttons still copy, through the same shared code", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() });
  await page.goto(INSTALLATION);
  await hydrated(page);
  const copy = page.getByRole("button", { name: "Copy code to clipboard" }).first();
  await copy.click();
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(COMMANDS.slice(0, 3).join("\n"));
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const theme of ["light", "dark"] as const) {
    test(`the page does not scroll sideways (${theme})`, async ({ page }) => {
      await page.goto("/");
      if (theme === "dark") await switchToDark(page);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      // The long curl line scrolls inside its own block instead.
      const pre = section(page, "Quick start").locator("pre");
      expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // The architecture is drawn in its tall layout.
      const diagrams = section(page, "Architecture at a glance").getByRole("img");
      await expect(diagrams).toHaveCount(1);
      expect((await diagrams.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
    });
  }
});

test("it renders in dark mode, kept by the server on reload", async ({ page }) => {
  await page.goto("/");
  await switchToDark(page);
  await page.reload();
  await expect(page.locator("html")).toHaveClass("dark");
  const colours = await page.evaluate(() => ({
    background: getComputedStyle(document.documentElement).backgroundColor,
    heading: getComputedStyle(document.querySelector("h1") as Element).color,
  }));
  expect(colours).toEqual({ background: "rgb(0, 0, 0)", heading: "rgb(255, 255, 255)" });
  for (const name of SECTIONS) await expect(section(page, name).getByRole("heading", { level: 2 })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`no accessibility violations, contrast included, and headings in order (${theme})`, async ({ page }) => {
    await page.goto("/");
    if (theme === "dark") {
      await switchToDark(page);
      await page.reload();
      await expect(page.locator("html")).toHaveClass("dark");
    }
    const results = await axeOf(page).include("main").withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
      ),
    ).toEqual([]);

    const levels = await page
      .locator("main :is(h1, h2, h3, h4)")
      .evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] ?? 0).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(SECTIONS);
  });
}

test("keyboard focus is visible on the calls to action and the feature links", async ({ page }) => {
  await page.goto("/");
  const getStarted = page.getByRole("main").getByRole("link", { name: "Get started" });
  await getStarted.focus();
  await page.keyboard.press("Tab");
  const apiReference = page.getByRole("main").getByRole("link", { name: "API reference" });
  await expect(apiReference).toBeFocused();
  expect(await apiReference.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
  const albums = section(page, "What it does").getByRole("link", { name: "Albums" });
  await albums.focus();
  expect(await albums.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
});

test("without JavaScript everything is readable and linked", async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser);
  await page.goto("/");
  await expect(page.locator("h1")).toHaveText("Smriti");
  for (const name of SECTIONS) await expect(section(page, name).getByRole("heading", { level: 2 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Get started" })).toHaveAttribute("href", INSTALLATION);
  await expect(main.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api");
  for (const [name, href] of FEATURES) {
    await expect(section(page, "What it does").getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  const quickStart = section(page, "Quick start");
  await expect(quickStart.locator("pre")).toHaveText(COMMANDS.join("\n"));
  await expect(quickStart.locator("pre")).toBeVisible();
  // Copying needs JavaScript, so the button stays hidden rather than doing nothing.
  await expect(quickStart.getByRole("button", { name: "Copy code to clipboard" })).toBeHidden();
  await expect(section(page, "Architecture at a glance").getByRole("img")).toBeVisible();
  await expect(section(page, "Architecture at a glance").getByRole("img")).toHaveAccessibleName(
    /^Architecture: clients, API server, worker/,
  );

  await main.getByRole("link", { name: "Get started" }).click();
  await expect(page).toHaveURL(`${origin()}${INSTALLATION}`);
  await expect(page.locator("h1")).toHaveText("Installation");
  await context.close();
});

test("the first visit's HTML stays under 15 KB gzipped", CORE, async () => {
  const bytes = await new Promise<number>((resolve, reject) => {
    get(`${origin()}/`, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
      expect(response.headers["content-encoding"]).toBe("gzip");
      let total = 0;
      response.on("data", (chunk: Buffer) => (total += chunk.length));
      response.on("end", () => resolve(total));
    }).on("error", reject);
  });
  expect(bytes).toBeLessThan(15 * 1024);
});
