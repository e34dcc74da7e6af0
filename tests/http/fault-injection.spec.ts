import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { readDockerfile, REPO_ROOT, runtimeStage, serverCommand, stageEnv } from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";
import { startServer, type ServerProcess } from "../e2e/support/server";

// Faults a deploy or a disk can cause under a running production server. The
// server runs from a copy of this checkout's build in a temporary directory
// (node_modules linked), started as the container starts it, so the faults
// never touch the build the other tests use. After each fault the process
// must still be alive, answer /healthz and pages, and name the file in its log.

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

const DOC = "/docs/user-guide/installation";
let dir = "";
let server: ServerProcess;

/** Build assets with both precompressed copies, by URL path, largest first. */
function precompressedScripts(): string[] {
  const build = join(dir, "public/build");
  return (readdirSync(build, { recursive: true }) as string[])
    .filter(
      (name) => name.endsWith(".js") && existsSync(join(build, `${name}.br`)) && existsSync(join(build, `${name}.gz`)),
    )
    .map((name) => `/build/${name}`);
}

const file = (path: string) => join(dir, "public", path);

async function get(path: string, encoding = "br") {
  const response = await fetch(`${server.origin}${path}`, { headers: { "Accept-Encoding": encoding } });
  return { status: response.status, body: await response.text(), encoding: response.headers.get("content-encoding") };
}

/** The server is alive and serves health, a stored page and a page it has not rendered yet. */
async function stillServing(unrendered: string) {
  expect(server.child.exitCode, "the process is still running").toBeNull();
  expect((await get("/healthz")).status).toBe(200);
  expect((await get(DOC)).status).toBe(200);
  const fresh = await get(unrendered);
  expect(fresh.status, unrendered).toBe(200);
  expect(fresh.body).toContain("<main");
}

async function logNames(path: string) {
  await expect.poll(() => server.output(), { timeout: 5000 }).toContain(path);
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "smriti-faults-"));
  for (const part of ["build", "public", "server", "package.json"])
    cpSync(join(REPO_ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"));
  const stage = runtimeStage(readDockerfile());
  server = await startServer({
    command: serverCommand(stage),
    cwd: dir,
    port: EXTRA_PORTS.faultInjection,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...stageEnv(stage),
      HOST: "127.0.0.1",
      PORT: String(EXTRA_PORTS.faultInjection),
    },
  });
  // Asking for one script with compression lists the precompressed copies.
  const [first] = precompressedScripts();
  expect((await get(first!)).status).toBe(200);
  expect((await get(DOC)).status).toBe(200);
});

test.afterAll(async () => {
  const exit = await server?.stop();
  // Ended by the signal, not by a fault.
  expect(exit?.code).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a precompressed copy deleted after start: the script is still served, from the file itself", async () => {
  const [, script] = precompressedScripts();
  unlinkSync(file(`${script}.br`));
  const answer = await get(script!, "br");
  expect(answer.status).toBe(200);
  expect(answer.body).toBe(readFileSync(file(script!), "utf8"));
  await logNames(`${script}.br`);
  await stillServing("/docs/dev-guide/roadmap");
});

test("a precompressed copy cut short: never sent, the file is served instead", async () => {
  const [, , script] = precompressedScripts();
  truncateSync(file(`${script}.gz`), 40);
  const answer = await get(script!, "gzip");
  expect(answer.status).toBe(200);
  expect(answer.body).toBe(readFileSync(file(script!), "utf8"));
  await logNames(`${script}.gz`);
  await stillServing("/docs/dev-guide/notes");
});

test("a script cut short beside whole copies: the copies no longer match it and are not sent", async () => {
  const [, , , script] = precompressedScripts();
  truncateSync(file(script!), 100);
  const answer = await get(script!, "br");
  expect(answer.status).toBe(200);
  expect(answer.body).toBe(readFileSync(file(script!), "utf8"));
  await logNames(`${script}.br`);
  await stillServing("/docs/dev-guide/environment");
});

test("a whole asset deleted (file and copies): a clean 404", async () => {
  const [, , , , script] = precompressedScripts();
  for (const suffix of ["", ".br", ".gz"]) unlinkSync(file(`${script}${suffix}`));
  const answer = await get(script!, "br");
  expect(answer.status).toBe(404);
  expect(answer.body).not.toMatch(/ENOENT|at \w+ \(/);
  await logNames(`${script}.br`);
  await stillServing("/docs/dev-guide/contribution");
});

test("public/build replaced by another build: old files 404, new ones are served, pages still answer", async () => {
  const old = precompressedScripts();
  const unasked = old.at(-1)!;
  // Another build: the same kind of files under other fingerprints, swapped in as a whole folder.
  const next = join(dir, "public/build-next");
  cpSync(join(dir, "public/build"), next, { recursive: true });
  for (const name of readdirSync(next, { recursive: true }) as string[]) {
    if (/\.(js|css)(\.br|\.gz)?$/.test(name))
      renameSync(join(next, name), join(next, name.replace(/-([A-Z0-9]+)\./i, "-NEXT$1.")));
  }
  rmSync(join(dir, "public/build"), { recursive: true });
  renameSync(next, join(dir, "public/build"));

  const gone = await get(unasked, "br");
  expect(gone.status).toBe(404);
  await logNames(`${unasked}.br`);
  const renamed = unasked.replace(/-([A-Z0-9]+)\./i, "-NEXT$1.");
  expect(renamed).not.toBe(unasked);
  const fresh = await get(renamed, "br");
  expect(fresh.status).toBe(200);
  await stillServing("/docs/dev-guide/folder-structure");
});

// The content store (build/content/site.pack) is opened at start and read page by page while serving.
const PACK = "build/content/site.pack";

test("the content store replaced by a deploy (renamed over) while serving: pages not read before still come, from the old build", async () => {
  const pack = join(dir, PACK);
  cpSync(pack, `${pack}.new`);
  truncateSync(`${pack}.new`, 64); // a new file that is no pack at all: the running server must not look at it
  renameSync(`${pack}.new`, pack);
  await stillServing("/docs/dev-guide/runtime");
  expect((await get("/search?q=worker+steps")).status).toBe(200);
});

test("the content store truncated in place while serving: still serving every page", async () => {
  truncateSync(join(dir, PACK), 10);
  await stillServing("/docs/dev-guide/contribution");
  await stillServing("/docs/next/dev-guide/environment");
  expect((await get("/search?q=environment+variables")).status).toBe(200);
  expect((await get("/docs/no-such-page-after-truncation")).status).toBe(404);
});

test("the compiled content removed after start, then the whole server build: still serving", async () => {
  rmSync(join(dir, PACK));
  await stillServing("/docs/user-guide/features/albums");
  expect((await get("/search?q=albums")).status).toBe(200);
  rmSync(join(dir, "build"), { recursive: true });
  await stillServing("/docs/user-guide/features/people");
  // The log said at start which file the content came from, and that it is not read again.
  await logNames("build/content/site.pack; kept open, so replacing or removing the file changes nothing here");
});
