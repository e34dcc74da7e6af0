import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build (`npm run build` first; the
 * README's `npm test` does that), in Debian's Chromium. Three servers with
 * different configurations run on loopback, each on its own port, counted
 * from E2E_PORT_BASE (4310) so that two checkouts can test side by side.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4310);
export const SERVERS = {
  /** The default configuration. */
  main: base,
  /** Another announcement id, analytics on, fonts from a (stubbed) fonts service. */
  variant: base + 1,
  /** An announcement that cannot be closed. */
  fixedAnnouncement: base + 2,
  /** Not a site server: a stand-in for the product's API that tests start, for "try it". */
  mockApi: base + 9,
} as const;

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The default run (`npm test`, BROWSER_TESTS=core) takes the browser tests marked CORE in
 * tests/e2e/helpers.ts; `npm run test:all` (CI) and a plain `playwright test` take all of them.
 */
const browserGrep = process.env.BROWSER_TESTS === "core" ? /@core/ : undefined;

function server(port: number, env: Record<string, string> = {}) {
  return {
    command: "npm run serve",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      // Every loader fails on a read its route does not declare (app/http/input-check.server.ts).
      SITE_CHECK_INPUTS: "1",
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "tests",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${SERVERS.main}`,
    // Recording a trace for every test and throwing it away on success cost 45 % of the browser
    // tier's time (11 tests of routes.spec: 90 s with it, 50 s without). CI retries a failed test
    // once and records that retry; locally, `--trace on` records a run on request.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // Tiers (scripts/test.mjs runs "http" and "browser" in one run, so the servers start once): "http"
  // speaks HTTP to servers and never opens a browser (no `page` fixture, so Chromium is not started);
  // "browser" drives Chromium.
  projects: [
    { name: "http", testDir: "tests/http" },
    {
      name: "browser",
      testDir: "tests/e2e",
      grep: browserGrep,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // Minutes each (a second build, a 300-page site): `npm run test:long`, and the last tier of `npm run test:all` (CI).
    {
      name: "long",
      testDir: "tests/long",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    server(SERVERS.main),
    server(SERVERS.variant, {
      SITE_ANNOUNCEMENT_ID: "release-2",
      SITE_ANALYTICS_ID: "G-TEST12345",
      SITE_FONTS_STYLESHEET_URL: "https://fonts.example.test/css2?family=DM+Sans",
      SITE_API_SERVER_URL: `http://127.0.0.1:${SERVERS.mockApi}`,
    }),
    server(SERVERS.fixedAnnouncement, { SITE_ANNOUNCEMENT_CLOSEABLE: "false" }),
  ],
});
