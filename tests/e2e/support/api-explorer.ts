import { expect, type Page } from "@playwright/test";
import { hydrated } from "../helpers";

export const TRY_IT = "Try it: open the interactive explorer";

/** Opens the API explorer as a reader does ("Try it") and waits until RapiDoc shows the spec. */
export async function openApiExplorer(page: Page) {
  await hydrated(page);
  await page.getByText(TRY_IT).click();
  await expect(page.locator("[data-explorer-ready]")).toHaveCount(1, { timeout: 60_000 }); // RapiDoc takes a while on a busy machine;
}
