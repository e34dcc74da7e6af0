import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { compilePage } from "../../app/content/build/compile.server";

// Docusaurus pages move over unchanged: <Tabs>/<TabItem>, <details>,
// <CodeBlock> and their `import … from '@theme/…'` lines.

async function compile(body: string): Promise<string> {
  const raw = `---\ntitle: T\n---\n${body}`;
  return (await compilePage({ sourcePath: "content/docs/page.mdx", raw, body }, () => null)).html;
}

const TABS = `
import Tabs from '@theme/Tabs';
import TabItem from "@theme/TabItem";

Intro.

<Tabs groupId="deploy">
<TabItem value="compose" label="Docker Compose">

Compose **body**.

</TabItem>
<TabItem value="swarm" label="Docker Swarm" default>

Swarm body.

</TabItem>
</Tabs>
`;

describe("Docusaurus components", () => {
  test("Tabs render as radio inputs, labels and panels, the default checked, with the groupId", async () => {
    const html = await compile(TABS);
    assert.match(html, /<div class="tabs" data-group-id="deploy">/);
    const inputs = [...html.matchAll(/<input class="tabs-input" type="radio"[^>]*\/>/g)].map(([tag]) => ({
      name: tag.match(/name="([^"]+)"/)?.[1],
      id: tag.match(/id="([^"]+)"/)?.[1],
      value: tag.match(/value="([^"]+)"/)?.[1],
      checked: tag.includes('checked=""'),
    }));
    assert.deepEqual(
      inputs.map((i) => [i.value, i.checked]),
      [
        ["compose", false],
        ["swarm", true],
      ],
    );
    assert.ok(inputs[0]!.name && inputs[0]!.name === inputs[1]!.name, "one radio group");
    assert.deepEqual(
      [...html.matchAll(/<label class="tabs-label" for="([^"]+)">([^<]+)<\/label>/g)].map((m) => [m[1], m[2]]),
      [
        [inputs[0]!.id, "Docker Compose"],
        [inputs[1]!.id, "Docker Swarm"],
      ],
    );
    assert.match(
      html,
      /<div class="tabs-panel" data-label="Docker Compose"><p>Compose <strong>body<\/strong>\.<\/p><\/div>/,
    );
    assert.match(html, /<div class="tabs-panel" data-label="Docker Swarm"><p>Swarm body\.<\/p><\/div>/);
    assert.doesNotMatch(html, /@theme/);
  });

  test("without a default the first tab is chosen; without a label the value is shown", async () => {
    const html = await compile(
      `\n<Tabs>\n<TabItem value="a">\n\nA.\n\n</TabItem>\n<TabItem value="b">\n\nB.\n\n</TabItem>\n</Tabs>\n`,
    );
    assert.match(html, /checked="" value="a"|value="a" checked=""/);
    assert.match(html, /<label class="tabs-label" for="[^"]+">a<\/label>/);
  });

  test("CodeBlock becomes a titled, highlighted code block like a fenced one", async () => {
    const html = await compile(
      `\nimport CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language="bash" title="Check the API">\n{\`curl http://localhost:5001/v1/ping\`}\n</CodeBlock>\n`,
    );
    const fenced = await compile('\n\n\n```bash title="Check the API"\ncurl http://localhost:5001/v1/ping\n```\n');
    assert.match(html, /Check the API/);
    assert.match(html, /data-language="bash"/);
    // The same figure (colours aside: they are the highlighter's).
    const shape = (markup: string) => markup.replace(/ style="[^"]*"/g, "");
    assert.equal(shape(html), shape(fenced));
  });

  test("details and summary pass through, with Markdown inside", async () => {
    const html = await compile("\n<details>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n");
    assert.match(html, /<details><summary>More<\/summary><p>Hidden <strong>text<\/strong>\.<\/p><\/details>/);
  });
});
