import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { requestGuardModule } from "../support/request-guard";

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = "tests/fixtures/throwing-server.mjs";

async function start(args: string[] = []): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ["--import", await requestGuardModule(), fixture, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

describe("the request guard keeps the process serving whatever a request does", () => {
  let server: Awaited<ReturnType<typeof start>>;
  let origin = "";
  // The server's stderr reaches us a little after its answers.
  const logged = async (pattern: RegExp) => {
    for (let i = 0; i < 40 && !pattern.test(server.output()); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(server.output(), pattern);
  };
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`);
    return { status: response.status, text: await response.text() };
  };

  before(async () => {
    server = await start();
    for (let i = 0; i < 100 && !/listening on \d+/.test(server.output()); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    origin = `http://127.0.0.1:${/listening on (\d+)/.exec(server.output())![1]}`;
  });
  after(() => server.child.kill("SIGKILL"));

  test("a front cache that throws: the request goes on to the app, logged", async () => {
    assert.deepEqual(await get("/front-cache-throws"), { status: 200, text: "answered /front-cache-throws" });
    await logged(/the front cache threw[^\n]*front cache broke/);
  });

  test("a front cache that throws after its headers: that connection ends, the server goes on", async () => {
    await assert.rejects(get("/front-cache-throws-midway"));
    assert.equal((await get("/after")).status, 200);
  });

  test("a request handler that throws: a plain 500, logged", async () => {
    const answer = await get("/handler-throws");
    assert.equal(answer.status, 500);
    assert.match(answer.text, /^500 Internal Server Error/);
    assert.doesNotMatch(answer.text, /handler broke|at /, "no stack trace");
    await logged(/a request handler threw[^\n]*handler broke/);
  });

  test("an exception in a callback and a rejection nobody awaited: logged, and the server keeps serving", async () => {
    assert.equal((await get("/callback-throws")).status, 200);
    assert.equal((await get("/rejects")).status, 200);
    await logged(/uncaught exception \(kept serving[^\n]*callback broke/);
    await logged(/unhandled promise rejection \(kept serving[^\n]*nobody awaited this/);
    assert.equal(server.child.exitCode, null);
    assert.equal((await get("/still-here")).text, "answered /still-here");
  });

  test("the same failure again is counted, not logged again", async () => {
    for (let i = 0; i < 5; i += 1) await get("/handler-throws");
    assert.equal(server.output().match(/a request handler threw/g)?.length, 1);
  });

  test("SIGTERM still ends it", async () => {
    server.child.kill("SIGTERM");
    const [code] = await once(server.child, "exit");
    assert.equal(code, 0);
  });
});

test("a failure before the server listens still ends the process", async () => {
  const { child, output } = await start(["--fail-at-start"]);
  const [code] = await once(child, "exit");
  assert.equal(code, 1);
  assert.match(output(), /before the server started[^\n]*\n?[^]*the build could not be loaded/);
});
