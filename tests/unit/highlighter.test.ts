// Shiki's answers kept by code and options (app/content/build/highlighter.server.ts):
// every release copies the guides and the API reference, so a cold build meets
// each code block once per release and should highlight it once.
import assert from "node:assert/strict";
import { test } from "node:test";
import { getSingletonHighlighter } from "shiki";
import { highlightCode } from "../../app/api-reference/build/highlight.server";
import { compilePage } from "../../app/content/build/compile.server";
import { PRETTY_CODE_OPTIONS } from "../../app/content/build/highlighter.server";

const BLOCK = "smriti backup --to /mnt/nas\necho done\n";

/** Counts what reaches Shiki's own highlighter (the singleton rehype-pretty-code gets) while `run` runs. */
async function shikiCalls(run: () => Promise<unknown>): Promise<{ code: string; lang: string }[]> {
  const options = { themes: Object.values(PRETTY_CODE_OPTIONS.theme as object) as string[], langs: ["plaintext"] };
  const shiki = await getSingletonHighlighter(options);
  const own = shiki.codeToHtml;
  const calls: { code: string; lang: string }[] = [];
  shiki.codeToHtml = (code, codeOptions) => {
    calls.push({ code, lang: codeOptions.lang as string });
    return own.call(shiki, code, codeOptions);
  };
  try {
    await run();
  } finally {
    shiki.codeToHtml = own;
  }
  return calls;
}

const page = (body: string) => ({ sourcePath: "content/docs/x.mdx", raw: body, body });

test("the same block in two pages is highlighted once and gives the same HTML", async () => {
  const source = `# A\n\n\`\`\`bash\n${BLOCK}\`\`\`\n`;
  let first = "";
  let second = "";
  const calls = await shikiCalls(async () => {
    first = (await compilePage(page(source), () => null)).html;
    second = (await compilePage(page(`# B\n\nOther text.\n\n\`\`\`bash\n${BLOCK}\`\`\`\n`), () => null)).html;
  });
  const block = (html: string) => /<figure[\s\S]*<\/figure>/.exec(html)?.[0];
  assert.ok(block(first)?.includes("smriti"), "the block is highlighted");
  assert.equal(block(second), block(first));
  assert.ok(calls.filter((call) => call.code === BLOCK.replace(/\n$/, "")).length <= 1, JSON.stringify(calls));
});

test("another language or other code is highlighted anew", async () => {
  const calls = await shikiCalls(async () => {
    await highlightCode("print('kept apart')\n", "python");
    await highlightCode("print('kept apart')\n", "ruby");
    await highlightCode("print('kept apart, too')\n", "python");
    await highlightCode("print('kept apart')\n", "python");
  });
  assert.deepEqual(
    calls.map((call) => `${call.lang}:${call.code}`),
    ["python:print('kept apart')", "ruby:print('kept apart')", "python:print('kept apart, too')"],
  );
});
