import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { CORE, axeOf, collectErrors, hydrated, withoutJavaScript } from "./helpers";

// The authoring features as a reader meets them on /markdown-page, the page
// that shows every syntax feature: highlighted code in both themes, the copy
// button, admonitions and heading anchors.

const PAGE = "/markdown-page";
const SOURCE = readFileSync(join(import.meta.dirname, "../../content/pages/markdown-page.mdx"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
// @axe-core/playwright is typed against another copy of playwright-core than @playwright/test; the page object is the same.

interface FencedBlock {
  info: string;
  code: string;
}

/** The page's fenced code blocks that start at the margin, exactly as written in the source. */
function fencedBlocks(source: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let open: { fence: string; info: string; lines: string[] } | null = null;
  for (const line of source.split("\n")) {
    const fence = line.match(/^(`{3,}|~{3,})(.*)$/);
    if (!open) {
      if (fence) open = { fence: fence[1]!, info: fence[2]!.trim(), lines: [] };
      continue;
    }
    if (fence && fence[1]![0] === open.fence[0] && fence[1]!.length >= open.fence.length && !fence[2]!.trim()) {
      blocks.push({ info: open.info, code: open.lines.join("\n") });
      open = null;
    } else {
      open.lines.push(line);
    }
  }
  return blocks;
}

function block(predicate: (block: FencedBlock) => boolean, what: string): FencedBlock {
  const found = fencedBlocks(SOURCE).find(predicate);
  if (!found) throw new Error(`content/pages/markdown-page.mdx has no ${what}`);
  return found;
}

const hexToRgb = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
};

async function switchTheme(page: Page, to: "dark" | "light") {
  await hydrated(page);
  // The page changes at once; the cookie a reload depends on comes with the answer to the post.
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith("/settings/theme") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: `Switch to ${to} mode` }).click();
  await expect(page.locator("html")).toHaveClass(to);
  await saved;
}

/** Presses Tab until `target` has focus; fails if it never gets there. */
async function tabTo(page: Page, target: Locator, maxPresses = 20) {
  for (let i = 0; i < maxPresses; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`not reached with ${maxPresses} presses of Tab`);
}

test.describe("highlighted code", () => {
  test("token colours follow the site theme, from the colours Shiki chose at build time", async ({ page }) => {
    await page.goto(PAGE);
    // The first token whose light and dark colours differ.
    const tokens = page.locator('figure.code-block code span[style*="--l:"]');
    const index = await tokens.evaluateAll((spans) =>
      spans.findIndex(
        (span) => span.style.getPropertyValue("--l").toLowerCase() !== span.style.getPropertyValue("--d").toLowerCase(),
      ),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const token = tokens.nth(index);
    await expect(token).toBeVisible();
    const style = (await token.getAttribute("style")) ?? "";
    const light = style.match(/--l:(#[0-9A-Fa-f]{6})/)![1]!;
    const dark = style.match(/--d:(#[0-9A-Fa-f]{6})/)![1]!;
    expect(light.toLowerCase()).not.toBe(dark.toLowerCase());
    const colour = () => token.evaluate((element) => getComputedStyle(element).color);

    expect(await colour()).toBe(hexToRgb(light));
    await switchTheme(page, "dark");
    expect(await colour()).toBe(hexToRgb(dark));
    // The server renders the dark page for this reader from the start.
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    expect(await colour()).toBe(hexToRgb(dark));
    await switchTheme(page, "light");
    expect(await colour()).toBe(hexToRgb(light));
  });

  test("no highlighting code is shipped to the browser", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto(PAGE);
    await hydrated(page);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      expect(body, url).not.toMatch(/shiki|tmLanguage/i);
    }
  });

  test("title, highlighted lines and line numbers show; the numbers are not part of the text", async ({ page }) => {
    await page.goto(PAGE);
    const figure = page
      .locator("figure.code-block")
      .filter({ has: page.locator("code[data-line-numbers]") })
      .first();
    await expect(figure.locator("figcaption")).toHaveText("docker-compose.override.yaml");
    await expect(figure.locator("[data-highlighted-line]")).toHaveCount(2);
    // Numbers are drawn by a CSS counter, so they are never part of the code's text.
    const number = await figure
      .locator("[data-line]")
      .nth(2)
      .evaluate((line) => getComputedStyle(line, "::before").content);
    expect(number).toBe("counter(line)");
    expect(await figure.locator("code").textContent()).not.toMatch(/\d\s*services/);
  });
});

test.describe("the copy button", () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  test(
    "copies exactly the source of a block with line numbers, reached with Tab and pressed with Enter",
    CORE,
    async ({ page }) => {
      const errors = collectErrors(page);
      const expected = block(
        (b) => /^yaml\b/.test(b.info) && b.info.includes("showLineNumbers"),
        "yaml block with showLineNumbers",
      );
      await page.goto(PAGE);
      await hydrated(page);
      const figure = page
        .locator("figure.code-block")
        .filter({ has: page.locator("code[data-line-numbers]") })
        .first();
      const button = figure.getByRole("button", { name: "Copy code to clipboard" });
      await expect(button).toBeVisible();

      // Start from the section's heading anchor and walk forward with the keyboard.
      await page.locator('a.heading-anchor[href="#code-blocks"]').focus();
      await tabTo(page, button);
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");

      await expect(page.locator("#live-status")).toHaveText(/Copied/);
      await expect(button).toHaveText("Copied");
      expect(await clipboard(page)).toBe(expected.code);
      await expect(button).toHaveText("Copy", { timeout: 5000 });
      expect(errors).toEqual([]);
    },
  );

  test("keeps empty lines of a block and copies no more than the block", async ({ page }) => {
    const expected = block((b) => b.code.includes("\n\n") && !b.code.includes("```"), "block with an empty line");
    const firstLine = expected.code.split("\n")[0]!;
    await page.goto(PAGE);
    await hydrated(page);
    const figure = page.locator("figure.code-block").filter({ hasText: firstLine }).first();
    await figure.getByRole("button", { name: "Copy code to clipboard" }).click();
    await expect(page.locator("#live-status")).toHaveText(/Copied/);
    const copied = await clipboard(page);
    expect(copied).toBe(expected.code);
    expect(copied).toContain("\n\n");
  });

  test("copying again announces again", async ({ page }) => {
    await page.goto(PAGE);
    await hydrated(page);
    const buttons = page.getByRole("button", { name: "Copy code to clipboard" });
    await buttons.nth(0).click();
    await expect(page.locator("#live-status")).toHaveText(/Copied/);
    // A screen reader announces a change of the region's text: it is emptied, then filled again.
    await page.evaluate(() => {
      const region = document.getElementById("live-status")!;
      const seen: string[] = [];
      (window as unknown as { liveTexts: string[] }).liveTexts = seen;
      new MutationObserver(() => seen.push(region.textContent ?? "")).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await buttons.nth(1).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { liveTexts: string[] }).liveTexts))
      .toEqual(["", "Copied to clipboard"]);
  });

  test("without JavaScript there is no dead button, and the code can still be selected", async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto(PAGE);
    const figures = page.locator("figure.code-block");
    expect(await figures.count()).toBeGreaterThan(5);
    await expect(page.getByRole("button", { name: "Copy code to clipboard" })).toHaveCount(0);
    await expect(figures.first().locator("pre")).toBeVisible();
    await context.close();
  });
});

