// The diagrams as the build renders them: accessible names that resolve,
// real text, markers that exist, and a markup budget (they are sent in the
// HTML of every page that shows them, the landing page included).
//
//   node --import tsx --test tests/integration/diagrams.test.ts
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { buildSiteContent } from "../../app/content/build/build.server";
import { ContentError } from "../../app/content/content-error.server";
import { mdxComponentsFor } from "../../app/content/build/mdx-components";
import type { DiagramData } from "../../app/components/diagrams/data";
import type { DiagramProps } from "../../app/components/diagrams/primitives";

const root = join(import.meta.dirname, "../..");
/** Each version's diagram data, from its content tree. */
const dataOf = (tree: string) =>
  JSON.parse(readFileSync(join(root, "content", tree, "diagrams.json"), "utf8")) as DiagramData;
const release = mdxComponentsFor(dataOf("docs"));
const next = mdxComponentsFor(dataOf("next"));

// Before the rework the two drew 32,203 and 34,873 bytes; these budgets keep them under half.
const DIAGRAMS: [string, ComponentType<DiagramProps>, number, string[]][] = [
  [
    "ArchitectureDiagram",
    release.ArchitectureDiagram,
    16_000,
    ["API server", "Worker", "PostgreSQL + pgvector", "Nominatim", "/storage"],
  ],
  [
    "ProcessingPipelineDiagram",
    release.ProcessingPipelineDiagram,
    17_000,
    ["Upload", "Metadata", "Finalize", "PROCESSING", "READY", "FAILED"],
  ],
  [
    "ArchitectureDiagram (Next)",
    next.ArchitectureDiagram,
    16_000,
    ["API server", "Worker", "PostgreSQL 17 + pgvector", "Nominatim", "/storage"],
  ],
  [
    "ProcessingPipelineDiagram (Next)",
    next.ProcessingPipelineDiagram,
    18_000,
    ["Upload", "Metadata", "Previews", "Finalize", "PROCESSING", "READY", "FAILED"],
  ],
];

const render = (component: ComponentType<DiagramProps>, props: DiagramProps = {}) =>
  renderToStaticMarkup(createElement(component, props));
const texts = (html: string) => [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? "");

/** Each <svg>…</svg> of the markup (the diagrams do not nest them). */
const svgsOf = (html: string) => html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];

for (const [name, component, budget, labels] of DIAGRAMS) {
  test(`${name}: two layouts, each an image named by its own title and description`, () => {
    const svgs = svgsOf(render(component));
    assert.equal(svgs.length, 2);
    for (const svg of svgs) {
      assert.match(svg, /^<svg role="img"/);
      const [titleId, descId] = /aria-labelledby="([^"]+)"/.exec(svg)?.[1]?.split(" ") ?? [];
      assert.match(svg, new RegExp(`<title id="${titleId}">[^<]+</title>`));
      assert.match(svg, new RegExp(`<desc id="${descId}">[^<]{200,}</desc>`));
    }
    // One layout per breakpoint: the wide one from md up, the tall one below.
    assert.match(svgs[0] ?? "", /class="[^"]*\bhidden md:block\b/);
    assert.match(svgs[1] ?? "", /class="[^"]*\bmd:hidden\b/);
  });

  test(`${name}: labels are real text, and every arrowhead marker it uses exists`, () => {
    const html = render(component);
    const texts = [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    for (const label of labels) assert.ok(texts.includes(label), `no <text> reads "${label}"`);
    const markers = new Set([...html.matchAll(/<marker id="([^"]+)"/g)].map((match) => match[1]));
    const used = [...html.matchAll(/marker-(?:start|end)="url\(#([^)]+)\)"/g)].map((match) => match[1]);
    assert.ok(used.length > 0);
    for (const id of used) assert.ok(markers.has(id), `marker #${id} is used but not defined`);
  });

  test(`${name}: ids follow idPrefix, so the diagram can appear twice on one page`, () => {
    const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1] ?? "");
    const first = ids(render(component));
    const second = ids(render(component, { idPrefix: "again" }));
    assert.equal(new Set(first).size, first.length, "ids repeat inside one diagram");
    assert.ok(second.every((id) => id.startsWith("again-")));
    assert.ok(first.every((id) => !second.includes(id)));
  });

  test(`${name}: markup stays under ${budget} bytes`, () => {
    const bytes = Buffer.byteLength(render(component));
    assert.ok(bytes <= budget, `${bytes} bytes`);
  });
}

