import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { SITE_CONTENT_FILE } from "../../app/content/store.server";
import { readDockerfile, REPO_ROOT, runtimeStage, serverCommand, stageEnv } from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";
import { runToEnd, spawnWithOutput } from "../e2e/support/process";
import { rawRequest } from "../e2e/support/raw-http";

// Configuration is checked before the server listens, and a server whose
// content cannot be read says so on /healthz and answers every route with
// the site's error page or a short plain-text error, never Remix's bare text.

const stage = runtimeStage(readDockerfile());
const baseEnv = (port: number) => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  ...stageEnv(stage),
  HOST: "127.0.0.1",
  PORT: String(port),
});
/** This checkout's production server on `port`, as the container starts it, and where it answers. */
const startFresh = (port: number) => ({
  origin: `http://127.0.0.1:${port}`,
  server: spawnWithOutput(serverCommand(stage), { cwd: REPO_ROOT, env: baseEnv(port) }),
});

test("a bad setting stops the start with status 1 and one line naming the variable, its value and what is expected", async () => {
  const cases: [Record<string, string>, string][] = [
    [
      { SITE_ANALYTICS_ID: "bad" },
      '[config] SITE_ANALYTICS_ID="bad" is not valid: expected a Google Analytics (gtag) id such as G-XXXXXXX',
    ],
    // Read by the request guard, which loads before the app: "5s" once drained for 5 ms.
    [
      { SITE_DRAIN_MS: "5s" },
      '[config] SITE_DRAIN_MS="5s" is not valid: expected a whole number of milliseconds from 0 to 600000 (ten minutes), such as 5000',
    ],
    // Every canonical link and redirect would have been https://docs.example.org/guide/docs/….
    [
      { SITE_URL: "https://docs.example.org/guide/" },
      '[config] SITE_URL="https://docs.example.org/guide/" is not valid: expected the public origin only, scheme and host (no path, query or fragment), such as https://docs.example.org',
    ],
    // Every reader's "close" on the announcement bar was refused with a 400.
    [
      { SITE_ANNOUNCEMENT_ID: "v24.06" },
      '[config] SITE_ANNOUNCEMENT_ID="v24.06" is not valid: expected 1 to 64 letters, digits, - and _, such as release-24-06',
    ],
    // Once accepted and ignored: the site still linked to /docs/… and /build/… from the root.
    [
      { SITE_BASE_PATH: "/photos-docs/" },
      '[config] SITE_BASE_PATH="/photos-docs/" is not valid: expected / or unset: the site is served at the root of its host name; publish it on a host name of its own',
    ],
    // Served the production build at 40 % of its throughput, saying nothing.
    [
      { NODE_ENV: "staging" },
      '[config] NODE_ENV="staging" is not valid: expected production (development is what npm run dev sets)',
    ],
    // remix-serve reads an empty PORT as 0 and listened on a port the system picked, saying nothing.
    [{ PORT: "" }, '[config] PORT="" is not valid: expected a TCP port number from 1 to 65535, or PORT unset'],
    // A port given in HOST: remix-serve looked the whole of it up as a name and died with a stack.
    [
      { HOST: "127.0.0.1:3000" },
      '[config] HOST="127.0.0.1:3000" is not valid: expected a host name or IP address such as 127.0.0.1 (the port goes in PORT), or HOST unset',
    ],
  ];
  for (const [setting, line] of cases) {
    const { code, output } = await runToEnd(serverCommand(stage), {
      cwd: REPO_ROOT,
      env: { ...baseEnv(EXTRA_PORTS.startupBadSetting), ...setting },
      timeoutMs: 60_000,
    });
    expect(code, JSON.stringify(setting)).toBe(1);
    expect(output.trim().split("\n")).toEqual([line]);
  }
});

