import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { SERVERS } from "../../playwright.config";

export { SERVERS };

export const origin = (server: keyof typeof SERVERS = "main") => `http://127.0.0.1:${SERVERS[server]}`;

/** Every page of the route table, with the title its h1 (and <title>) carries. */
export const DOC_PAGES: Record<string, string> = {
  "/docs/user-guide/introduction": "Introduction",
  "/docs/user-guide/installation": "Installation",
  "/docs/user-guide/first-login": "First login",
  "/docs/user-guide/configuration": "Configuration",
  "/docs/user-guide/deployment": "Deployment",
  "/docs/user-guide/docker-swarm": "Running on a Swarm",
  "/docs/user-guide/documentation-site": "Hosting these docs",
  "/docs/user-guide/backups-and-upgrades": "Backups and upgrades",
  "/docs/user-guide/features/albums": "Albums and sharing",
  "/docs/user-guide/features/explore": "Explore",
  "/docs/user-guide/features/library": "Library: favourites, hidden and trash",
  "/docs/user-guide/features/metadata": "Metadata, previews and formats",
  "/docs/user-guide/features/media-items": "Uploading and reading media items",
  "/docs/user-guide/features/people": "People",
  "/docs/user-guide/features/places": "Places",
  "/docs/user-guide/features/search": "Search",
  "/docs/user-guide/features/things": "Things",
  "/docs/user-guide/features/users": "Users, login and features",
  "/docs/dev-guide/introduction": "Introduction",
  "/docs/dev-guide/contribution": "Contribution",
  "/docs/dev-guide/writing-documentation": "Writing documentation",
  "/docs/dev-guide/environment": "Environment",
  "/docs/dev-guide/design-document": "Design document",
  "/docs/dev-guide/folder-structure": "Folder structure",
  "/docs/dev-guide/notes": "Notes",
  "/docs/dev-guide/roadmap": "Roadmap",
};

/** A page context with JavaScript switched off, as a reader with scripts disabled. */
export async function withoutJavaScript(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ javaScriptEnabled: false, ...options });
  return { context, page: await context.newPage() };
}

/** Waits until React has hydrated the page (root.tsx marks the body), so clicks reach its handlers. */
export async function hydrated(page: Page) {
  await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
}

/** Collects console errors and uncaught exceptions; assert it is empty at the end of a test. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

export async function expectTitleFromH1(page: Page, brand = "Smriti") {
  const h1 = page.locator("h1");
  await expect(h1).toHaveCount(1);
  await expect(h1).toBeVisible();
  await expect(page).toHaveTitle(`${(await h1.innerText()).trim()} | ${brand}`);
}

/**
 * axe over the page, run inside it ("legacy mode"): the default mode opens a blank page per run to
 * merge frame results, which took 40 % of each run here, and the site has no cross-origin frames,
 * the one case that mode exists for. Passing and incomplete rules keep one example node each
 * (`resultTypes`), which took another third off on the API pages; violations keep every node.
 */
export function axeOf(page: Page) {
  return new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"] })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
}

/**
 * Marks a browser test for the default run (`npm test`): one or two per capability, chosen so the
 * run stays within five minutes on two cores. Every test, marked or not, runs in `npm run test:all`
 * (CI). See docs/decisions/032-test-tiers.md.
 */
export const CORE = { tag: "@core" };
