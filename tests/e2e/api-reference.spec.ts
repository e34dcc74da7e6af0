import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { buildApiReference } from "../../app/api-reference/build/operations";
import { tagPageUrl } from "../../app/api-reference/addresses";
import { CORE, collectErrors, hydrated, origin, withoutJavaScript } from "./helpers";
import { openApiExplorer, TRY_IT } from "./support/api-explorer";

const root = join(import.meta.dirname, "../..");
const specYaml = readFileSync(join(root, "spec/openapi.yaml"), "utf8");
const reference = buildApiReference(parseYaml(specYaml));
const operations = reference.groups.flatMap((group) => group.operations);

for (const path of ["/api", "/api/"]) {
  test(`${path} shows the spec's title, version 24.05.08 and every operation in the explorer`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    await expect(page).toHaveTitle("API Reference | Smriti");
    await expect(page.locator("h1")).toHaveText("API Reference");
    await expect(page.getByText("Smriti API", { exact: true })).toBeVisible();
    await expect(page.getByText("Version 24.05.08", { exact: true })).toBeVisible();
    await openApiExplorer(page);
    const explorer = page.locator("rapi-doc");
    await expect(explorer).toBeVisible();
    // Every element id in RapiDoc's (open) shadow trees, collected in one go.
    const ids = await explorer.evaluate((element) => {
      const found: string[] = [];
      const visit = (root: ShadowRoot) => {
        for (const node of root.querySelectorAll("[id]")) found.push(node.id);
        for (const node of root.querySelectorAll("*")) if (node.shadowRoot) visit(node.shadowRoot);
      };
      visit(element.shadowRoot!);
      return found;
    });
    const missing = operations
      .filter((operation) => !ids.includes(operation.anchor))
      .map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);
    await expect(explorer.getByText(operations[0]!.summary).first()).toBeAttached();
    // The server-rendered list steps aside, so nothing is announced twice.
    await expect(page.locator(".api-operations")).toBeHidden();
    expect(errors).toEqual([]);
  });
}

test(
  "the server-rendered introduction: logging in with curl, the spec's own rules and credentials, and the downloads",
  CORE,
  async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto("/api");
    const intro = page.locator(".api-intro");
    await expect(intro).toContainText("http://localhost:5001");
    await expect(intro.getByRole("heading", { level: 2, name: "Log in and send the token" })).toBeVisible();
    const code = await intro.locator("pre").allTextContents();
    expect(code.some((block) => block.includes("curl") && block.includes("/v1/auth/login"))).toBe(true);
    expect(code.some((block) => block.includes("Authorization: Bearer"))).toBe(true);
    // The rules of this version, as its spec states them, before the operations.
    const rules = page.getByRole("heading", { level: 2, name: "How version 24.05.08 behaves" });
    await expect(rules).toBeVisible();
    const main = page.locator("main");
    for (const text of ["Base URL.", "Pagination.", "no pagination header", "Errors.", "Feature flags.", "401"])
      await expect(main).toContainText(text);
    await expect(page.getByRole("heading", { level: 3, name: "Authentication schemes" })).toBeVisible();
    await expect(main).toContainText("defaults smriti / smritiT3st!: change them");
    await expect(page.getByRole("link", { name: "Apache-2.0" })).toBeVisible();
    for (const [name, href] of [
      ["Download OpenAPI (YAML)", "/openapi.yaml"],
      ["Download OpenAPI (JSON)", "/openapi.json"],
    ] as const) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      expect((await page.request.get(href)).status()).toBe(200);
    }
    await context.close();
  },
);

