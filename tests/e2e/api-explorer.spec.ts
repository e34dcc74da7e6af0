import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { buildApiReference } from "../../app/api-reference/build/operations";
import { brandColors } from "../../app/site.config";
import { hydrated, origin, SERVERS } from "./helpers";
import { openApiExplorer } from "./support/api-explorer";
import { startFakeApi, type ReceivedCall } from "./support/fake-api";

// "Try it" (app/components/api/ApiExplorer.tsx): where it opens, how it looks,
// what it keeps for the visit, and a real call to a fake Smriti API.

test.describe.configure({ timeout: 120_000 }); // RapiDoc is slow to start on a busy machine, not wrong

const reference = buildApiReference(
  parseYaml(readFileSync(join(import.meta.dirname, "../../spec/openapi.yaml"), "utf8")),
);
const operationsOf = (tag: string) => reference.groups.find((group) => group.tag === tag)!.operations;
const explorer = (page: Page) => page.locator("rapi-doc");
const section = (page: Page, anchor: string) => explorer(page).locator(`[id="${anchor}"]`);

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;

test("opens at the call the reader was on, not at the top of the spec", async ({ page }) => {
  const albums = operationsOf("Albums");
  const read = albums[4]!;
  await page.goto("/api/albums");
  await hydrated(page);
  // Read down to a call, then back up to "Try it".
  await page.locator(`[id="${read.anchor}"]`).evaluate((element) => element.scrollIntoView({ block: "start" }));
  await expect(page.getByRole("navigation", { name: "API reference" }).locator("[aria-current=location]")).toHaveText(
    `${read.method} ${read.summary}`,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await openApiExplorer(page);
  await expect(page).toHaveURL(`/api/albums#${read.anchor}`);
  await expect(section(page, read.anchor)).toBeInViewport();
  await expect(section(page, albums[0]!.anchor)).not.toBeInViewport();
});

test("in dark mode it wears the site's colours and fonts, without capitals in its chrome", async ({ page }) => {
  expect((await page.request.post("/settings/theme", { form: { theme: "dark" } })).ok()).toBe(true);
  const version = reference.groups
    .flatMap((group) => group.operations)
    .find((operation) => operation.path === "/version")!;
  await page.goto(`/api/info#${version.anchor}`);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await openApiExplorer(page);
  const call = section(page, version.anchor);
  const tryButton = call.getByRole("button", { name: "Try", exact: true });
  await expect(tryButton).toBeVisible();
  await expect(tryButton).toHaveText("Try");
  const look = await tryButton.evaluate((button) => {
    const style = getComputedStyle(button);
    const host = button.getRootNode() as ShadowRoot;
    const text = getComputedStyle(host.host as Element);
    return { font: style.fontFamily, transform: style.textTransform, hostText: text.color };
  });
  expect(look.font).toContain("DM Sans");
  expect(look.transform).toBe("none");
  // The operation's summary in the site's dark text colour, on the site's dark background.
  const summary = call.getByText(version.summary, { exact: true }).first();
  expect(await summary.evaluate((element) => getComputedStyle(element).color)).toBe(rgb(brandColors.darkText));
  const background = await explorer(page).evaluate((element) => {
    for (
      let node: Element | null = element.shadowRoot!.querySelector(".main-content");
      node;
      node = node.parentElement
    ) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)") return colour;
    }
    return getComputedStyle(element).backgroundColor;
  });
  expect(background).toBe(rgb(brandColors.darkBackground));
  // No heading or label of RapiDoc's own chrome in capitals ("REQUEST", "API SERVER", tag names).
  const shouting = await explorer(page).evaluate((element) => {
    const found: string[] = [];
    const visit = (root: ShadowRoot) => {
      for (const node of root.querySelectorAll<HTMLElement>(
        ".sub-title, .req-res-title, .table-title, .tab-btn, .m-btn, .tag.title, .nav-bar-section-title",
      )) {
        const text = node.innerText.trim();
        if (/[A-Z]{4,}/.test(text.replace(/\b(GET|POST|PUT|PATCH|DELETE|JSON|UUID|HTTP|API)\b/g, ""))) found.push(text);
      }
      for (const node of root.querySelectorAll("*")) if (node.shadowRoot) visit(node.shadowRoot);
    };
    visit(element.shadowRoot!);
    return found;
  });
  expect(shouting).toEqual([]);
});

test.describe("against a fake Smriti API", () => {
  // One worker: the fake API listens on one port, which a second worker's beforeAll could not take.
  test.describe.configure({ mode: "serial" });
  let api: { calls: ReceivedCall[]; close: () => Promise<void> };
  test.beforeAll(async () => {
    // The variant server's SITE_API_SERVER_URL (playwright.config.ts).
    api = await startFakeApi(SERVERS.mockApi);
  });
  test.afterAll(() => api?.close());

  test("a real call from Try it reaches the fake API, and its answer shows in the explorer", async ({ page }) => {
    const version = reference.groups
      .flatMap((group) => group.operations)
      .find((operation) => operation.path === "/version")!;
    await page.goto(`${origin("variant")}/api/info#${version.anchor}`);
    await openApiExplorer(page);
    await section(page, version.anchor).getByRole("button", { name: "Try", exact: true }).click();
    await expect.poll(() => api.calls.map((call) => `${call.method} ${call.path}`)).toContain("GET /version");
    await expect(section(page, version.anchor).getByText("80e42c2").first()).toBeVisible();
  });

  test("the server and token set in the explorer are kept across a page change, and the token is sent", async ({
    page,
  }) => {
    test.setTimeout(300_000); // the explorer opens twice
    const list = operationsOf("Albums")[0]!;
    const specServer = reference.servers[0]!.url;
    await page.goto(`${origin("variant")}/api/albums#${list.anchor}`);
    await openApiExplorer(page);
    const token = explorer(page).locator('input[placeholder="api-token"]').first();
    await token.fill("fixture-token-123");
    await explorer(page).locator('input[placeholder="api-token"] + button').first().click();
    await explorer(page).locator(`input[name="api_server"][value="${specServer}"]`).check();

    // Another page of the reference, loaded afresh.
    await page.goto(`${origin("variant")}/api/info`);
    await openApiExplorer(page);
    await expect(explorer(page).locator(`input[name="api_server"][value="${specServer}"]`)).toBeChecked();
    await expect(explorer(page).locator('input[placeholder="api-token"]').first()).toHaveValue("fixture-token-123");

    // Back to the fake API, on the albums page by the navigation: the kept token goes with the call.
    await explorer(page)
      .locator(`input[name="api_server"][value="${origin("mockApi")}"]`)
      .check();
    await page
      .getByRole("navigation", { name: "API reference" })
      .getByRole("link", { name: `${list.method} ${list.summary}` })
      .click();
    await expect(page).toHaveURL(`${origin("variant")}/api/albums#${list.anchor}`);
    // Still open after a client navigation, and moved to the call.
    await expect(page.locator("[data-explorer-ready]")).toHaveCount(1);
    await expect(section(page, list.anchor)).toBeInViewport();
    await section(page, list.anchor).getByRole("button", { name: "Try", exact: true }).click();
    await expect
      .poll(() => api.calls.find((call) => call.path === "/v1/albums" && call.method === "GET")?.headers.authorization)
      .toBe("Bearer fixture-token-123");
    await expect(section(page, list.anchor).getByText("Fixture album from the fake API").first()).toBeVisible();
  });
});
