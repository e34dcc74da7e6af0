import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { highlightCode } from "../../app/api-reference/build/highlight.server";
import { compilePage } from "../../app/content/build/compile.server";

// Boxes that scroll sideways on a phone (tables, code blocks) are focus stops, so a keyboard can
// scroll them; each needs a name a screen reader can announce and tell apart from the others.

async function compile(body: string): Promise<string> {
  const raw = `---\ntitle: T\n---\n${body}`;
  return (await compilePage({ sourcePath: "content/docs/page.mdx", raw, body }, () => null)).html;
}

/** The [role, name] of every element that has a tabindex, in page order. */
function focusStops(html: string): [string | undefined, string | undefined][] {
  return [...html.matchAll(/<(?:div|pre)\b[^>]*tabindex="0"[^>]*>/g)].map(([tag]) => [
    tag.match(/role="([^"]+)"/)?.[1],
    tag.match(/aria-label="([^"]+)"/)?.[1],
  ]);
}

const TABLE = "| Variable | Default | Meaning |\n| --- | --- | --- |\n| `A` | `1` | The first. |\n";

describe("scroll boxes in the guides", () => {
  test("tables with the same columns are told apart by their section, and numbered within one", async () => {
    const html = await compile(
      `${TABLE}\n## Database\n\n${TABLE}\n## Cache\n\n${TABLE}\nText.\n\n${TABLE}\n| Key | Value |\n| --- | --- |\n| a | b |\n`,
    );
    assert.deepEqual(focusStops(html), [
      ["region", "Table: Variable, Default, Meaning"],
      ["region", "Database: table of Variable, Default, Meaning"],
      ["region", "Cache: table of Variable, Default, Meaning, 1 of 2"],
      ["region", "Cache: table of Variable, Default, Meaning, 2 of 2"],
      ["region", "Cache: table of Key, Value"],
    ]);
  });

  test("the empty corner of a comparison table is a plain cell, the other headers stay", async () => {
    const html = await compile("| | `disk` | `minio` |\n| --- | --- | --- |\n| Speed | fast | slower |\n");
    assert.match(html, /<thead>\s*<tr>\s*<td><\/td>\s*<th><code>disk<\/code><\/th>\s*<th><code>minio<\/code><\/th>/);
    assert.match(html, /<tbody>\s*<tr>\s*<td>Speed<\/td>/);
  });

  test("a code block's focus stop is a group named by its title, else its language", async () => {
    const html = await compile('```yaml title="compose.yaml"\na: 1\n```\n\n```bash\nls\n```\n\n```\nplain\n```\n');
    assert.deepEqual(focusStops(html), [
      ["group", "Code: compose.yaml"],
      ["group", "Code: bash"],
      ["group", "Code"],
    ]);
  });
});

test("the API reference's code blocks are named groups too", async () => {
  assert.deepEqual(focusStops(await highlightCode('curl "$SMRITI_URL/version"', "bash")), [["group", "Code: bash"]]);
});
