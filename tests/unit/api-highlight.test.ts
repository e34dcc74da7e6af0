// The API reference's code blocks: highlighted like the guides' blocks, but with
// no element per line and none for text in the block's own colour (decision 037).
import assert from "node:assert/strict";
import { test } from "node:test";
import { highlightCode, tokenStyles } from "../../app/api-reference/build/highlight.server";

const PYTHON = "import os\n\nimport requests\n\nresponse = requests.get(f\"{os.environ['SMRITI_URL']}/version\")\n";
const JSON_EXAMPLE = '{\n  "message": "album not found"\n}';

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** The text of the block's <code>, as the copy button reads it (textContent) when it has no line elements. */
function codeText(html: string): string {
  const code = /<code[^>]*>([\s\S]*)<\/code>/.exec(html)?.[1] ?? "";
  return code.replace(/<[^>]+>/g, "").replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

test("a highlighted sample holds its code exactly, blank lines included, without line elements", async () => {
  const html = await highlightCode(PYTHON, "python");
  assert.equal(codeText(html), PYTHON.replace(/\n$/, ""));
  assert.doesNotMatch(html, /data-line/);
  assert.match(html, /<code [^>]*data-plain-lines/);
});

test("only tokens in a colour of their own keep an element; the block carries the foreground", async () => {
  const html = await highlightCode(PYTHON, "python");
  const code = /<code([^>]*)>([\s\S]*)<\/code>/.exec(html);
  const foreground = /class="(k[0-9A-F]{12})"/.exec(code?.[1] ?? "")?.[1];
  assert.ok(foreground, "the <code> element names the theme's foreground");
  const tokens = [...(code?.[2] ?? "").matchAll(/<span class="(k[0-9A-F]{12})">/g)].map((m) => m[1]);
  assert.ok(tokens.length > 0, "keywords and strings are still coloured");
  assert.ok(!tokens.includes(foreground), "no token element repeats the block's own colour");
  assert.match(tokenStyles(html), new RegExp(`\\.${foreground}\\{--l:#[0-9A-F]{6};--d:#[0-9A-F]{6}\\}`));
});

test("a JSON example is one run of text", async () => {
  const html = await highlightCode(JSON_EXAMPLE, "text");
  assert.equal(codeText(html), JSON_EXAMPLE);
  assert.doesNotMatch(/<code[^>]*>([\s\S]*)<\/code>/.exec(html)?.[1] ?? "", /<span/);
});
