import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { precompressedAssets } from "../../app/http/precompressed-assets.server";

const publicDir = mkdtempSync(join(tmpdir(), "assets-"));
mkdirSync(join(publicDir, "build/_shared"), { recursive: true });
writeFileSync(join(publicDir, "build/_shared/chunk-A.js"), "plain");
writeFileSync(join(publicDir, "build/_shared/chunk-A.js.br"), "brotli bytes");
writeFileSync(join(publicDir, "build/_shared/chunk-A.js.gz"), "gzip bytes");
writeFileSync(join(publicDir, "build/tiny.js"), "x"); // under 1 KB: no copies
after(() => rmSync(publicDir, { recursive: true, force: true }));

function call(handler: ReturnType<typeof precompressedAssets>, url: string, acceptEncoding?: string, method = "GET") {
  const sent: { status?: number; headers: Record<string, string | number>; body?: Buffer } = { headers: {} };
  const request = { method, url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } } as IncomingMessage;
  const response = {
    setHeader(name: string, value: string | number) {
      sent.headers[name] = value;
    },
    writeHead(status: number) {
      sent.status = status;
    },
    end(body?: Buffer) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { answered: handler(request, response), ...sent };
}

describe("build assets from their precompressed copies", () => {
  const handler = precompressedAssets(publicDir);

  test("brotli when asked for, else gzip, with a year of caching", () => {
    const br = call(handler, "/build/_shared/chunk-A.js", "gzip, deflate, br");
    assert.equal(br.answered, true);
    assert.equal(br.headers["Content-Encoding"], "br");
    assert.equal(br.body?.toString(), "brotli bytes");
    assert.equal(br.headers["Content-Length"], "brotli bytes".length);
    assert.equal(br.headers["Cache-Control"], "public, max-age=31536000, immutable");
    assert.equal(br.headers["Content-Type"], "application/javascript; charset=utf-8");
    const gzip = call(handler, "/build/_shared/chunk-A.js", "br;q=0, gzip");
    assert.equal(gzip.headers["Content-Encoding"], "gzip");
    assert.equal(gzip.body?.toString(), "gzip bytes");
  });

  test("HEAD gets the headers and no body", () => {
    const head = call(handler, "/build/_shared/chunk-A.js", "br", "HEAD");
    assert.equal(head.answered, true);
    assert.equal(head.body, undefined);
  });

  test("everything else goes on to remix-serve", () => {
    for (const [url, encoding, method] of [
      ["/build/_shared/chunk-A.js", undefined, "GET"], // no compression asked for
      ["/build/_shared/chunk-A.js", "identity", "GET"],
      ["/build/tiny.js", "br", "GET"], // no copies
      ["/build/_shared/chunk-A.js?v=1", "br", "GET"],
      ["/build/../build/_shared/chunk-A.js", "br", "GET"],
      ["/build/_shared/chunk-A.js.br", "br", "GET"],
      ["/build/_shared/chunk-A.js", "br", "POST"],
      ["/docs/user-guide/installation", "br", "GET"],
    ] as const) {
      assert.equal(call(handler, url, encoding, method).answered, false, `${method} ${url} (${encoding})`);
    }
  });
});
