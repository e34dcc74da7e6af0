import { expect, test } from "@playwright/test";
import { origin } from "../e2e/helpers";

// What a reader or a crawler sees of the page cache's key (docs/decisions/012):
// one page per page, whatever the query string; one not-found page per state.

const DOC = "/docs/user-guide/installation";

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin()}${path}`, { headers: { accept: "text/html", ...headers } });
  return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
}

test("tracking parameters give the same stored page, and its canonical link names the page", async () => {
  const plain = await fetchPage(DOC);
  for (const query of ["?utm_source=newsletter&utm_medium=mail", "?fbclid=IwAR0abc", `?random=${Date.now()}`]) {
    const tracked = await fetchPage(`${DOC}${query}`);
    expect(tracked.status).toBe(200);
    expect(tracked.etag, query).toBe(plain.etag);
    expect(tracked.body).toContain(`<link rel="canonical" href="${origin()}${DOC}"/>`);
    expect(tracked.body).not.toContain(query.slice(1));
  }
});

test("the results page keys on the query as the search reads it", async () => {
  const reference = await fetchPage("/search?q=docker+compose");
  expect(reference.body).toContain("docker compose");
  for (const spelling of ["/search?q=%20docker%20%20compose%20", "/search?utm_source=x&q=docker%09compose"]) {
    expect((await fetchPage(spelling)).etag, spelling).toBe(reference.etag);
  }
  expect((await fetchPage("/search?q=albums")).etag).not.toBe(reference.etag);
});

test("every missing address gets one stored not-found page per state, naming no address", async () => {
  const paths = [`/missing-${Date.now()}`, "/another/missing/page?x=1", "/%E2%9C%93-missing"];
  const answers = await Promise.all(paths.map((path) => fetchPage(path)));
  for (const [i, answer] of answers.entries()) {
    expect(answer.status, paths[i]).toBe(404);
    expect(answer.etag, paths[i]).toBe(answers[0]!.etag);
    expect(answer.body).toContain("Page not found");
    // No address asked for, in any of the forms a page could quote it (the 404 page's own text may say "missing").
    for (const asked of paths) {
      const path = asked.split("?")[0]!;
      for (const form of [path, decodeURIComponent(path), path.slice(1)]) expect(answer.body, form).not.toContain(form);
    }
  }
  const dark = await fetchPage(paths[0]!, { cookie: "theme=dark" });
  expect(dark.status).toBe(404);
  expect(dark.body).toContain('<html lang="en" class="dark">');
  expect(dark.etag).not.toBe(answers[0]!.etag);
});
