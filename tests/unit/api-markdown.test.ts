import assert from "node:assert/strict";
import { test } from "node:test";
import { markdownToHtml } from "../../app/api-reference/build/markdown.server";

test("long code in a description breaks after its slashes; short code and blocks of code stay whole", () => {
  const html = markdownToHtml(
    "Use `GET /v1/explore/yearsAgo/{monthDate}/mediaItems`, not `GET /v1/albums`.\n\n```\ncurl http://localhost:5001/v1/albums/some-long-id\n```\n",
  );
  assert.match(html, /<code>GET \/<wbr>v1\/<wbr>explore\/<wbr>yearsAgo\/<wbr>\{monthDate\}\/<wbr>mediaItems<\/code>/);
  assert.match(html, /<code>GET \/v1\/albums<\/code>/);
  assert.match(html, /<pre><code>curl http:\/\/localhost:5001\/v1\/albums\/some-long-id\n<\/code><\/pre>/);
});

test("escaped characters in long code stay whole entities", () => {
  const html = markdownToHtml("`/storage/<id>-preview.mp4_thumbnail.jpeg`");
  assert.match(html, /<code>\/<wbr>storage\/<wbr>&lt;id&gt;-preview\.<wbr>mp4_<wbr>thumbnail\.<wbr>jpeg<\/code>/);
});
