import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { collectErrors, hydrated } from "./helpers";
import { configForTest, selfSignedCertificate, SHIPPED_CONFIG, startNginx, type RunningNginx } from "./support/nginx";
import { EXTRA_PORTS } from "./support/ports";
import { rawRequest } from "./support/raw-http";
import { startProductionServer, type ServerProcess } from "./support/server";

// deploy/nginx.conf, the example users copy, run by a real nginx (Debian's
// package) on loopback in front of the production server, with only its host
// name, ports and paths swapped. Everything is checked through the proxy.

test.describe.configure({ mode: "default" });

const HOST = "localhost";
const PUBLIC = `https://${HOST}:${EXTRA_PORTS.nginxHttps}`;
const PLAIN = `http://${HOST}:${EXTRA_PORTS.nginxHttp}`;
const DOC = "/docs/user-guide/installation";

let dir: string;
let node: ServerProcess | undefined;
let nginx: RunningNginx | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), "smriti-nginx-"));
  const { certificate, key } = await selfSignedCertificate(dir, HOST);
  const config = configForTest(readFileSync(SHIPPED_CONFIG, "utf8"), {
    host: HOST,
    httpPort: EXTRA_PORTS.nginxHttp,
    httpsPort: EXTRA_PORTS.nginxHttps,
    upstreamPort: EXTRA_PORTS.nginxUpstream,
    certificate,
    key,
    cacheDir: join(dir, "cache"),
    webroot: join(dir, "webroot"),
  });
  node = await startProductionServer(EXTRA_PORTS.nginxUpstream);
  nginx = await startNginx(dir, config, EXTRA_PORTS.nginxHttps);
});

test.afterAll(async () => {
  const log = nginx?.errorLog() ?? "";
  await nginx?.stop();
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
  // The one error expected: the oversized body the test sends on purpose.
  const errors = log
    .split("\n")
    .filter(
      (line) => /\[(?:emerg|alert|crit|error)\]/.test(line) && !line.includes("client intended to send too large body"),
    );
  expect(errors, "nginx's error log").toEqual([]);
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${PUBLIC}${path}`, { headers });

/**
 * An answer nginx sent from its stored copy: HIT within a second or two of a
 * check with the server, REVALIDATED when it asked the server (by ETag) and
 * the copy was still current (decision 034). Which one depends on the clock.
 */
const STORED = ["HIT", "REVALIDATED"];
const cacheStatus = (response: { headers: Record<string, string | string[] | undefined> }) =>
  response.headers["x-cache-status"];

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

/** A settings cookie as the site sets it, through the proxy ("name=value"). */
async function settingsCookie(path: string, form: Record<string, string>): Promise<string> {
  const response = await rawRequest(`${PUBLIC}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC },
    body: new URLSearchParams(form).toString(),
  });
  // A form's post is sent back to a page, which is then drawn with the new cookie.
  expect(response.status).toBe(303);
  const setCookie = response.headers["set-cookie"]?.[0] ?? "";
  expect(setCookie).toContain("; Secure");
  return setCookie.split(";")[0]!;
}

