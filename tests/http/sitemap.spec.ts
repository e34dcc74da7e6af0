import { expect, test } from "@playwright/test";

// The sitemap is made from the compiled content and the app's pages; every
// address it lists must be served (no 404, no redirect), or search engines
// are sent to dead pages.
test("every address in sitemap.xml answers 200", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    match[1]!.replace(/&amp;/g, "&"),
  );
  expect(urls.length).toBeGreaterThan(20);
  const failures: string[] = [];
  for (const url of urls) {
    const { pathname, search } = new URL(url);
    const response = await request.get(`${baseURL}${pathname}${search}`, { maxRedirects: 0 });
    if (response.status() !== 200) failures.push(`${response.status()} ${pathname}${search}`);
  }
  expect(failures).toEqual([]);
});