test("without JavaScript, the overview indexes every operation and each tag's page describes its own", async ({
  browser,
}) => {
  test.setTimeout(120_000); // every tag page, each with every call's fields, examples and code
  const { context, page } = await withoutJavaScript(browser);
  await page.goto("/api");
  expect(operations).toHaveLength(reference.operationCount);
  await expect(page.locator(".api-index > li")).toHaveCount(operations.length);
  await expect(page.locator("section.api-operation")).toHaveCount(0);
  let described = 0;
  for (const group of reference.groups) {
    await page.goto("/api");
    await page.getByRole("heading", { level: 3, name: group.tag, exact: true }).getByRole("link").click();
    await expect(page.locator("h1")).toHaveText(group.tag);
    await expect(page).toHaveTitle(`${group.tag} · API Reference | Smriti`);
    const sections = page.locator("section.api-operation");
    await expect(sections).toHaveCount(group.operations.length);
    for (const operation of group.operations) {
      await expect(page.locator(`[id="${operation.anchor}"] h2`)).toContainText(
        `${operation.method} ${operation.path}`,
      );
    }
    described += group.operations.length;
  }
  expect(described).toBe(operations.length);

  await page.goto("/api/albums");
  const albums = page.locator('[id="post-/v1/albums"]');
  await expect(albums.locator("h2")).toContainText("POST");
  await expect(albums.locator("h2")).toContainText("/v1/albums");
  await expect(albums).toContainText("Bearer token (JWT)");
  await expect(albums.getByRole("list", { name: "Body fields" })).toContainText("coverMediaItemId");
  await expect(albums).toContainText("201");
  // Descriptions are Markdown: `sort=name` is code, not backticks.
  await expect(
    page
      .locator('[id="get-/v1/albums"]')
      .getByRole("list", { name: "Parameters" })
      .locator("code", { hasText: "sort=name" }),
  ).toBeVisible();
  await page.goto("/api/users");
  await expect(page.locator('[id="get-/v1/users"]')).toContainText("HTTP Basic (administrator)");
  await expect(page.locator("rapi-doc")).toHaveCount(0);
  await context.close();
});

test("a tag's page: the way back, every section, the current one marked, and previous and next", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/api/albums");
  await hydrated(page);
  const sections = page.getByRole("navigation", { name: "API sections" });
  await expect(sections.getByRole("link")).toHaveCount(reference.groups.length + 1);
  await expect(sections.getByRole("link", { name: "Albums" })).toHaveAttribute("aria-current", "page");
  const index = reference.groups.findIndex((group) => group.tag === "Albums");
  const pager = page.getByRole("navigation", { name: "Previous and next sections" });
  await expect(pager.locator('[rel="prev"]')).toHaveText(`« ${reference.groups[index - 1]!.tag}`);
  // Client-side navigation, as on the docs pages: no document request.
  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  const nextTag = reference.groups[index + 1]!.tag;
  await pager.getByRole("link", { name: `${nextTag} »` }).click();
  await expect(page.locator("h1")).toHaveText(nextTag);
  await expect(page).toHaveTitle(`${nextTag} · API Reference | Smriti`);
  await page.getByRole("link", { name: "API Reference", exact: true }).first().click();
  await expect(page).toHaveURL(`${origin()}/api`);
  await expect(page.locator("h1")).toHaveText("API Reference");
  expect(documents).toBe(0);
  expect(errors).toEqual([]);
});