test("a port in use or a HOST of no interface here stops the start with one line naming the setting, no stack", async () => {
  const port = EXTRA_PORTS.startupPortInUse;
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
  try {
    const cases: [Record<string, string>, string][] = [
      [
        {},
        `[config] PORT="${port}" cannot be used: another process already listens on 127.0.0.1:${port}; expected a free port`,
      ],
      // TEST-NET-1 (RFC 5737): an address no interface of a test machine has.
      [
        { HOST: "192.0.2.1" },
        '[config] HOST="192.0.2.1" is not valid: no network interface of this machine has the address 192.0.2.1; expected one of its addresses, such as 127.0.0.1, or HOST unset',
      ],
    ];
    for (const [setting, line] of cases) {
      const { code, output } = await runToEnd(serverCommand(stage), {
        cwd: REPO_ROOT,
        env: { ...baseEnv(port), ...setting },
        timeoutMs: 60_000,
      });
      expect(code, JSON.stringify(setting)).toBe(1);
      // The content is opened before the server listens; its one informational line comes first.
      const lines = output.trim().split("\n");
      expect(lines.filter((text) => !text.startsWith("[smriti-site] compiled content"))).toEqual([line]);
    }
  } finally {
    holder.close();
  }
});

test("started in a folder with no build, the server stops with one line naming the missing file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "smriti-no-build-"));
  try {
    // What the image's CMD needs to run at all: the guard and the dependencies, but no server build.
    mkdirSync(join(dir, "build"));
    cpSync(join(REPO_ROOT, "build/request-guard.mjs"), join(dir, "build/request-guard.mjs"));
    cpSync(join(REPO_ROOT, "package.json"), join(dir, "package.json"));
    symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"));
    const { code, output } = await runToEnd(serverCommand(stage), {
      cwd: dir,
      env: baseEnv(EXTRA_PORTS.startupBadSetting),
      timeoutMs: 60_000,
    });
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      `[request-guard] the server could not start: ENOENT: no such file or directory, stat '${join(dir, "build/index.js")}'`,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a misspelt setting is named in one warning line, with the one meant, and the server still starts", async () => {
  const port = EXTRA_PORTS.startupMisspeltSetting;
  const server = spawnWithOutput(serverCommand(stage), {
    cwd: REPO_ROOT,
    env: { ...baseEnv(port), SITE_DRAIN: "5000" },
  });
  try {
    await expect
      .poll(async () => (await rawRequest(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 60_000,
      })
      .toBe(200);
    // Without the warning, this replica would have stopped without the drain its operator asked for.
    expect(server.output().split("\n")).toContain(
      "[config] SITE_DRAIN is not a setting of this site and is ignored; did you mean SITE_DRAIN_MS?",
    );
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("a fresh server says it is ready only once it has rendered a page of each kind, a search among them", async () => {
  test.setTimeout(90_000);
  const port = EXTRA_PORTS.startupWarmUp;
  const { origin, server } = startFresh(port);
  try {
    const answers: { status: number; checks: Record<string, string> }[] = [];
    await expect
      .poll(
        async () => {
          const response = await rawRequest(`${origin}/healthz`).catch(() => null);
          if (response)
            answers.push({
              status: response.status,
              ...(JSON.parse(response.text) as { checks: Record<string, string> }),
            });
          return response?.status ?? 0;
        },
        { timeout: 60_000, intervals: [20] },
      )
      .toBe(200);
    // Every answer before it was ready named the warm-up, and only the warm-up.
    for (const answer of answers.slice(0, -1))
      expect(answer.checks).toEqual({ configuration: "ok", content: "ok", warmUp: "rendering the first pages" });
    expect(answers.at(-1)!.checks.warmUp).toBe("ok");
    // The warm-up's search left the frame of its state (its own host): the first search from outside in that
    // state is filled into it, and a state nobody searched in gets its frame made for its first search.
    const search = (host: string) =>
      rawRequest(`${origin}/search?q=photos`, { headers: { Host: host, "Accept-Encoding": "br, gzip" } });
    for (const host of ["warm-up.invalid", `127.0.0.1:${port}`]) {
      const answer = await search(host);
      expect(answer.status, host).toBe(200);
      expect(answer.headers["server-timing"], host).toContain("search-frame");
    }
  } finally {
    server.child.kill("SIGTERM");
  }
});

// A document is rendered in one pass, to a string (app/entry.server.tsx): a component that suspended
// there would leave its place empty, where the stream renderer used to wait for it. The status pages
// are the root's lazy components in the browser; the warm-up renders a 404, never the others.
test("a fresh server's first status pages come whole, and every document starts with its doctype", async () => {
  test.setTimeout(90_000);
  const { origin, server } = startFresh(EXTRA_PORTS.startupFirstRenders);
  try {
    const ready = async () => (await rawRequest(`${origin}/healthz`).catch(() => null))?.status ?? 0;
    await expect.poll(ready, { timeout: 60_000, intervals: [20] }).toBe(200);
    const page = (path: string, method = "GET") =>
      rawRequest(`${origin}${path}`, { method, headers: { Accept: "text/html" } });
    const cases: [string, string, number, string][] = [
      ["DELETE", "/", 405, "Method not allowed"],
      ["GET", "/docs/%ZZ", 400, "Bad request"],
      ["GET", "/docs/no-such-page", 404, "Page not found"],
    ];
    for (const [method, path, status, heading] of cases) {
      const answer = await page(path, method);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.text, `${method} ${path}`).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // React's mark of a boundary left for the browser to render.
      expect(answer.text, `${method} ${path}`).not.toContain("<!--$!-->");
    }
    for (const path of ["/", "/docs/user-guide/installation", "/api", "/search?q=backup", "/docs/no-such-page"]) {
      const answer = await page(path);
      expect(answer.text.startsWith("<!DOCTYPE html><html"), path).toBe(true);
      expect(answer.text, path).not.toContain("\0");
    }
  } finally {
    server.child.kill("SIGTERM");
  }
});

test.describe("content that cannot be read", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(90_000);
  const port = EXTRA_PORTS.startupBrokenContent;
  const origin = `http://127.0.0.1:${port}`;
  let dir = "";
  let server: ReturnType<typeof spawnWithOutput> | undefined;

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "smriti-broken-content-"));
    for (const part of ["build", "public", "server", "package.json"])
      cpSync(join(REPO_ROOT, part), join(dir, part), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"));
    writeFileSync(join(dir, SITE_CONTENT_FILE), "{ not a content pack");
    server = spawnWithOutput(serverCommand(stage), { cwd: dir, env: baseEnv(port) });
    // Listening is enough: /healthz is expected to say 503 here.
    await expect
      .poll(async () => (await rawRequest(`${origin}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(503);
  });

  test.afterAll(() => {
    server?.child.kill("SIGTERM");
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("the log says so in one line that names the file and what to run, with no stack", () => {
    const lines = server!.output().trim().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[smriti-site\] the compiled content could not be read at start; \/healthz answers 503 until it can: compiled content is missing or unreadable at .*build\/content\/site\.pack: run "npm run build" first/,
      ),
    );
    expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  });

  test("/healthz answers 503 naming the content check", async () => {
    // Each request on a fresh connection (rawRequest): no keep-alive socket the server may close meanwhile.
    const response = await rawRequest(`${origin}/healthz`);
    expect(response.status).toBe(503);
    const body = JSON.parse(response.text) as { status: string; checks: Record<string, string> };
    expect(body.status).toBe("unavailable");
    expect(body.checks.configuration).toBe("ok");
    expect(body.checks.content).toContain("compiled content is missing or unreadable");
  });

  // Any other address may be a content page (content/pages): without content, it cannot be told apart from a 404.
  const pages: [string, number][] = [
    ["/", 503],
    ["/docs/user-guide/installation", 503],
    ["/docs/next/user-guide/installation", 503],
    ["/api", 503],
    ["/search?q=album", 503],
    ["/no-such-page", 503],
  ];
  for (const [path, status] of pages) {
    test(`the page ${path} fails into the site's error page (${status})`, async () => {
      const response = await rawRequest(`${origin}${path}`, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(status);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.text).not.toContain("Unexpected Server Error");
      expect(response.text).toContain("<main");
    });
  }

  const files = [
    "/sitemap.xml",
    "/robots.txt",
    "/llms.txt",
    "/llms-full.txt",
    "/next/llms.txt",
    "/openapi.json",
    "/openapi.yaml",
    "/next/openapi.json",
    "/docs",
  ];
  for (const path of files) {
    test(`the text route ${path} fails into a short plain-text error`, async () => {
      const response = await rawRequest(`${origin}${path}`, { headers: { Accept: "text/html" } });
      expect(response.status).toBe(500);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(response.text).toMatch(/^500 Internal Server Error: .{10,100}\n$/);
    });
  }

  test("saving a theme needs no content and still works", async () => {
    const response = await rawRequest(`${origin}/settings/theme`, {
      method: "POST",
      headers: {
        Accept: "text/html",
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        Referer: `${origin}/`,
      },
      body: "theme=dark&redirectTo=%2F",
    });
    expect(response.text).not.toContain("Unexpected Server Error");
    expect(response.status).toBe(303);
  });
});
