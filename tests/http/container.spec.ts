import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, posix, relative } from "node:path";
import { expect, test } from "@playwright/test";
import { dockerIgnore } from "../e2e/support/dockerignore";
import {
  execForm,
  instructions,
  parseEnv,
  readDockerfile,
  REPO_ROOT,
  runtimeStage,
  splitFlags,
  stageEnv,
  type Stage,
} from "../e2e/support/dockerfile";
import { EXTRA_PORTS } from "../e2e/support/ports";
import { runToEnd } from "../e2e/support/process";
import { startServer, type ServerProcess } from "../e2e/support/server";

// There is no Docker engine here. These tests read the Dockerfile and rebuild
// its runtime stage in a temporary directory standing for the image's root:
// COPY from the build context (minus .dockerignore), COPY --from=build from
// this checkout's own build output (`npm test` builds before the end-to-end
// tests), its RUN steps, ENV and WORKDIR; then start its CMD and run its
// HEALTHCHECK against it.

test.describe.configure({ mode: "default" });

const stages = readDockerfile();
const runtime = runtimeStage(stages);
const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** RUN steps made only of npm and node commands can run on this machine; others are listed, not run. */
const RUNNABLE_HERE = /^(?:npm|node)\s[^;|&]*(?:&&\s*(?:npm|node)\s[^;|&]*)*$/;

