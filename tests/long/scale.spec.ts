import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { PackReader } from "../../app/content/pack.server";
import type { SiteIndex } from "../../app/content/store.server";
import { writeSyntheticContent, type SyntheticSite } from "../../scripts/lib/synthetic-content";
import { readDockerfile, REPO_ROOT, runtimeStage, serverCommand, stageEnv } from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";
import { startServer, type ServerProcess } from "../e2e/support/server";

// A generated site of a few hundred pages over three versions (what
// `npm run bench:scale` builds, smaller), built with SITE_CONTENT_DIR into a
// copy of this checkout's server build and served as the container serves it.
// Every page must come from the store on demand, with its links and headings;
// misses under /docs/ are the not-found page.

test.describe.configure({ mode: "serial" });
test.setTimeout(600_000);

let dir = "";
let site: SyntheticSite;
let server: ServerProcess;
let urls: string[] = [];

const get = async (path: string) => {
  const response = await fetch(`${server.origin}${path}`);
  return { status: response.status, body: await response.text() };
};

test.beforeAll(async () => {
  // Generating and building a few hundred pages takes tens of seconds on a quiet machine, minutes on a loaded one.
  test.setTimeout(900_000);
  dir = mkdtempSync(join(tmpdir(), "smriti-scale-e2e-"));
  site = writeSyntheticContent(join(dir, "content"), { pages: 300, versions: 3 });
  for (const part of ["build", "public", "server", "package.json"])
    cpSync(join(REPO_ROOT, part), join(dir, "site", part), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "site/node_modules"));
  const pack = join(dir, "site/build/content/site.pack");
  rmSync(pack, { force: true });
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/build-content.ts",
      "--out",
      pack,
      "--cache-dir",
      join(dir, "cache"),
      "--spec-root",
      site.specRoot,
    ],
    { cwd: REPO_ROOT, env: { ...process.env, SITE_CONTENT_DIR: site.dir }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const reader = new PackReader<SiteIndex>(pack);
  urls = Object.keys(reader.index.pages);
  reader.close();
  const stage = runtimeStage(readDockerfile());
  server = await startServer({
    command: serverCommand(stage),
    cwd: join(dir, "site"),
    port: EXTRA_PORTS.scaleSite,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...stageEnv(stage),
      HOST: "127.0.0.1",
      PORT: String(EXTRA_PORTS.scaleSite),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the build holds every generated page, in every version", () => {
  expect(urls.length).toBeGreaterThanOrEqual(300);
  for (const url of site.urls) expect(urls, url).toContain(url);
  for (const base of ["/docs/next/generated/", "/docs/generated/", "/docs/23.01.01/generated/"]) {
    expect(
      urls.some((url) => url.startsWith(base)),
      base,
    ).toBe(true);
  }
});

test("every generated page is served from the store, with its sidebar and links that lead to pages", async () => {
  for (const url of site.urls) {
    const { status, body } = await get(url);
    expect(status, url).toBe(200);
    expect(body, url).toContain("<main");
    expect(body, url).toMatch(/id="step-1-[a-z]+"/);
  }
  // Links between generated pages (with their headings) land on pages.
  const { body } = await get(site.urls[0]!);
  const links = [...body.matchAll(/href="(\/docs\/[^"#]*\/generated\/[^"#]+)#(step-[^"]+)"/g)];
  expect(links.length).toBeGreaterThan(0);
  for (const [, path, anchor] of links.slice(0, 5)) {
    const target = await get(path!);
    expect(target.status, path).toBe(200);
    expect(target.body, `${path}#${anchor}`).toContain(`id="${anchor}"`);
  }
});

test("a release's copy of the guides and its API reference are served too", async () => {
  expect((await get("/docs/23.01.01/user-guide/installation")).status).toBe(200);
  expect((await get("/api/23.01.01")).status).toBe(200);
});

test("search finds a generated page of the version asked for", async () => {
  const title = (await get(site.urls.find((url) => url.startsWith("/docs/next/"))!)).body.match(
    /<h1[^>]*>([^<]+)<\/h1>/,
  )?.[1];
  expect(title).toBeTruthy();
  const answer = (await (
    await fetch(`${server.origin}/search.json?q=${encodeURIComponent(title!)}&version=next`)
  ).json()) as { hits: { url: string }[] };
  expect(answer.hits.length).toBeGreaterThan(0);
  expect(answer.hits.every((hit) => hit.url.startsWith("/docs/next/"))).toBe(true);
});

test("a search of a common word in every version pages through its best 200 results, and no further", async () => {
  const page = async (n: number) => {
    const { status, body } = await get(`/search?q=album&version=all&page=${n}`);
    expect(status).toBe(200);
    return body.replace(/<!-- -->/g, "");
  };
  const first = await page(1);
  const total = Number(first.match(/(\d+) results for/)?.[1]);
  expect(total, "more results than twenty pages show").toBeGreaterThan(200);
  expect(first).toContain("The best 200 can be paged through");
  const last = await page(20);
  expect(last).toContain(`${total} results for`);
  expect(last).toContain("191 to 200 shown");
  expect(last).toContain("Page 20 of 20");
  expect(last).not.toContain('rel="next"');
  // Beyond the twentieth page, the twentieth.
  expect(await page(21)).toContain("191 to 200 shown");
});

test("an address under /docs/ that the build does not know is the not-found page; a version's root is not", async () => {
  for (const path of ["/docs/generated/area-1/topic-999", "/docs/23.01.01/nothing", "/docs/next/generated/nope"]) {
    const { status, body } = await get(path);
    expect(status, path).toBe(404);
    expect(body).toContain("<main");
  }
  const root = await fetch(`${server.origin}/docs/23.01.01`, { redirect: "manual" });
  expect(root.status).toBe(302);
});

test("the sitemap, llms.txt and llms-full.txt of each version list its generated pages, and the server stays up", async () => {
  const sitemap = await get("/sitemap.xml");
  expect(sitemap.status).toBe(200);
  const current = site.urls.filter((url) => url.startsWith("/docs/generated/"));
  expect(current.length).toBeGreaterThan(0);
  for (const url of current) expect(sitemap.body, url).toContain(`${url}</loc>`);
  expect(sitemap.body).not.toContain("/docs/next/");
  for (const [base, prefix] of [
    ["", "/docs/generated/"],
    ["/next", "/docs/next/generated/"],
    ["/23.01.01", "/docs/23.01.01/generated/"],
  ] as const) {
    const own = site.urls.filter((url) => url.startsWith(prefix));
    const index = await get(`${base}/llms.txt`);
    expect(index.status, `${base}/llms.txt`).toBe(200);
    for (const url of own) expect(index.body, `${base}/llms.txt lists ${url}`).toContain(`${url}.md)`);
    const full = await get(`${base}/llms-full.txt`);
    expect(full.status, `${base}/llms-full.txt`).toBe(200);
    for (const url of own.slice(0, 10)) expect(full.body, `${base}/llms-full.txt holds ${url}`).toContain(`${url}\n`);
  }
  expect((await get("/healthz")).status).toBe(200);
});