test("the reference follows the site theme, also when toggled on the page", async ({ page }) => {
  await page.goto("/api");
  await openApiExplorer(page);
  const explorer = page.locator("rapi-doc");
  await expect(explorer).toHaveAttribute("theme", "light");
  await expect(explorer).toHaveAttribute("bg-color", "#ffffff");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(explorer).toHaveAttribute("theme", "dark");
  await expect(explorer).toHaveAttribute("bg-color", "#000000");
  await expect(explorer).toHaveAttribute("primary-color", "#3d9ae8");
  await expect.poll(() => explorer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(0, 0, 0)");
});

test("a deep link into the one-page reference lands next to its operation, then on its tag's page; Back skips it", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000); // three full loads of the heaviest pages, with and without JavaScript
  const target = operations.find((operation) => operation.method === "POST" && operation.path === "/v1/albums")!;
  // Without JavaScript: the overview's index line has the operation's id, and links to the full description.
  const plain = await withoutJavaScript(browser);
  await plain.page.goto(`/api#${target.anchor}`);
  const line = plain.page.locator(`.api-index [id="${target.anchor}"]`);
  await expect(line).toBeInViewport();
  await line.getByRole("link").click();
  await expect(plain.page).toHaveURL(`${origin()}/api/albums#${target.anchor}`);
  await expect(plain.page.locator(`section[id="${target.anchor}"]`)).toBeInViewport();
  await plain.context.close();

  // With JavaScript the page goes there itself, in place of the address it was given.
  await page.goto("/docs/user-guide/installation");
  await page.goto(`/api#${target.anchor}`);
  await expect(page).toHaveURL(`${origin()}/api/albums#${target.anchor}`);
  // The address changes first; the tag page (among the heaviest) is still loading.
  await expect(page.locator(`section[id="${target.anchor}"]`)).toBeInViewport({ timeout: 30_000 });
  await page.goBack();
  await expect(page).toHaveURL(`${origin()}/docs/user-guide/installation`);

  // The explorer keeps any operation in the address: reloaded on another tag's page, it still finds its page.
  const users = operations.find((operation) => operation.method === "GET" && operation.path === "/v1/users")!;
  await page.goto(`/api/albums#${users.anchor}`);
  await expect(page).toHaveURL(`${origin()}/api/users#${users.anchor}`);
  await expect(page.locator(`section[id="${users.anchor}"]`)).toBeInViewport();
  await page.goBack();
  await expect(page).toHaveURL(`${origin()}/docs/user-guide/installation`);
  // A fragment that names no operation leaves the reader where they are.
  await page.goto("/api/albums#nothing-here");
  await hydrated(page);
  await expect(page).toHaveURL(`${origin()}/api/albums#nothing-here`);
});

test("on a tag's page, the explorer opens at the operation in the address, and the address stays on the tag's page", async ({
  page,
}) => {
  test.setTimeout(90_000); // RapiDoc parses the whole spec before it can scroll
  const target = operations.find((operation) => operation.method === "POST" && operation.path === "/v1/albums")!;
  await page.goto(`/api/albums#${target.anchor}`);
  // The server-rendered page has the same ids: the browser scrolls there before any script runs.
  await expect(page.locator(`.api-operations [id="${target.anchor}"]`)).toBeInViewport();
  await openApiExplorer(page);
  const section = page.locator("rapi-doc").locator(`[id="${target.anchor}"]`);
  await expect(section).toBeInViewport();
  // RapiDoc's own navigation is off (the site's API navigation moves it, tests/e2e/api-explorer.spec.ts):
  // whatever the explorer writes into the address never sends the reader to another page.
  await expect(page).toHaveURL(new RegExp(`^${origin()}/api/albums#`));
});

test(
  "RapiDoc is fetched only when the reader opens Try it, and closing it brings the plain list back",
  CORE,
  async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/api");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => /rapidoc/i.test(path))).toEqual([]);
    await expect(page.locator("rapi-doc")).toHaveCount(0);
    await expect(page.locator(".api-operations")).toBeVisible();

    await page.getByText(TRY_IT).click();
    await expect(page.locator("[data-explorer-ready]")).toHaveCount(1, { timeout: 20_000 });
    expect(scripts.filter((path) => /rapidoc/i.test(path))).toHaveLength(1);
    await expect(page.locator(".api-operations")).toBeHidden();
    await expect(page.locator("[data-api-explorer-toggle] [role=status]")).toContainText("open below");

    await page.getByText(TRY_IT).click();
    await expect(page.locator("rapi-doc")).toHaveCount(0);
    await expect(page.locator(".api-operations")).toBeVisible();
  },
);

test("Try it opened before the page's scripts have run opens the explorer once they do", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/api");
  await page.getByText(TRY_IT).click();
  await expect(page.locator("[data-api-explorer-toggle]")).toHaveAttribute("open", "");
  await expect(page.locator("body[data-hydrated]")).toHaveCount(0);
  release();
  await expect(page.locator("[data-explorer-ready]")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.locator("rapi-doc")).toBeVisible();
});