test("canonical link, og:url, redirects and the sitemap use the public https origin", async () => {
  const page = await get(DOC, { "Accept-Encoding": "br, gzip" });
  expect(page.status).toBe(200);
  console.log(
    `[nginx] response headers of ${PUBLIC}${DOC}:\n${Object.entries(page.headers)
      .map(([name, value]) => `  ${name}: ${String(value)}`)
      .join("\n")}`,
  );
  expect(attribute(page.text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC}${DOC}`);
  expect(attribute(page.text, /<meta property="og:url" content="([^"]+)"/)).toBe(`${PUBLIC}${DOC}`);

  const docs = await get("/docs");
  expect(docs.status).toBe(302);
  expect(docs.headers.location).toBe(`${PUBLIC}/docs/dev-guide/introduction`);
  const moved = await get("/docs/dev-guide/notes-bff");
  expect(moved.status).toBe(301);
  expect(moved.headers.location).toBe(`${PUBLIC}/docs/dev-guide/notes`);

  // A form post from the public origin passes the site's Origin check and is sent back over HTTPS.
  const form = await rawRequest(`${PUBLIC}/settings/theme`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC, Accept: "text/html" },
    body: `theme=dark&redirectTo=${encodeURIComponent(DOC)}`,
  });
  expect(form.status).toBe(303);
  expect(form.headers.location).toBe(`${PUBLIC}${DOC}`);

  const sitemap = await get("/sitemap.xml");
  expect(sitemap.status).toBe(200);
  const locations = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(locations).toContain(`${PUBLIC}${DOC}`);
  for (const location of locations) expect(location.startsWith(`${PUBLIC}/`), location).toBe(true);
});

test("HSTS is sent over HTTPS through the proxy, and not on direct HTTP", async () => {
  const proxied = await get(DOC);
  expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  const direct = await rawRequest(`${node!.origin}${DOC}`);
  expect(direct.status).toBe(200);
  expect(direct.headers["strict-transport-security"]).toBeUndefined();
  expect(attribute(direct.text, /<link rel="canonical" href="([^"]+)"/)).toBe(`${node!.origin}${DOC}`);
});

test("plain HTTP is redirected to HTTPS, path and query kept, except certificate challenges", async () => {
  const response = await rawRequest(`${PLAIN}${DOC}?from=http`);
  expect(response.status).toBe(301);
  // The redirect names the standard HTTPS port, where the site listens in a real deployment.
  expect(response.headers.location).toBe(`https://${HOST}${DOC}?from=http`);

  const challenges = join(dir, "webroot/.well-known/acme-challenge");
  mkdirSync(challenges, { recursive: true });
  writeFileSync(join(challenges, "token-123"), "token-123.key");
  const challenge = await rawRequest(`${PLAIN}/.well-known/acme-challenge/token-123`);
  expect(challenge.status).toBe(200);
  expect(challenge.text).toBe("token-123.key");
});

test("host names other than the site's are refused", async () => {
  // Another name in TLS (SNI): the handshake itself is refused.
  await expect(rawRequest(`${PUBLIC}/`, { servername: "attacker.example" })).rejects.toThrow();
  // The site's certificate but another Host header: the connection is closed without an answer.
  await expect(rawRequest(`${PUBLIC}/`, { servername: HOST, headers: { Host: "attacker.example" } })).rejects.toThrow(
    /socket hang up|ECONNRESET/,
  );
});

test("fingerprinted assets are immutable for a year and kept by nginx", async () => {
  const page = await get(DOC);
  const asset = attribute(page.text, /"(\/build\/[^"]+\.css)"/);
  expect(asset).toBeTruthy();
  const first = await get(asset!, { "Accept-Encoding": "gzip" });
  const second = await get(asset!, { "Accept-Encoding": "gzip" });
  for (const response of [first, second]) {
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("gzip");
  }
  expect(first.headers["x-cache-status"]).toBe("MISS");
  expect(second.headers["x-cache-status"]).toBe("HIT");
  expect(second.text).toBe(first.text);
});

test("pages come from the micro-cache, one entry per theme and announcement state", async () => {
  const path = "/docs/user-guide/features/albums";
  const html = (text: string) => attribute(text, /<html lang="en" class="([^"]+)"/);
  const hasAnnouncement = (text: string) => text.includes('aria-label="Announcement"');

  const light = [await get(path), await get(path)];
  expect(cacheStatus(light[0]!)).toBe("MISS");
  expect(STORED).toContain(cacheStatus(light[1]!));
  for (const response of light) {
    expect(html(response.text)).toBe("light");
    expect(hasAnnouncement(response.text)).toBe(true);
  }

  const theme = await settingsCookie("/settings/theme", { theme: "dark" });
  const dark = [await get(path, { Cookie: theme }), await get(path, { Cookie: theme })];
  expect(cacheStatus(dark[0]!)).toBe("MISS");
  expect(STORED).toContain(cacheStatus(dark[1]!));
  for (const response of dark) expect(html(response.text)).toBe("dark");

  const dismissed = await settingsCookie("/settings/announcement", { id: "wip" });
  const quiet = [await get(path, { Cookie: dismissed }), await get(path, { Cookie: `${theme}; ${dismissed}` })];
  expect(quiet.map((response) => response.headers["x-cache-status"])).toEqual(["MISS", "MISS"]);
  expect(quiet.map((response) => [html(response.text), hasAnnouncement(response.text)])).toEqual([
    ["light", false],
    ["dark", false],
  ]);

  // Still the light page with the bar for a reader with no cookie, from the cache.
  const again = await get(path);
  expect(STORED).toContain(cacheStatus(again));
  expect(html(again.text)).toBe("light");
  expect(hasAnnouncement(again.text)).toBe(true);

  // The Markdown form of the page is an entry of its own.
  const markdown = [await get(path, { Accept: "text/markdown" }), await get(path, { Accept: "text/markdown" })];
  expect(cacheStatus(markdown[0]!)).toBe("MISS");
  expect(STORED).toContain(cacheStatus(markdown[1]!));
  expect(markdown[1]!.headers["content-type"]).toBe("text/markdown; charset=utf-8");

  // Cookies the cache does not know about: straight to the server.
  const other = await get(path, { Cookie: `_ga=GA1.1.123.456; ${theme}` });
  expect(other.headers["x-cache-status"]).toBe("BYPASS");
  expect(html(other.text)).toBe("dark");

  // The health check always reaches the server.
  for (const response of [await get("/healthz"), await get("/healthz")]) {
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-cache-status"]).toBeUndefined();
  }
});

