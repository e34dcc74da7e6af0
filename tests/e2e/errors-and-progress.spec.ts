import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { PROGRESS_DELAY_MS } from "../../app/components/layout/ProgressBar";
import { CORE, collectErrors, hydrated, SERVERS } from "./helpers";

const ROADMAP_DATA = "**/docs/dev-guide/roadmap?_data=*";

test("a render crash shows 'This page crashed.' and Try again renders the page", CORE, async ({ page }) => {
  await page.goto("/docs/dev-guide/notes");
  await hydrated(page);
  // Data the page cannot render (no navigation, no page) makes its component throw.
  await page.route(ROADMAP_DATA, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", headers: { "X-Remix-Response": "yes" }, body: "{}" }),
  );
  await page.getByRole("navigation", { name: "Docs", exact: true }).getByRole("link", { name: "Roadmap" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "This page crashed." })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();

  await page.unroute(ROADMAP_DATA);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roadmap" })).toBeVisible();
});

test("a loader that cannot be reached shows a message with Retry, which loads the page", async ({ page }) => {
  await page.goto("/docs/dev-guide/notes");
  await hydrated(page);
  await page.route(ROADMAP_DATA, (route) => route.abort("failed"));
  await page.getByRole("navigation", { name: "Docs", exact: true }).getByRole("link", { name: "Roadmap" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We could not load this page." })).toBeVisible();

  await page.unroute(ROADMAP_DATA);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roadmap" })).toBeVisible();
});

test("a loader that fails on the server shows the same message", async ({ page }) => {
  await page.goto("/docs/dev-guide/notes");
  await hydrated(page);
  // What the server sends when a loader fails (app/lib/load.server.ts): a 503 the client treats as thrown.
  await page.route(ROADMAP_DATA, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      headers: { "X-Remix-Catch": "yes" },
      body: '{"message":"down"}',
    }),
  );
  await page.getByRole("navigation", { name: "Docs", exact: true }).getByRole("link", { name: "Roadmap" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We could not load this page." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
});

test.describe("the not-found page inside the app (its code loads when it is shown)", () => {
  const STATUS_PAGES = /\/build\/_shared\/StatusPages-[A-Z0-9]+\.js$/;

  test("a link to a missing page shows it without reloading, and its search box works", async ({ page }) => {
    const statusCode: string[] = [];
    page.on("request", (req) => {
      if (STATUS_PAGES.test(req.url())) statusCode.push(req.url());
    });
    await page.goto("/docs/dev-guide/notes");
    await hydrated(page);
    expect(statusCode, "not loaded with the page").toEqual([]);
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate: (to: string) => void } }).__remixRouter.navigate(
        "/docs/dev-guide/nowhere",
      ),
    );
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found | Smriti");
    expect(await page.evaluate(() => "stillTheSameDocument" in window)).toBe(true);
    expect(statusCode).toHaveLength(1);

    const search = page.getByRole("main").getByRole("searchbox");
    await search.fill("albums");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=albums/);
    await expect(page.getByRole("main").getByRole("searchbox")).toHaveValue("albums");
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /Albums/ })
        .first(),
    ).toBeVisible();
  });

  test("a 404 document hydrates once that code arrives, and keeps what the reader typed meanwhile", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(STATUS_PAGES, async (route) => {
      await held;
      await route.continue();
    });
    const response = await page.goto("/nothing-here");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    const search = page.getByRole("main").getByRole("searchbox");
    await search.fill("people");
    release();
    await page.waitForResponse(STATUS_PAGES);
    await expect(search).toHaveValue("people");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=people/);
    // The document's own 404 is logged by the browser; anything else would be a hydration error.
    expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  });

  test("if that code cannot be fetched, the reader gets the retry page instead of a blank one", async ({ page }) => {
    await page.goto("/docs/dev-guide/notes");
    await hydrated(page);
    await page.route(STATUS_PAGES, (route) => route.abort("failed"));
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate: (to: string) => void } }).__remixRouter.navigate(
        "/docs/dev-guide/nowhere",
      ),
    );
    await expect(page.getByRole("heading", { level: 1, name: "We could not load this page." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  });
});

test("a route module that fails to load reloads the page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  let blocked = 0;
  await page.route(/\/build\/routes\/docs\.\$-[A-Z0-9]+\.js$/, (route) => {
    blocked += 1;
    return blocked === 1 ? route.abort("failed") : route.continue();
  });
  const documentRequests: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "document") documentRequests.push(req.url());
  });
  await page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Docs" }).click();
  await expect.poll(() => documentRequests.length).toBeGreaterThan(0);
  await expect(page.locator("h1")).toBeVisible();
  expect(blocked).toBeGreaterThan(0);
});

// The page's clock is paused (Playwright's fake timers), so "slow" and "fast" are decided by the
// test, not by how busy the machine is: time moves only when the test runs it forward.
test.describe("the route-change progress bar", () => {
  test(`shows when a change takes longer than ${PROGRESS_DELAY_MS} ms, and goes away after`, async ({ page }) => {
    await page.clock.install();
    await page.goto("/docs/dev-guide/notes");
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(ROADMAP_DATA, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Docs", exact: true }).getByRole("link", { name: "Roadmap" }).click();
    await expect(page.getByTestId("route-progress")).toHaveCount(0);
    await page.clock.runFor(PROGRESS_DELAY_MS + 50);
    await expect(page.getByTestId("route-progress")).toBeVisible();
    release();
    await expect(page.locator("h1")).toHaveText("Roadmap");
    await expect(page.getByTestId("route-progress")).toHaveCount(0);
  });

  test("never appears for a change that ends before the delay", async ({ page }) => {
    await page.clock.install();
    await page.goto("/docs/dev-guide/notes");
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.evaluate(() => {
      const w = window as unknown as { progressSeen: boolean };
      w.progressSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="route-progress"]')) w.progressSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("navigation", { name: "Docs", exact: true }).getByRole("link", { name: "Roadmap" }).click();
    await expect(page.locator("h1")).toHaveText("Roadmap");
    // The change is over with no page time gone by; well past the delay, the bar must not come.
    await page.clock.runFor(PROGRESS_DELAY_MS * 5);
    expect(await page.evaluate(() => (window as unknown as { progressSeen: boolean }).progressSeen)).toBe(false);
  });
});

test.describe("served under the wrong base path", () => {
  let proxy: Server;
  let proxyOrigin: string;

  // A reverse proxy that publishes the site under /photos-docs/ without telling it.
  test.beforeAll(async () => {
    proxy = createServer((req, res) => {
      const url = req.url ?? "/";
      if (!url.startsWith("/photos-docs/")) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      const upstream = httpRequest(
        {
          host: "127.0.0.1",
          port: SERVERS.main,
          path: url.slice("/photos-docs".length),
          method: req.method,
          headers: { ...req.headers, host: `127.0.0.1:${SERVERS.main}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  test("a banner says the site did not load properly, where it was opened, and that it works at a host's root only", async ({
    page,
  }) => {
    await page.goto(`${proxyOrigin}/photos-docs/docs/user-guide/installation`);
    const banner = page.getByRole("alert").filter({ hasText: "did not load properly" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("It is opened under \u201c/photos-docs/\u201d here");
    await expect(banner).toContainText("publish it at the root of a host name of its own");
    // No setting moves the site under a path (the start refuses SITE_BASE_PATH other than "/"): none is suggested.
    await expect(banner).not.toContainText("SITE_BASE_PATH");
  });

  test("served at the right path, the banner stays hidden", async ({ page }) => {
    await page.goto("/docs/user-guide/installation");
    await expect(page.getByText("did not load properly")).toBeHidden();
  });
});
