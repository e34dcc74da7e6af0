import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./helpers";

/**
 * Where am I: the current page's sidebar entry is in view on arrival, on a
 * laptop and in a phone's menu, and the sidebar keeps its scroll position
 * across client-side navigation (app/lib/sidebar-position.ts).
 */

/** Whether the current entry lies wholly inside the sidebar's visible box and the window. */
const currentEntryInView = (page: Page) =>
  page.locator('.docs-sidebar [aria-current="page"]').evaluate((link) => {
    const entry = link.getBoundingClientRect();
    let box: HTMLElement | null = link.parentElement;
    while (box && !(getComputedStyle(box).overflowY === "auto" && box.scrollHeight > box.clientHeight))
      box = box.parentElement;
    const outer = box?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
    return (
      entry.height > 0 &&
      entry.top >= Math.max(outer.top, 0) &&
      entry.bottom <= Math.min(outer.bottom, window.innerHeight)
    );
  });

/** The last page of each sidebar category of a version, read from the sidebar itself. */
async function lastPagesOfCategories(page: Page, start: string): Promise<string[]> {
  await page.goto(start);
  return page
    .locator(".docs-sidebar details")
    .evaluateAll((categories) =>
      categories.map(
        (details) => [...details.querySelectorAll(":scope > ul > li > a")].at(-1)?.getAttribute("href") ?? "",
      ),
    );
}

for (const start of ["/docs/user-guide/introduction", "/docs/next/user-guide/introduction"]) {
  test(`the current entry is in view on arrival on the last page of each category (${start.split("/")[2]})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const laptop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pages = (await lastPagesOfCategories(laptop, start)).filter(Boolean);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of pages) {
      await laptop.goto(path);
      expect(await currentEntryInView(laptop), `${path} at 1280 x 800`).toBe(true);
      await phone.goto(path);
      await phone.locator("summary[aria-label='Menu']").click();
      await expect.poll(() => currentEntryInView(phone), `${path} in the phone menu`).toBe(true);
    }
    await laptop.close();
    await phone.close();
  });
}

test("the sidebar keeps its scroll position across client-side navigation", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/docs/dev-guide/roadmap");
  await hydrated(page);
  const box = page.locator(".docs-sidebar > div");
  const arrival = await box.evaluate((el) => el.scrollTop);
  expect(arrival, "scrolled to the current entry on arrival").toBeGreaterThan(0);
  // The reader scrolls the sidebar a little and picks a page in view there.
  await box.evaluate((el) => (el.scrollTop -= 120));
  const before = await box.evaluate((el) => el.scrollTop);
  const target = page.locator(".docs-sidebar a:not([aria-current])").filter({ hasText: /\S/ });
  const inView = await target.evaluateAll((links, top) => {
    const outer = links[0]!.closest(".docs-sidebar > div")!.getBoundingClientRect();
    const link = links.find((el) => {
      const r = el.getBoundingClientRect();
      return r.top > outer.top + 20 && r.bottom < outer.bottom - 20;
    });
    return link?.getAttribute("href") ?? String(top);
  }, before);
  await page.locator(`.docs-sidebar a[href="${inView}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${inView}$`));
  await expect(page.locator(`.docs-sidebar a[href="${inView}"]`)).toHaveAttribute("aria-current", "page");
  expect(await box.evaluate((el) => el.scrollTop)).toBe(before);
});
