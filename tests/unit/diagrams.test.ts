// The diagrams as the build renders them: accessible names that resolve,
// real text, markers that exist, and a markup budget (they are sent in the
// HTML of every page that shows them, the landing page included).
//
//   node --import tsx --test tests/unit/diagrams.test.ts
import { test } from "node:test";
import assert from "node:assert/strict";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ArchitectureDiagram, ProcessingPipelineDiagram } from "../../app/components/diagrams/index";
import type { DiagramProps } from "../../app/components/diagrams/primitives";

// Before the rework the two drew 32,203 and 34,873 bytes; these budgets keep them under half.
const DIAGRAMS: [string, ComponentType<DiagramProps>, number, string[]][] = [
  ["ArchitectureDiagram", ArchitectureDiagram, 16_000, ["API server", "Worker", "PostgreSQL + pgvector", "Nominatim", "/storage"]],
  ["ProcessingPipelineDiagram", ProcessingPipelineDiagram, 17_000, ["Upload", "Metadata", "Finalize", "PROCESSING", "READY", "FAILED"]],
];

const render = (component: ComponentType<DiagramProps>, props: DiagramProps = {}) => renderToStaticMarkup(createElement(component, props));

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
