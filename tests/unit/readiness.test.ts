import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CompiledPage, SiteContent } from "../../app/content/types";
import { readiness } from "../../app/startup.server";

// /healthz answers load balancers' probes, under load too: its content check
// must cost the same at 70 pages and at 10,000. Listing the stored pages
// (Object.keys over the store's index) took 14 ms a probe at 10,000.

/** Pages as the store gives them: looked up by address; a list of them is refused here. */
function storedPages(urls: string[]): Record<string, CompiledPage> {
  const refuse = () => {
    throw new Error("the pages were listed");
  };
  return new Proxy({} as Record<string, CompiledPage>, {
    has: (_, key) => typeof key === "string" && urls.includes(key),
    get: (_, key) => (typeof key === "string" && urls.includes(key) ? ({ url: key } as CompiledPage) : undefined),
    ownKeys: refuse,
    getOwnPropertyDescriptor: refuse,
  });
}

const content = (entries: string[], urls: string[]) => () =>
  ({
    versions: entries.map((entry) => ({ entry })) as SiteContent["versions"],
    pages: storedPages(urls),
  }) satisfies Pick<SiteContent, "versions" | "pages">;

describe("readiness: the content check", () => {
  test("looks a version's entry page up by address, without listing the pages", () => {
    const { checks } = readiness({}, content(["/docs/next/intro", "/docs/intro"], ["/docs/intro", "/docs/other"]));
    assert.equal(checks.content, "ok");
  });

  test("fails when no version's entry page is stored", () => {
    const { ready, checks } = readiness({}, content(["/docs/intro"], ["/docs/other"]));
    assert.equal(ready, false);
    assert.equal(checks.content, "the compiled content has no pages");
  });

  test("fails with the store's own message when the content cannot be read", () => {
    const { ready, checks } = readiness({}, () => {
      throw new Error("the compiled content is missing or unreadable");
    });
    assert.equal(ready, false);
    assert.equal(checks.content, "the compiled content is missing or unreadable");
  });
});
