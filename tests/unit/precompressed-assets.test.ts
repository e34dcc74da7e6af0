import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, truncateSync, unlinkSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { after, describe, mock, test } from "node:test";
import { precompressedAssets } from "../../app/http/precompressed-assets.server";

const publicDir = mkdtempSync(join(tmpdir(), "assets-"));
mkdirSync(join(publicDir, "build/_shared"), { recursive: true });
const SCRIPT = "export const answer = 42;\n".repeat(100);
writeFileSync(join(publicDir, "build/_shared/chunk-A.js"), SCRIPT);
writeFileSync(join(publicDir, "build/_shared/chunk-A.js.br"), brotliCompressSync(SCRIPT));
writeFileSync(join(publicDir, "build/_shared/chunk-A.js.gz"), gzipSync(SCRIPT));
writeFileSync(join(publicDir, "build/tiny.js"), "x"); // under 1 KB: no copies
after(() => rmSync(publicDir, { recursive: true, force: true }));

function call(handler: ReturnType<typeof precompressedAssets>, url: string, acceptEncoding?: string, method = "GET") {
  const sent: { status?: number; headers: Record<string, string | number>; body?: Buffer } = { headers: {} };
  const request = {
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  } as IncomingMessage;
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
    assert.equal(brotliDecompressSync(br.body!).toString(), SCRIPT);
    assert.equal(br.headers["Content-Length"], br.body!.length);
    assert.equal(br.headers["Cache-Control"], "public, max-age=31536000, immutable");
    assert.equal(br.headers["Content-Type"], "application/javascript; charset=utf-8");
    const gzip = call(handler, "/build/_shared/chunk-A.js", "br;q=0, gzip");
    assert.equal(gzip.headers["Content-Encoding"], "gzip");
    assert.equal(gunzipSync(gzip.body!).toString(), SCRIPT);
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

describe("copies that break after start", () => {
  // Each case gets a folder of its own, listed by a first request, then damaged.
  function setUp(name: string) {
    const dir = join(publicDir, name);
    mkdirSync(join(dir, "build"), { recursive: true });
    const file = join(dir, "build/entry.js");
    writeFileSync(file, SCRIPT);
    writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
    const handler = precompressedAssets(dir);
    assert.equal(call(handler, "/build/_shared/none.js", "br").answered, false); // lists the copies
    return { handler, file };
  }

  function expectFallBack(handler: ReturnType<typeof precompressedAssets>, copy: string, encoding: string) {
    const errors = mock.method(console, "error", () => {});
    try {
      for (let i = 0; i < 3; i += 1)
        assert.equal(call(handler, "/build/entry.js", encoding).answered, false, "goes on to remix-serve");
      assert.equal(errors.mock.callCount(), 1, "logged once");
      assert.match(String(errors.mock.calls[0]!.arguments[0]), new RegExp(copy.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    } finally {
      errors.mock.restore();
    }
  }

  test("a copy deleted after start", () => {
    const { handler, file } = setUp("deleted");
    unlinkSync(`${file}.br`);
    expectFallBack(handler, `${file}.br`, "br");
    assert.equal(call(handler, "/build/entry.js", "gzip").answered, true, "the other copy still answers");
  });

  test("a copy cut short", () => {
    const { handler, file } = setUp("truncated");
    truncateSync(`${file}.gz`, 20);
    expectFallBack(handler, `${file}.gz`, "gzip");
  });

  test("a copy of another version of the file", () => {
    const { handler, file } = setUp("stale");
    writeFileSync(file, `${SCRIPT}// rebuilt\n`);
    expectFallBack(handler, `${file}.br`, "br");
  });

  test("a whole build folder removed", () => {
    const { handler, file } = setUp("removed");
    rmSync(join(file, ".."), { recursive: true });
    expectFallBack(handler, `${file}.br`, "br");
  });

  test("a copy read once keeps answering after the folder is gone", () => {
    const { handler, file } = setUp("kept");
    assert.equal(call(handler, "/build/entry.js", "br").answered, true);
    rmSync(join(file, ".."), { recursive: true });
    const again = call(handler, "/build/entry.js", "br");
    assert.equal(again.answered, true);
    assert.equal(brotliDecompressSync(again.body!).toString(), SCRIPT);
  });
});
