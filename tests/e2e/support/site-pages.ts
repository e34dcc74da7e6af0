import { expect, type APIRequestContext } from "@playwright/test";

/** Page addresses (paths) in the links of a server answer (sitemap.xml, llms.txt). */
async function linkedPages(request: APIRequestContext, from: string, pattern: RegExp): Promise<string[]> {
  const response = await request.get(from);
  expect(response.status(), from).toBe(200);
  return [...(await response.text()).matchAll(pattern)].map((match) => new URL(match[1]!).pathname);
}

/**
 * The reading pages of every version, as the server lists them: the sitemap
 * (the current release, the landing page, /api and its tag pages) and each
 * other version's llms.txt (its docs pages as page.md, and its API pages).
 */
export async function readingPages(request: APIRequestContext): Promise<string[]> {
  const current = await linkedPages(request, "/sitemap.xml", /<loc>([^<]+)<\/loc>/g);
  const index = await (await request.get("/llms.txt")).text();
  const others: string[] = [];
  for (const link of index.match(/\((?:https?:\/\/[^/)]+)?(\/[^/)]+\/llms\.txt)\)/g) ?? []) {
    const pages = await linkedPages(
      request,
      new URL(link.slice(1, -1), "http://x").pathname,
      /\]\((https?:\/\/[^)]+)\)/g,
    );
    others.push(
      ...pages
        .filter((path) => path.endsWith(".md") || path.startsWith("/api"))
        .map((path) => path.replace(/\.md$/, "")),
    );
  }
  return [...new Set([...current, ...others])];
}
