import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { encodedParts, TURN_MS } from "../../app/seo/text-resource.server";

describe("a file made in parts", () => {
  test("lets other requests in while its parts are made, and joins them as UTF-8", async () => {
    let made = 0;
    let madeWhenTurned = -1;
    // Each part takes longer than a turn, as a page of llms-full.txt read on a busy machine may.
    function* slowParts(): Generator<string> {
      for (let n = 0; n < 5; n += 1) {
        const until = performance.now() + TURN_MS + 1;
        while (performance.now() < until);
        made += 1;
        yield `part ${n} – ünïcödé ✓\n`;
      }
    }
    setImmediate(() => (madeWhenTurned = made));
    const bytes = await encodedParts(slowParts());
    assert.equal(madeWhenTurned, 1, "another request's turn came after the first part, not after the whole file");
    const expected = Array.from({ length: 5 }, (_, n) => `part ${n} – ünïcödé ✓\n`).join("");
    assert.equal(new TextDecoder().decode(bytes), expected);
  });

  test("a file made quickly is made in one turn", async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    const bytes = await encodedParts(["a", "b", "c"]);
    assert.equal(new TextDecoder().decode(bytes), "abc");
    assert.equal(turned, false);
  });
});
