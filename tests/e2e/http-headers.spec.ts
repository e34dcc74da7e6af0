import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { CORE, hydrated, origin, SERVERS } from "./helpers";
import { httpRequest, rawRequest } from "./raw-socket";

const root = join(import.meta.dirname, "../..");
const DOC = "/docs/user-guide/installation";

test.describe("pages", () => {
  test("a docs page: cache, validator, compression and security headers", CORE, async ({ request }) => {
    const response = await request.get(DOC, { headers: { "Accept-Encoding": "gzip" } });
    const headers = response.headers();
    console.log(
      `headers of ${DOC}:\n${Object.entries(headers)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n")}`,
    );
    expect(response.status()).toBe(200);
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(headers.vary).toBe("Cookie, Accept, Accept-Encoding");
    expect(headers.etag).toMatch(/^"[A-Za-z0-9_-]+-gzip"$/);
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["strict-transport-security"]).toBeUndefined();
    const csp = headers["content-security-policy"]!;
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith("script-src"))!;
    expect(scriptSrc).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  });

  test("If-None-Match answers 304 without a body, for each encoding", CORE, async ({ request }) => {
    for (const encoding of ["gzip", "br", "identity"]) {
      const first = await request.get(DOC, { headers: { "Accept-Encoding": encoding } });
      const etag = first.headers().etag!;
      const again = await request.get(DOC, { headers: { "Accept-Encoding": encoding, "If-None-Match": etag } });
      expect(again.status(), encoding).toBe(304);
      expect((await again.body()).length).toBe(0);
      expect(again.headers().etag).toBe(etag);
      expect(again.headers()["cache-control"]).toContain("max-age=60");
    }
  });

  test("bodies come precompressed in the encoding asked for, and unchanged", CORE, async () => {
    const plain = await rawRequest(SERVERS.main, httpRequest("GET", DOC, { Host: `127.0.0.1:${SERVERS.main}` }));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const zipped = await rawRequest(
      SERVERS.main,
      httpRequest("GET", DOC, { Host: `127.0.0.1:${SERVERS.main}`, "Accept-Encoding": "gzip" }),
    );
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBeLessThan(Number(plain.headers["content-length"]) / 3);
    const unzipped = gunzipSync(Buffer.from(zipped.body, "latin1")).toString("latin1");
    expect(unzipped).toBe(plain.body);
    const brotli = await rawRequest(
      SERVERS.main,
      httpRequest("GET", DOC, { Host: `127.0.0.1:${SERVERS.main}`, "Accept-Encoding": "br, gzip" }),
    );
    expect(brotli.headers["content-encoding"]).toBe("br");
  });

  test("HSTS only when the reader came over HTTPS, and then absolute https URLs", async ({ request }) => {
    const response = await request.get(DOC, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "docs.example.org" },
    });
    expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(await response.text()).toContain(
      '<link rel="canonical" href="https://docs.example.org/docs/user-guide/installation"/>',
    );
  });

  test("HEAD answers the headers of GET without a body", async () => {
    const head = await rawRequest(
      SERVERS.main,
      httpRequest("HEAD", DOC, { Host: `127.0.0.1:${SERVERS.main}`, "Accept-Encoding": "gzip" }),
    );
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.headers.etag).toBeTruthy();
    expect(head.body).toBe("");
  });

  test("a not-found page drawn for a route's own 404 has one Content-Type, the page's", async () => {
    // The API route throws a plain-text Response for a tag it does not know; its type was sent beside ours.
    for (const path of ["/api/no-such-tag", "/api/next/no-such-tag", "/api/no-such-tag.md"]) {
      const response = await rawRequest(
        SERVERS.main,
        httpRequest("GET", path, { Host: `127.0.0.1:${SERVERS.main}`, Accept: "*/*" }),
      );
      expect(response.status, path).toBe(404);
      expect(response.headers["content-type"], path).toBe("text/html; charset=utf-8");
    }
  });

  test("a file asked of a version that does not exist gets the not-found page, as any other miss", async () => {
    // These file routes threw a bare text/plain "Not Found" (x-remix-catch), without the page's headers.
    const get = (path: string) =>
      rawRequest(SERVERS.main, httpRequest("GET", path, { Host: `127.0.0.1:${SERVERS.main}`, Accept: "*/*" }));
    const miss = await get("/no-such-page");
    expect(miss.status).toBe(404);
    const paths = [
      "/nope/llms.txt",
      "/24.05.08/llms-full.txt",
      "/etc/llms.txt",
      "/nope/openapi.json",
      "/nope/openapi.yaml",
    ];
    for (const path of paths) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers["x-remix-catch"], path).toBeUndefined();
      for (const name of ["content-type", "cache-control", "x-content-type-options", "referrer-policy", "vary"])
        expect(response.headers[name], `${path}: ${name}`).toBe(miss.headers[name]);
      expect(response.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(response.body, path).toBe(miss.body);
    }
  });

  test("error pages other than 404 are never stored", async ({ request }) => {
    const response = await request.post("/settings/theme", {
      form: { theme: "purple" },
      headers: { Accept: "text/html" },
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("other responses", () => {
  test("fingerprinted build assets are cached for a year, immutable", async ({ request, page }) => {
    await page.goto(DOC);
    const asset = await page.locator('link[rel="stylesheet"][href^="/build/"]').getAttribute("href");
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("scripts and styles are answered from the copies compressed at build time", async ({ request }) => {
    const html = await (await request.get(DOC)).text();
    // Every stylesheet and script of the page of 1 KB or more (smaller ones are not worth compressing).
    const assets = [...html.matchAll(/"(\/build\/[^"]+\.(?:css|js))"/g)]
      .map((match) => match[1]!)
      .filter(
        (asset, index, all) => all.indexOf(asset) === index && statSync(join(root, "public", asset)).size >= 1024,
      );
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    expect(assets.filter((asset) => asset.endsWith(".js")).length).toBeGreaterThan(3);
    for (const asset of assets) {
      const file = join(root, "public", asset);
      for (const [encoding, suffix] of [
        ["br", ".br"],
        ["gzip", ".gz"],
      ] as const) {
        const response = await rawRequest(
          SERVERS.main,
          httpRequest("GET", asset, { Host: `127.0.0.1:${SERVERS.main}`, "Accept-Encoding": encoding }),
        );
        expect(response.status).toBe(200);
        expect(response.headers["content-encoding"], `${asset} ${encoding}`).toBe(encoding);
        expect(Number(response.headers["content-length"])).toBe(statSync(`${file}${suffix}`).size);
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(response.headers["vary"]).toBe("Accept-Encoding");
      }
      // A client that takes no compression still gets the file as it is.
      const plain = await rawRequest(
        SERVERS.main,
        httpRequest("GET", asset, { Host: `127.0.0.1:${SERVERS.main}`, "Accept-Encoding": "identity" }),
      );
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(Number(plain.headers["content-length"])).toBe(statSync(file).size);
    }
  });

  test("/healthz answers JSON and is never cached", CORE, async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.version).toBe(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version);
    expect(typeof body.commit).toBe("string");
  });

  test("cookies: SameSite=Lax, Secure behind HTTPS; HttpOnly except the theme, which the page writes itself", async ({
    request,
  }) => {
    const plain = await request.post("/settings/theme", { form: { theme: "dark", redirectTo: "/" }, maxRedirects: 0 });
    expect(plain.status()).toBe(303);
    expect(plain.headers()["set-cookie"]).toMatch(/^theme=dark; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const themeBehindTls = await request.post("/settings/theme", {
      form: { theme: "light", redirectTo: "/" },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(themeBehindTls.headers()["set-cookie"]).toMatch(/^theme=light; .*SameSite=Lax; Secure$/);
    const behindTls = await request.post("/settings/announcement", {
      form: { id: "wip", redirectTo: "/" },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(behindTls.headers()["set-cookie"]).toMatch(/^announcement-dismissed=.*; HttpOnly; Secure; SameSite=Lax$/);
    expect(behindTls.headers().location).toMatch(/^https:\/\//);
  });
});

test("a running server compiles nothing and reads no content file", CORE, async () => {
  // The server bundle does not even contain the content pipeline…
  const server = readFileSync(join(root, "build/index.js"), "utf8");
  for (const pipeline of ["mdx-bundler", "esbuild", "shiki", "rehype-pretty-code", "@mdx-js/"]) {
    expect(server.includes(`"${pipeline}`), pipeline).toBe(false);
  }
  // …and serving a page after the compiled content moved away still works: the server keeps its own copy open.
  const { rename } = await import("node:fs/promises");
  const file = join(root, "build/content/site.pack");
  const response0 = await rawRequest(
    SERVERS.main,
    httpRequest("GET", "/docs/dev-guide/notes", { Host: `127.0.0.1:${SERVERS.main}` }),
  );
  expect(response0.status).toBe(200);
  await rename(file, `${file}.away`);
  try {
    for (const path of [
      "/docs/dev-guide/notes",
      "/docs/dev-guide/roadmap",
      "/api",
      "/docs/user-guide/installation.md",
    ]) {
      const response = await rawRequest(SERVERS.main, httpRequest("GET", path, { Host: `127.0.0.1:${SERVERS.main}` }));
      expect(response.status, path).toBe(200);
    }
  } finally {
    await rename(`${file}.away`, file);
  }
});

test.describe("Content-Security-Policy", () => {
  const pages = [
    "/",
    DOC,
    "/docs/dev-guide/introduction",
    "/api",
    "/markdown-page",
    "/settings/theme",
    "/search",
    "/search?q=docker+compose",
    "/nothing-here",
  ];

  for (const server of ["main", "variant"] as const) {
    test(`every inline script is allowed by its hash and no page breaks the policy (${server} configuration)`, async ({
      page,
      request,
    }) => {
      // Third parties the variant configuration names, answered locally.
      await page.route("https://www.googletagmanager.com/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "window.__gtagLoaded = true;" }),
      );
      await page.route("https://fonts.example.test/**", (route) =>
        route.fulfill({ contentType: "text/css", body: "body{}" }),
      );
      await page.addInitScript(() => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        document.addEventListener("securitypolicyviolation", (event) =>
          w.__violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const consoleViolations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
      });
      for (const path of pages) {
        const url = `${origin(server)}${path}`;
        const response = await request.get(url);
        const csp = response.headers()["content-security-policy"]!;
        const html = await response.text();
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
          if (!match[1]) continue;
          const hash = `'sha256-${createHash("sha256").update(match[1]).digest("base64")}'`;
          expect(csp, `${path}: inline script ${match[1].slice(0, 60)}…`).toContain(hash);
        }
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), path).toEqual(
          [],
        );
      }
      // The search dialog: its code and its results arrive after load.
      await page.goto(`${origin(server)}${DOC}`);
      await hydrated(page);
      await page.keyboard.press("Control+k");
      await page.getByRole("combobox", { name: "Search the docs" }).fill("albums");
      await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
        "search dialog",
      ).toEqual([]);
      expect(consoleViolations).toEqual([]);
    });
  }

  test("the policy admits the tracker and the fonts service only when they are configured", async ({ request }) => {
    const plain = (await request.get(`${origin("main")}/`)).headers()["content-security-policy"]!;
    expect(plain).not.toContain("googletagmanager");
    expect(plain).toContain("font-src 'self';");
    const variant = (await request.get(`${origin("variant")}/`)).headers()["content-security-policy"]!;
    expect(variant).toContain("https://www.googletagmanager.com");
    expect(variant).toContain("https://fonts.example.test");
  });
});

test.describe("fonts and analytics", () => {
  test("by default the fonts come from our own origin and no request leaves it", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(origin())) foreign.push(request.url());
    });
    for (const path of ["/", DOC, "/api"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(foreign).toEqual([]);
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(preloads.some((href) => /dm-sans-latin-400/.test(href ?? ""))).toBe(true);
    expect(await page.locator("style").first().textContent()).toContain("font-display:optional");
    expect(await page.evaluate(() => document.fonts.check('16px "DM Sans"'))).toBe(true);
  });

  test("a configured fonts service is loaded without blocking the first paint", async ({ page }) => {
    let served = false;
    await page.route("https://fonts.example.test/**", async (route) => {
      served = true;
      await route.fulfill({ contentType: "text/css", body: "html{--remote-fonts:1}" });
    });
    await page.goto(`${origin("variant")}/`);
    const link = page.locator("link#remote-fonts");
    await expect(link).toHaveAttribute("href", "https://fonts.example.test/css2?family=DM+Sans");
    await expect(link).toHaveAttribute("media", "all");
    expect(served).toBe(true);
  });

  test("the tracker loads only when configured, anonymises IPs and counts client-side page views", async ({
    page,
    browser,
  }) => {
    await page.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await page.goto(`${origin("variant")}/docs/dev-guide/notes`);
    await page.locator("body[data-hydrated]").waitFor({ state: "attached" });
    const layer = () => page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer));
    expect(await layer()).toContain('"anonymize_ip":true');
    expect(await layer()).toContain("G-TEST12345");
    await expect.poll(layer).toContain('"page_path":"/docs/dev-guide/notes"');
    await page.getByRole("navigation", { name: "Docs", exact: true }).getByRole("link", { name: "Roadmap" }).click();
    await expect.poll(layer).toContain('"page_path":"/docs/dev-guide/roadmap"');

    const plain = await browser.newPage();
    await plain.goto(`${origin("main")}/`);
    expect(await plain.evaluate(() => "dataLayer" in window)).toBe(false);
    expect(await plain.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await plain.close();
  });
});