test("a stored page is sent only after the server confirmed it by its ETag in the last second or two", async () => {
  const path = "/docs/user-guide/features/places";
  const first = await get(path, { "Accept-Encoding": "gzip" });
  expect(cacheStatus(first)).toBe("MISS");
  const etag = first.headers.etag;
  expect(etag).toMatch(/^"[\w-]+-gzip"$/);
  // nginx counts whole seconds: within two it sends its copy as it is; past them, the copy has expired
  // and is checked, whatever the site's max-age=60 allows. Asked again until that happens.
  const seen: string[] = [];
  let checked = first;
  await expect
    .poll(
      async () => {
        checked = await get(path, { "Accept-Encoding": "gzip" });
        seen.push(String(cacheStatus(checked)));
        return cacheStatus(checked);
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toBe("REVALIDATED");
  // Before that, only its stored copy, confirmed a moment ago, was sent.
  expect(
    seen.slice(0, -1).every((status) => status === "HIT"),
    seen.join(", "),
  ).toBe(true);
  expect(checked.headers.etag).toBe(etag);
  expect(checked.text).toBe(first.text);
});

test("oversized request bodies are refused at the proxy", async () => {
  const response = await rawRequest(`${PUBLIC}/settings/theme`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC },
    body: `theme=dark&padding=${"x".repeat(32 * 1024)}`,
  });
  expect(response.status).toBe(413);
});

test("a reader in Chromium through the proxy: the page works, and each reader keeps their own theme", async ({
  browser,
}) => {
  // Two browser contexts and five page loads over TLS: slow on a busy machine.
  test.setTimeout(60_000);
  const path = "/docs/user-guide/features/people";
  const first = await browser.newContext({ ignoreHTTPSErrors: true });
  const reader = await first.newPage();
  const errors = collectErrors(reader);
  const opened = await reader.goto(`${PUBLIC}${path}`);
  expect(opened?.status()).toBe(200);
  await expect(reader.locator("html")).toHaveClass("light");
  await expect(reader.locator('link[rel="canonical"]')).toHaveAttribute("href", `${PUBLIC}${path}`);
  await hydrated(reader);
  await reader.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(reader.locator("html")).toHaveClass("dark");
  await expect
    .poll(async () => (await first.cookies()).some((cookie) => cookie.name === "theme" && cookie.secure))
    .toBe(true);

  for (const expected of [["MISS"], STORED]) {
    const response = await reader.reload();
    expect(expected).toContain(response?.headers()["x-cache-status"]);
    expect(await response?.text()).toContain('<html lang="en" class="dark">');
    await expect(reader.locator("html")).toHaveClass("dark");
  }

  // Another reader, the same page, the same cache: light.
  const second = await browser.newContext({ ignoreHTTPSErrors: true });
  const other = await second.newPage();
  const response = await other.goto(`${PUBLIC}${path}`);
  expect(await response?.text()).toContain('<html lang="en" class="light">');
  await expect(other.locator("html")).toHaveClass("light");

  expect(errors).toEqual([]);
  await first.close();
  await second.close();
});