test("Next's diagrams show Next's facts, the release's its own: they come from each version's content tree", () => {
  const releaseArchitecture = texts(render(release.ArchitectureDiagram));
  const nextArchitecture = texts(render(next.ArchitectureDiagram));
  assert.ok(releaseArchitecture.includes("Go 1.22 · Echo · GORM"));
  assert.ok(nextArchitecture.includes("Go 1.24 · Echo · GORM"));
  assert.ok(!nextArchitecture.some((text) => text.includes("1.22")));
  // PostgreSQL 17 with compose, 16 with Swarm, in both layouts.
  assert.ok(
    nextArchitecture.includes("PostgreSQL 17 + pgvector") && nextArchitecture.includes(":5432 · 16 on a Swarm"),
  );
  assert.ok(nextArchitecture.includes("17 (Swarm 16)"));
  assert.match(render(next.ArchitectureDiagram), /PostgreSQL 17 in the compose file, 16 in the Swarm stack/);

  const releasePipeline = texts(render(release.ProcessingPipelineDiagram));
  const nextPipeline = texts(render(next.ProcessingPipelineDiagram));
  // METADATA and PREVIEW_THUMBNAIL are two steps on Next, one on the release.
  assert.ok(nextPipeline.includes("METADATA") && nextPipeline.includes("PREVIEW_THUMBNAIL"));
  assert.ok(!releasePipeline.includes("PREVIEW_THUMBNAIL"));
  const badges = (all: string[]) => all.filter((text) => /^\d+$/.test(text)).map(Number);
  assert.equal(Math.max(...badges(releasePipeline)), 9);
  assert.equal(Math.max(...badges(nextPipeline)), 10);
  assert.notEqual(render(next.ProcessingPipelineDiagram), render(release.ProcessingPipelineDiagram));
});

test("the build draws each version's diagrams from its own diagrams.json, and refuses a broken one", async () => {
  const dir = mkdtempSync(join(tmpdir(), "diagrams-"));
  try {
    const fixture = join(root, "tests/fixtures/versions");
    cpSync(fixture, dir, { recursive: true });
    const nextData = dataOf("next");
    nextData.architecture.apiStack = "Go 9.99 · edited by an author";
    writeFileSync(join(dir, "content/next/diagrams.json"), JSON.stringify(nextData));
    const setup = join(dir, "content/next/dev-guide/setup.mdx");
    writeFileSync(setup, `${readFileSync(setup, "utf8")}\n<ArchitectureDiagram />\n`);
    const build = () => buildSiteContent({ root, contentDir: join(dir, "content"), specRoot: dir, cacheDir: null });
    const { content } = await build();
    assert.match(content.pages["/docs/next/dev-guide/setup"]?.html ?? "", /Go 9\.99 · edited by an author/);
    assert.match(content.pages["/docs/next/dev-guide/setup"]?.markdown ?? "", /> Diagram: Clients/);
    assert.equal(
      content.versions.find((v) => v.version.id === "next")?.diagrams?.architecture.apiStack,
      "Go 9.99 · edited by an author",
    );

    writeFileSync(
      join(dir, "content/next/diagrams.json"),
      JSON.stringify({ ...nextData, pipeline: { ...nextData.pipeline, steps: [] } }),
    );
    await assert.rejects(
      build(),
      (error: unknown) =>
        error instanceof ContentError && /next\/diagrams\.json:1:1: pipeline\.steps must list/.test(error.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