interface Reproduction {
  /** The directory standing for the image's root. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  ran: { command: string; ms: number }[];
  notRun: string[];
}

function single(stage: Stage, keyword: string) {
  const found = instructions(stage, keyword);
  expect(found, `${keyword} in stage ${stage.name ?? stage.image}`).toHaveLength(1);
  return found[0]!;
}

/** The build stage's working directory is the build context: its files there are this checkout's. */
function buildOutput(stageName: string, containerPath: string): string {
  const stage = stages.find((candidate) => candidate.name === stageName);
  if (!stage) throw new Error(`COPY --from=${stageName}: no such stage`);
  const workdir = instructions(stage, "WORKDIR").at(-1)?.args ?? "/";
  const inside = posix.relative(workdir, containerPath);
  if (inside.startsWith(".."))
    throw new Error(`COPY --from=${stageName} ${containerPath}: outside the stage's WORKDIR ${workdir}`);
  const path = join(REPO_ROOT, inside);
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first`);
  return path;
}

function copy(source: string, destination: string, filter?: (source: string) => boolean) {
  if (statSync(source).isDirectory()) {
    cpSync(source, destination, { recursive: true, filter });
  } else {
    const target =
      destination.endsWith("/") || (existsSync(destination) && statSync(destination).isDirectory())
        ? join(destination, basename(source))
        : destination;
    mkdirSync(join(target, ".."), { recursive: true });
    cpSync(source, target);
  }
}

/** What the host passes to every step: a shell's PATH, HOME (npm's cache) and any proxy settings. */
function hostEnv(): Record<string, string> {
  const names = ["PATH", "HOME", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

async function reproduce(stage: Stage, root: string): Promise<Reproduction> {
  const ignored = dockerIgnore(REPO_ROOT);
  const state: Reproduction = { root, workdir: "/", env: {}, ran: [], notRun: [] };
  const inImage = (path: string) => join(root, posix.resolve(state.workdir, path));
  for (const instruction of stage.instructions) {
    const { flags, rest } = splitFlags(instruction.args);
    switch (instruction.keyword) {
      case "WORKDIR":
        state.workdir = posix.resolve(state.workdir, rest);
        mkdirSync(inImage("."), { recursive: true });
        break;
      case "ENV":
        Object.assign(state.env, parseEnv(rest));
        break;
      case "COPY": {
        const parts = execForm(rest) ?? rest.split(/\s+/);
        const destination = parts.pop()!;
        const target = inImage(destination) + (destination.endsWith("/") || parts.length > 1 ? "/" : "");
        const from = flags.get("from");
        for (const source of parts) {
          if (from) {
            copy(buildOutput(from, source), target);
          } else {
            const path = join(REPO_ROOT, source);
            if (ignored(relative(REPO_ROOT, path)))
              throw new Error(`COPY ${source}: left out of the build context by .dockerignore`);
            copy(path, target, (file) => !ignored(relative(REPO_ROOT, file)));
          }
        }
        break;
      }
      case "RUN": {
        if (!RUNNABLE_HERE.test(rest)) {
          state.notRun.push(rest);
          break;
        }
        const started = performance.now();
        // Shell form, as Docker runs it.
        const result = await runToEnd(["/bin/sh", "-c", rest], {
          cwd: inImage("."),
          env: { ...hostEnv(), ...state.env },
          timeoutMs: 240_000,
        });
        if (result.code !== 0) throw new Error(`RUN ${rest} failed (${result.code}):\n${result.output}`);
        state.ran.push({ command: rest, ms: Math.round(performance.now() - started) });
        break;
      }
      default:
        // ARG, LABEL, USER, EXPOSE, HEALTHCHECK, CMD: read by the tests themselves.
        break;
    }
  }
  return state;
}

test("the Dockerfile builds in two stages and runs as a non-root user", () => {
  expect(stages).toHaveLength(2);
  const [build] = stages;
  expect(build!.name).toBe("build");
  // Node 24, the active LTS, on Debian bookworm; it must be a major that package.json's engines accepts.
  for (const stage of stages) expect(stage.image).toMatch(/^node:24-bookworm(?:-slim)?$/);
  const engines = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).engines.node as string;
  expect(engines.split("||").map((range) => range.trim())).toContain("^24.11.0");

  const buildRuns = instructions(build!, "RUN").map((instruction) => splitFlags(instruction.args).rest);
  expect(buildRuns.some((command) => /^npm ci\b/.test(command) && !command.includes("--omit"))).toBe(true);
  expect(buildRuns).toContain("npm run build");
  // The commit /healthz reports is a build argument (the context has no .git), declared before the build runs.
  const argLine =
    instructions(build!, "ARG").find((instruction) => instruction.args.startsWith("SITE_COMMIT"))?.line ?? Infinity;
  const buildLine = instructions(build!, "RUN").find((instruction) => instruction.args.endsWith("npm run build"))!.line;
  expect(argLine).toBeLessThan(buildLine);

  const runs = instructions(runtime, "RUN").map((instruction) => splitFlags(instruction.args).rest);
  expect(runs.some((command) => /^npm ci\b.*--omit=dev/.test(command))).toBe(true);
  expect(runs.join("\n")).not.toMatch(/npm run build/);

  const env = stageEnv(runtime);
  expect(env).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0" });
  expect(single(runtime, "EXPOSE").args).toBe(env.PORT);

  const user = single(runtime, "USER").args.split(":")[0];
  expect(user).toBeTruthy();
  expect(["root", "0"]).not.toContain(user);

  // Exec form, Node itself: SIGTERM from `docker stop` reaches the server, not npm or a shell.
  const cmd = execForm(single(runtime, "CMD").args);
  expect(cmd?.[0]).toBe("node");
  const nodeFlags = cmd!.slice(1, cmd!.indexOf("node_modules/.bin/remix-serve"));
  expect(nodeFlags.slice(-2)).toEqual(["--import", "./build/request-guard.mjs"]);
  expect(nodeFlags).toContain("--max-old-space-size=128");
  expect(cmd).toContain("build/index.js");
  // `npm run serve` starts the same process as the container.
  const serve = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts.serve as string;
  expect(serve.match(/NODE_OPTIONS='([^']*)'/)?.[1]).toBe(nodeFlags.join(" "));

  const { flags, rest } = splitFlags(single(runtime, "HEALTHCHECK").args);
  expect(rest.startsWith("CMD ")).toBe(true);
  expect(execForm(rest.slice(4))?.[0]).toBe("node");
  expect(Number.parseInt(flags.get("timeout") ?? "30", 10)).toBeLessThanOrEqual(10);

  const ignored = dockerIgnore(REPO_ROOT);
  for (const path of [
    ".git",
    "node_modules",
    "node_modules/react/index.js",
    "build/index.js",
    "public/build/x.js",
    ".cache/content/a.json",
    "test-results/x",
  ]) {
    expect(ignored(path), `${path} stays out of the build context`).toBe(true);
  }
  for (const path of [
    "package.json",
    "package-lock.json",
    "app/root.tsx",
    "content/docs/user-guide/installation.mdx",
    "spec/openapi.yaml",
    "public/favicon.svg",
    "server/guard/index.ts",
  ]) {
    expect(ignored(path), `${path} is in the build context`).toBe(false);
  }
});

test.describe("the runtime stage, reproduced without Docker", () => {
  let image: Reproduction;
  let server: ServerProcess;
  let command: string[];
  let healthcheck: string[];
  const port = EXTRA_PORTS.container;
  // `docker run -e HOST=… -e PORT=…`: loopback and a free port on this shared machine.
  const runEnv = () => ({ ...image.env, HOST: "127.0.0.1", PORT: String(port) });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const root = mkdtempSync(join(tmpdir(), "smriti-image-"));
    image = await reproduce(runtime, root);
    const figures = image.ran.map((step) => `${step.command}: ${(step.ms / 1000).toFixed(1)} s`).join("; ");
    console.log(
      `[container] RUN steps: ${figures}${image.notRun.length ? `; not runnable here: ${image.notRun.join("; ")}` : ""}`,
    );
    command = execForm(single(runtime, "CMD").args)!;
    healthcheck = execForm(splitFlags(single(runtime, "HEALTHCHECK").args).rest.slice(4))!;
    server = await startServer({
      command,
      cwd: join(root, image.workdir),
      port,
      env: { PATH: process.env.PATH, HOME: root, ...runEnv() },
    });
  });

  test.afterAll(async () => {
    await server?.stop("SIGKILL");
    if (image) rmSync(image.root, { recursive: true, force: true });
  });

  test("every RUN step ran here", () => {
    expect(
      image.notRun,
      "RUN steps this reproduction does not run (only npm and node commands run here): check them another way",
    ).toEqual([]);
    expect(image.ran.length).toBeGreaterThan(0);
  });

  test("holds production dependencies, the build and the guard, and nothing else", () => {
    const app = join(image.root, image.workdir);
    expect(readdirSync(app).sort()).toEqual(["build", "node_modules", "package-lock.json", "package.json", "public"]);
    for (const name of Object.keys(packageJson.dependencies))
      expect(existsSync(join(app, "node_modules", name)), `${name} installed`).toBe(true);
    for (const name of Object.keys(packageJson.devDependencies))
      expect(existsSync(join(app, "node_modules", name)), `${name} (dev) not installed`).toBe(false);
    expect(existsSync(join(app, "build/index.js"))).toBe(true);
    expect(existsSync(join(app, "build/content/site.pack"))).toBe(true);
    expect(readdirSync(join(app, "public/build")).length).toBeGreaterThan(0);
    // The guard, bundled by the build stage: the image carries no TypeScript source.
    expect(existsSync(join(app, "build/request-guard.mjs"))).toBe(true);
    // The build stage wrote brotli and gzip copies beside the scripts and styles.
    const shared = readdirSync(join(app, "public/build/_shared"));
    expect(shared.filter((name) => name.endsWith(".js.br")).length).toBeGreaterThan(3);
    expect(shared.filter((name) => name.endsWith(".js.gz")).length).toBeGreaterThan(3);
  });

  test("its CMD serves /healthz, a docs page and the fingerprinted assets", async () => {
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    const body = (await health.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "ok", version: packageJson.version });
    expect(typeof body.commit).toBe("string");

    const page = await fetch(`${server.origin}/docs/user-guide/installation`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Installation<\/h1>/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");

    // A shared chunk large enough to have been precompressed (files under 1 KB are not).
    const script = [...html.matchAll(/"(\/build\/_shared\/[^"]+\.js)"/g)]
      .map((match) => match[1]!)
      .find((name) => existsSync(join(image.root, image.workdir, "public", `${name}.br`)));
    expect(script).toBeTruthy();
    const asset = await fetch(`${server.origin}${script}`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(await asset.text()).toBe(readFileSync(join(image.root, image.workdir, "public", script!), "utf8"));

    // RapiDoc is a development dependency, absent from the image: the build's copy of it is served,
    // named by the manifest beside the server build (scripts/lib/vendor-scripts.mjs).
    const manifest = readFileSync(join(image.root, image.workdir, "build/vendor-scripts.json"), "utf8");
    const { rapidoc } = JSON.parse(manifest) as { rapidoc: string };
    expect(rapidoc).toMatch(/^\/build\/vendor\/rapidoc-[0-9a-f]{10}\.js$/);
    const explorer = await fetch(`${server.origin}${rapidoc}`, { headers: { "Accept-Encoding": "br" } });
    expect(explorer.status).toBe(200);
    expect(explorer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(explorer.headers.get("content-encoding")).toBe("br");
    expect((await fetch(`${server.origin}/favicon.svg`)).status).toBe(200);
  });

  test("its HEALTHCHECK passes while the server runs, fails once it stopped, and SIGTERM stops it within 10 s", async () => {
    const cwd = join(image.root, image.workdir);
    const check = () => runToEnd(healthcheck, { cwd, env: { PATH: process.env.PATH, ...runEnv() }, timeoutMs: 10_000 });
    const healthy = await check();
    expect(healthy.code, healthy.output).toBe(0);

    const signalledAt = performance.now();
    const exit = await server.stop("SIGTERM");
    const figures = `container server exited ${Math.round(exit.at - signalledAt)} ms after SIGTERM`;
    console.log(`[container] ${figures}`);
    test.info().annotations.push({ type: "timing", description: figures });
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(10_000);

    const unhealthy = await check();
    expect(unhealthy.code).not.toBe(0);
  });
});