test("an enum value in the explorer is a button: focusable, pressed with Enter, it fills its parameter", async ({
  page,
}) => {
  await page.goto("/api");
  await openApiExplorer(page);
  const explorer = page.locator("rapi-doc");
  // RapiDoc renders these as <a> without an address: neither focusable nor announced.
  await expect(explorer.locator("a:not([href]):not([role])")).toHaveCount(0);
  const photo = explorer.locator('a[data-enum="photo"]').first();
  await expect(photo).toHaveAttribute("role", "button");
  await photo.scrollIntoViewIfNeeded();
  await photo.focus();
  await expect(photo).toBeFocused();
  await page.keyboard.press("Enter");
  const input = photo.locator("xpath=ancestor::tr[1]").locator('input[data-pname="type"]');
  await expect(input).toHaveValue("photo");
});

test("the spec is never loaded from an address the reader supplies", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto("/api?spec-url=https%3A%2F%2Fevil.example%2Fspec.json#spec-url=https://evil.example/spec.json");
  await openApiExplorer(page);
  expect(requested.filter((url) => new URL(url).hostname.includes("evil.example"))).toEqual([]);
  expect(requested.filter((url) => /openapi\.(json|yaml)/.test(url))).toEqual([`${origin()}/openapi.json`]);
  await expect(page.locator("rapi-doc")).toHaveAttribute("spec-url", "/openapi.json");
  await expect(page.locator("rapi-doc")).toHaveAttribute("allow-spec-url-load", "false");
});

test("/openapi.yaml and /openapi.json parse, match each other and are cacheable", CORE, async ({ request }) => {
  const yaml = await request.get("/openapi.yaml");
  const jsonResponse = await request.get("/openapi.json");
  expect(yaml.headers()["content-type"]).toBe("application/yaml; charset=utf-8");
  expect(jsonResponse.headers()["content-type"]).toBe("application/json; charset=utf-8");
  const fromYaml = parseYaml(await yaml.text());
  expect(await jsonResponse.json()).toEqual(fromYaml);
  expect(fromYaml.info.version).toBe("24.05.08");
  for (const response of [yaml, jsonResponse]) {
    expect(response.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
    const etag = response.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get(response.url(), { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
  }
});

test("RapiDoc's code loads on /api only, and weighs at most 230 KB gzipped", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/docs/user-guide/installation", "/markdown-page", "/nothing-here"]) {
    await page.goto(path);
    await hydrated(page);
  }
  expect(scripts.filter((path) => /rapidoc/i.test(path))).toEqual([]);

  await page.goto("/api");
  await openApiExplorer(page);
  const explorerScripts = scripts.filter((path) => /rapidoc/i.test(path));
  expect(explorerScripts).toHaveLength(1);
  // RapiDoc's own file, outside the app build, under a fingerprinted name (scripts/lib/vendor-scripts.mjs),
  // served like the build's files: a year, immutable, from its brotli copy.
  const [script] = explorerScripts as [string];
  expect(script).toMatch(/^\/build\/vendor\/rapidoc-[0-9a-f]{10}\.js$/);
  const response = await page.request.get(script, { headers: { "Accept-Encoding": "br" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("br");
  const gzipped = gzipSync(readFileSync(join(root, "public", script)), { level: 9 }).length;
  console.log(`RapiDoc: ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  expect(gzipped).toBeLessThanOrEqual(230 * 1024);
});

test("on a 390 px phone no page of the reference scrolls sideways, long paths included", async ({ browser }) => {
  const { context, page } = await withoutJavaScript(browser, { viewport: { width: 390, height: 844 } });
  for (const path of ["/api", "/api/models", ...reference.groups.map((group) => tagPageUrl("/api", group.tag))]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    // No text squeezed into a narrow column: a field's description and a table cell are each at least ~110 px wide.
    const narrow = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".doc-content td, .doc-content .api-field-text")]
        .filter(
          (cell) =>
            cell.getBoundingClientRect().width > 0 &&
            cell.getBoundingClientRect().width < 110 &&
            (cell.textContent ?? "").trim().includes(" "),
        )
        .map((cell) => `${Math.round(cell.getBoundingClientRect().width)} px: ${cell.textContent?.slice(0, 40)}`),
    );
    expect(narrow, path).toEqual([]);
  }
  await context.close();
});
