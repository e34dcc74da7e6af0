import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { SiteContent } from "../../app/content/types";
import { ContentDeltas } from "../../scripts/dev/content-delta.mjs";

// What the dev server's content worker spends to tell what changed
// (scripts/dev/content-delta.mjs): a value's JSON is made only to compare it,
// never for the first, whole state, which at 10,000 pages is most of the
// site's records.

/** A value that counts how many times its JSON is made, and whose JSON is `text`. */
function counted(text: string, counter: { calls: number }) {
  return {
    toJSON() {
      counter.calls += 1;
      return text;
    },
  };
}

function content(pages: Record<string, unknown>, navigation: unknown): SiteContent {
  return {
    buildId: "b",
    build: { version: "1", commit: null },
    redirects: {},
    partials: {},
    pages,
    versions: [{ version: { id: "v1" }, navigation }],
    search: { format: 1, documents: [], versions: [] },
  } as unknown as SiteContent;
}

describe("the dev server's deltas", () => {
  test("the first state makes no JSON; a value made anew is compared by its JSON, once on each side", () => {
    const counter = { calls: 0 };
    const pages = Object.fromEntries(
      Array.from({ length: 50 }, (_, n) => [`/docs/p${n}`, counted(`page ${n}`, counter)]),
    );
    const navigation = counted("nav", counter);
    const deltas = new ContentDeltas();

    const whole = deltas.delta(content(pages, navigation));
    assert.ok(whole && "whole" in whole);
    assert.equal(counter.calls, 0, "no page or navigation hashed for the whole state");

    // The same records again, and a navigation rebuilt with the same JSON: nothing sent.
    const same = deltas.delta(content(pages, counted("nav", counter)));
    assert.ok(same && !("whole" in same));
    assert.deepEqual(same.pages.changed, {});
    assert.deepEqual(same.versions.changed, {});
    assert.equal(counter.calls, 2, "the navigation sent before and the new one");

    // A page replaced by an equal record is not sent; one whose JSON differs is.
    const next = { ...pages, "/docs/p1": counted("page 1", counter), "/docs/p2": counted("page 2, edited", counter) };
    counter.calls = 0;
    const edited = deltas.delta(content(next, counted("nav", counter)));
    assert.ok(edited && !("whole" in edited));
    assert.deepEqual(Object.keys(edited.pages.changed), ["/docs/p2"]);
    assert.deepEqual(edited.versions.changed, {});
    // Two pages on both sides, and the new navigation (the one before was hashed already).
    assert.equal(counter.calls, 5);
  });
});
