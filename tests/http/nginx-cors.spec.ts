import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { REPO_ROOT } from "../e2e/support/dockerfile";
import { startFakeApi, type ReceivedCall } from "../e2e/support/fake-api";
import { selfSignedCertificate, startNginx, type RunningNginx } from "../e2e/support/nginx";
import { EXTRA_PORTS } from "../e2e/support/ports";
import { rawRequest } from "../e2e/support/raw-http";

// The deployment guide's CORS example (content/docs and content/next,
// user-guide/deployment.mdx, "CORS"), run by a real nginx (Debian's package)
// on loopback in front of a fake Smriti API that, like Smriti, sends no CORS
// headers. Only the example's host names, ports and paths are swapped.

test.describe.configure({ mode: "default" });

const TITLE = 'title="/etc/nginx/conf.d/smriti-cors.conf"';
const HOST = "localhost";
const PROXY = `https://${HOST}:${EXTRA_PORTS.corsProxy}`;
/** Stands in for the docs' origin in the example's map. */
const DOCS = "https://docs.test.example";
const OTHER = "https://elsewhere.test.example";

/** The nginx block under the CORS heading of one tree's deployment guide. */
function snippetOf(tree: "docs" | "next"): string {
  const page = readFileSync(join(REPO_ROOT, `content/${tree}/user-guide/deployment.mdx`), "utf8");
  const match = new RegExp(
    "```nginx " + TITLE.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&") + "[^\\n]*\\n([\\s\\S]*?)\\n```",
  ).exec(page);
  if (!match) throw new Error(`content/${tree}/user-guide/deployment.mdx has no nginx block ${TITLE}`);
  return match[1]!;
}

/** The example with its example values swapped for the test's, each found exactly as often as expected. */
function forTest(snippet: string, certificate: string, key: string): string {
  const swaps: [from: string, to: string, times: number][] = [
    ["listen 443 ssl;", `listen 127.0.0.1:${EXTRA_PORTS.corsProxy} ssl;`, 1],
    ["server_name photos.example.com;", `server_name ${HOST};`, 1],
    ["/etc/letsencrypt/live/photos.example.com/fullchain.pem;", `${certificate};`, 1],
    ["/etc/letsencrypt/live/photos.example.com/privkey.pem;", `${key};`, 1],
    ["proxy_pass http://127.0.0.1:5001;", `proxy_pass http://127.0.0.1:${EXTRA_PORTS.corsFakeApi};`, 1],
    ['"https://docs.example.org"', `"${DOCS}"`, 1],
  ];
  let config = snippet;
  for (const [from, to, times] of swaps) {
    const found = config.split(from).length - 1;
    if (found !== times) throw new Error(`the CORS example: expected "${from}" ${times} time(s), found ${found}`);
    config = config.replaceAll(from, to);
  }
  return config;
}

let dir: string;
let api: { calls: ReceivedCall[]; close: () => Promise<void> } | undefined;
let nginx: RunningNginx | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  expect(snippetOf("next"), "both versions of the guide give the same example").toBe(snippetOf("docs"));
  dir = mkdtempSync(join(tmpdir(), "smriti-cors-"));
  const { certificate, key } = await selfSignedCertificate(dir, HOST);
  api = await startFakeApi(EXTRA_PORTS.corsFakeApi, { cors: false });
  nginx = await startNginx(dir, forTest(snippetOf("docs"), certificate, key), EXTRA_PORTS.corsProxy);
});

test.afterAll(async () => {
  const log = nginx?.errorLog() ?? "";
  await nginx?.stop();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
  expect(
    log.split("\n").filter((line) => /\[(?:emerg|alert|crit|error)\]/.test(line)),
    "nginx's error log",
  ).toEqual([]);
});

const request = (path: string, method: string, headers: Record<string, string>) =>
  rawRequest(`${PROXY}${path}`, { method, headers });

test("a preflight from the docs' origin is answered by nginx with the CORS headers; the API never sees it", async () => {
  const before = api!.calls.length;
  const answer = await request("/v1/albums", "OPTIONS", {
    Origin: DOCS,
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization, content-type",
  });
  expect(answer.status).toBe(204);
  expect(answer.headers["access-control-allow-origin"]).toBe(DOCS);
  expect(answer.headers["access-control-allow-methods"]).toContain("POST");
  const allowed = String(answer.headers["access-control-allow-headers"]).toLowerCase().split(/,\s*/);
  // The resumable-upload headers a browser client sends (the API reference's upload call).
  expect(allowed).toEqual(
    expect.arrayContaining([
      "authorization",
      "content-type",
      "x-smriti-upload-type",
      "x-smriti-upload-command",
      "x-smriti-upload-chunk-offset",
      "x-smriti-upload-chunk-session",
    ]),
  );
  expect(answer.headers.vary).toContain("Origin");
  expect(api!.calls.slice(before).filter((call) => call.method === "OPTIONS")).toEqual([]);
});

test("the API's answers, errors included, carry the docs' origin once, and the call reaches the API", async () => {
  const ok = await request("/version", "GET", { Origin: DOCS });
  expect(ok.status).toBe(200);
  expect(JSON.parse(ok.text)).toEqual({ version: "24.05.08", gitSha: "80e42c2" });
  expect(ok.headers["access-control-allow-origin"]).toBe(DOCS);

  const withToken = await request("/v1/albums", "GET", { Origin: DOCS, Authorization: "Bearer fixture-token" });
  expect(withToken.status).toBe(200);
  expect(api!.calls.at(-1)).toMatchObject({
    method: "GET",
    path: "/v1/albums",
    headers: { authorization: "Bearer fixture-token" },
  });

  const refused = await request("/v1/albums", "GET", { Origin: DOCS });
  expect(refused.status).toBe(401);
  expect(refused.headers["access-control-allow-origin"]).toBe(DOCS);
});

test("another origin gets no CORS headers, so browsers keep refusing it", async () => {
  const preflight = await request("/v1/albums", "OPTIONS", { Origin: OTHER, "Access-Control-Request-Method": "GET" });
  expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  const answer = await request("/version", "GET", { Origin: OTHER });
  expect(answer.status).toBe(200);
  expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
});

test("/metrics stays hidden", async () => {
  expect((await request("/metrics", "GET", { Origin: DOCS })).status).toBe(404);
});
