import { expect, test, type Page } from "@playwright/test";
import { CORE, hydrated, withoutJavaScript } from "./helpers";

// Docusaurus's <Tabs>/<TabItem> as the authors' guide shows them: two tab
// groups with groupId "deploy" (Docker Compose, Docker Swarm). They work
// without JavaScript (radio inputs and CSS), keep a shared choice in step on
// the page and across pages with it, and print every panel.

const GUIDE = "/docs/dev-guide/writing-documentation";

// The guide is the site's longest page, and the machine is shared: generous, never a timing assertion.
test.describe.configure({ timeout: 120_000 });

const groups = (page: Page) => page.locator(".doc-content .tabs[data-group-id=deploy]");
const panel = (page: Page, group: number, text: string) =>
  groups(page).nth(group).locator(".tabs-panel").filter({ hasText: text });

test(
  "tabs show one panel, and a reader without JavaScript switches them by clicking the label",
  CORE,
  async ({ browser }) => {
    const { context, page } = await withoutJavaScript(browser);
    await page.goto(GUIDE);
    await expect(groups(page)).toHaveCount(2);
    await expect(panel(page, 0, "docker compose up")).toBeVisible();
    await expect(panel(page, 0, "docker stack deploy")).toBeHidden();
    await groups(page).nth(0).getByText("Docker Swarm", { exact: true }).click();
    await expect(panel(page, 0, "docker stack deploy")).toBeVisible();
    await expect(panel(page, 0, "docker compose up")).toBeHidden();
    // Keyboard: the tabs are radio buttons, arrows move between them.
    await groups(page).nth(0).getByRole("radio", { name: "Docker Swarm" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(panel(page, 0, "docker compose up")).toBeVisible();
    await context.close();
  },
);

test("with JavaScript, a choice in one group with a groupId is made in the others, and remembered on the next page", async ({
  page,
}) => {
  await page.goto(GUIDE);
  await hydrated(page);
  await expect(panel(page, 1, "stack rm")).toBeHidden();
  await groups(page).nth(0).getByText("Docker Swarm", { exact: true }).click();
  await expect(panel(page, 0, "docker stack deploy")).toBeVisible();
  // The second group follows the first.
  await expect(panel(page, 1, "stack rm")).toBeVisible();
  await expect(panel(page, 1, "compose down")).toBeHidden();
  // Another page load (the same guide in Next) opens on the reader's choice.
  await page.goto(`/docs/next${GUIDE.slice("/docs".length)}`);
  await hydrated(page);
  await expect(panel(page, 0, "docker stack deploy")).toBeVisible();
  await expect(panel(page, 1, "stack rm")).toBeVisible();
});

test("printed, every panel shows under its label", async ({ page }) => {
  await page.goto(GUIDE);
  await page.emulateMedia({ media: "print" });
  for (const text of ["docker compose up", "docker stack deploy", "compose down", "stack rm"]) {
    await expect(groups(page).locator(".tabs-panel").filter({ hasText: text })).toBeVisible();
  }
});

// A real guide where the reader follows one path: backing up and upgrading
// with Docker Compose or on a Swarm, in both versions' pages.
const BACKUPS = "/docs/user-guide/backups-and-upgrades";
const NEXT_BACKUPS = "/docs/next/user-guide/backups-and-upgrades";

test("the backups guide gives Compose and Swarm commands in tabs, switchable without JavaScript", async ({
  browser,
}) => {
  const { context, page } = await withoutJavaScript(browser);
  for (const address of [BACKUPS, NEXT_BACKUPS]) {
    await page.goto(address);
    await expect(groups(page)).toHaveCount(2);
    await expect(panel(page, 0, "docker compose stop api worker")).toBeVisible();
    await expect(panel(page, 0, "docker service scale smriti_api=0")).toBeHidden();
    await groups(page).nth(0).getByText("Docker Swarm", { exact: true }).click();
    await expect(panel(page, 0, "docker service scale smriti_api=0")).toBeVisible();
    await expect(panel(page, 0, "docker compose stop api worker")).toBeHidden();
    // Without JavaScript each group keeps its own choice: the upgrade step still shows Compose.
    await expect(panel(page, 1, "docker compose up -d --build")).toBeVisible();
  }
  // Each version's Swarm tab names its own images.
  await groups(page).nth(1).getByText("Docker Swarm", { exact: true }).click();
  await expect(panel(page, 1, "docker stack deploy")).toContainText("master");
  await page.goto(BACKUPS);
  await groups(page).nth(1).getByText("Docker Swarm", { exact: true }).click();
  await expect(panel(page, 1, "docker stack deploy")).toContainText("smritihq/api:<release>");
  await context.close();
});

test("with JavaScript, picking Swarm for the backup also picks it for the upgrade, and on the authors' guide", async ({
  page,
}) => {
  await page.goto(BACKUPS);
  await hydrated(page);
  await groups(page).nth(0).getByText("Docker Swarm", { exact: true }).click();
  await expect(panel(page, 1, "docker stack deploy")).toBeVisible();
  await expect(panel(page, 1, "docker compose up -d --build")).toBeHidden();
  await page.goto(GUIDE);
  await hydrated(page);
  await expect(panel(page, 0, "docker stack deploy")).toBeVisible();
});

test("the backups guide printed shows both paths", async ({ page }) => {
  await page.goto(BACKUPS);
  await page.emulateMedia({ media: "print" });
  for (const text of [
    "docker compose stop api worker",
    "docker service scale smriti_api=0",
    "docker compose up -d --build",
    "docker stack deploy",
  ]) {
    await expect(groups(page).locator(".tabs-panel").filter({ hasText: text })).toBeVisible();
  }
});
