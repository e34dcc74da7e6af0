import { expect, test } from "@playwright/test";
import { CORE, hydrated, origin, withoutJavaScript } from "./helpers";
import { EXTRA_PORTS } from "./support/ports";
import { startProductionServer } from "./support/server";

test.use({ colorScheme: "dark" });

test("light by default even when the system prefers dark", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await expect(page.locator("html")).toHaveClass("light");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
    "rgb(255, 255, 255)",
  );
});

test("the toggle switches to dark, and a reload keeps dark in the server's HTML", async ({ page }) => {
  await page.goto("/docs/user-guide/installation");
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe("rgb(0, 0, 0)");
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "theme")).toBe(true);

  // The raw HTML the server sends for this reader already says dark: no flash of light on load.
  const raw = await (await page.request.get("/docs/user-guide/installation")).text();
  expect(raw).toContain('<html lang="en" class="dark">');
  const response = await page.reload();
  expect(await response?.text()).toContain('<html lang="en" class="dark">');
  await expect(page.locator("html")).toHaveClass("dark");

  await hydrated(page);
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(page.locator("html")).toHaveClass("light");
  await page.reload();
  await expect(page.locator("html")).toHaveClass("light");
});

test("the toggle works without JavaScript and comes back to the same page", CORE, async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser, { colorScheme: "dark" });
  // A tracking parameter is not part of the page: the form returns to the page's own address.
  await page.goto("/docs/user-guide/configuration?utm_source=test");
  await expect(page.locator("html")).toHaveClass("light");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page).toHaveURL(/\/docs\/user-guide\/configuration$/);
  await expect(page.locator("html")).toHaveClass("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass("dark");

  // A query the page reads is kept.
  await page.goto("/search?q=docker&utm_source=test");
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(page).toHaveURL(/\/search\?q=docker$/);
  await expect(page.locator("html")).toHaveClass("light");

  // The not-found page is one stored page for every address: the server returns to the page the form came from.
  await page.goto("/no-such-page-for-the-theme");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page).toHaveURL(/\/no-such-page-for-the-theme$/);
  await expect(page.locator("html")).toHaveClass("dark");
  await context.close();
});

test("a reload right after the toggle keeps the choice, every time", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/docs/user-guide/installation");
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const [from, to] = attempt % 2 === 1 ? ["light", "dark"] : ["dark", "light"];
    await hydrated(page);
    await expect(page.locator("html")).toHaveClass(from);
    await page.getByRole("button", { name: `Switch to ${to} mode` }).click();
    // No wait for the background request: the reload starts at once.
    const response = await page.reload();
    expect(await response?.text(), `attempt ${attempt}: the server's HTML`).toContain(`<html lang="en" class="${to}">`);
    await expect(page.locator("html"), `attempt ${attempt}`).toHaveClass(to);
  }
});

test("the cookie holds only the theme, readable by any server: no secret involved", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  const cookie = (await page.context().cookies()).find((c) => c.name === "theme")!;
  expect(cookie.path).toBe("/");
  expect(cookie.sameSite).toBe("Lax");
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(300 * 24 * 3600);
});

test("a server restarted without any secret still reads the reader's dark cookie", async ({ browser }) => {
  test.setTimeout(90_000);
  const port = EXTRA_PORTS.themeRestart;
  let server = await startProductionServer(port);
  const context = await browser.newContext({ colorScheme: "light" });
  try {
    const page = await context.newPage();
    // Chosen without JavaScript's help: the server's own Set-Cookie.
    const chosen = await page.request.post(`${server.origin}/settings/theme`, {
      form: { theme: "dark", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(303);
    expect(chosen.headers()["set-cookie"]).toMatch(/^theme=dark; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    await server.stop();

    // A new process: what a restart, a deploy or another replica is.
    server = await startProductionServer(port);
    await page.goto(`${server.origin}/docs/user-guide/installation`);
    await expect(page.locator("html")).toHaveClass("dark");
    expect(server.output()).not.toMatch(/secret/i);
  } finally {
    await context.close();
    await server.stop();
  }
});

test("a theme other than light or dark is refused with 400 and changes nothing", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  const themeCookie = async () => (await page.context().cookies()).find((c) => c.name === "theme")?.value;
  await expect.poll(themeCookie).toBeTruthy();
  const before = await themeCookie();

  for (const theme of ["purple", "", "DARK", "dark\u0000"]) {
    const response = await page.request.post("/settings/theme", {
      form: { theme, redirectTo: "/" },
      headers: { Accept: "text/html" },
    });
    expect(response.status(), `theme=${JSON.stringify(theme)}`).toBe(400);
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(await response.text()).toContain("Bad request");
  }
  expect(await themeCookie()).toBe(before);
  await page.reload();
  await expect(page.locator("html")).toHaveClass("dark");
});

test("a theme cookie holding anything but light or dark is ignored", async ({ page, context }) => {
  // The signed session value of the earlier cookie, other words, other cases, extra bytes.
  for (const value of [
    "eyJ0aGVtZSI6ImRhcmsifQ%3D%3D.forged",
    "DARK",
    "purple",
    "dark%00",
    "dark.signature",
    "%22dark%22",
    "darkdark",
  ]) {
    await context.clearCookies();
    await context.addCookies([{ name: "theme", value, url: origin() }]);
    const response = await page.goto("/docs/user-guide/installation");
    expect(response?.status(), value).toBe(200);
    await expect(page.locator("html"), value).toHaveClass("light");
  }
  await context.clearCookies();
  await context.addCookies([{ name: "theme", value: "dark", url: origin() }]);
  await page.goto("/docs/user-guide/installation");
  await expect(page.locator("html")).toHaveClass("dark");
});