test.describe("admonitions", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`are visible, labelled and pass axe in the ${theme} theme`, async ({ page }) => {
      await page.goto(PAGE);
      if (theme === "dark") await switchTheme(page, "dark");
      const asides = page.locator("aside.admonition");
      expect(await asides.count()).toBeGreaterThanOrEqual(10);
      for (const type of ["note", "tip", "info", "warning", "danger"]) {
        const aside = page.locator(`aside.admonition-${type}`).first();
        await expect(aside).toBeVisible();
        await expect(aside).toHaveAttribute("role", "note");
        await expect(aside.locator(".admonition-icon svg")).toBeVisible();
      }
      await expect(page.getByRole("note", { name: "Warning: Change the default password" })).toBeVisible();

      // The aside's background belongs to the theme: dark in dark mode, light in light mode.
      const background = await asides.first().evaluate((element) => getComputedStyle(element).backgroundColor);
      const [r = 0, g = 0, b = 0] = background.match(/\d+(\.\d+)?/g)!.map(Number);
      const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      if (theme === "dark") expect(luminance).toBeLessThan(0.25);
      else expect(luminance).toBeGreaterThan(0.8);

      const results = await axeOf(page).include(".admonition").withTags(WCAG).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
      expect(results.passes.some((rule) => rule.id === "color-contrast")).toBe(true);
    });
  }

  test("nest lists and code blocks", async ({ page }) => {
    await page.goto(PAGE);
    const tip = page.getByRole("note", { name: "Tip: Run one component from source" });
    await expect(tip.locator("ol > li")).toHaveCount(3);
    await expect(tip.locator("figure.code-block")).toContainText("docker compose up -d database cache storage");
  });
});

test.describe("heading anchors", () => {
  test("show on hover and on keyboard focus, and lead to the heading's id", async ({ page }) => {
    await page.goto(PAGE);
    const heading = page.locator("h3#custom-heading");
    await expect(heading).toHaveText("A heading with a custom id");
    const anchor = page.locator('a.heading-anchor[href="#custom-heading"]');
    const opacity = () => anchor.evaluate((element) => Number(getComputedStyle(element).opacity));
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe(0);
    await heading.hover();
    await expect.poll(opacity).toBe(1);

    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe(0);
    await page.locator('a.heading-anchor[href="#headings"]').focus();
    await tabTo(page, anchor);
    await expect.poll(opacity).toBe(1);
    await expect(anchor).toHaveAccessibleName("Link to this section: A heading with a custom id");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#custom-heading$/);
  });
});
