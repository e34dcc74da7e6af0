import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { requestGuardModule } from "../support/request-guard";

// SITE_DRAIN_MS (server/guard/shutdown.ts): after SIGTERM the server keeps
// serving while /healthz says 503, so a load balancer that routes by health
// stops sending before the listener closes; then it closes and exits.

const root = fileURLToPath(new URL("../..", import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

async function answer(origin: string, path: string) {
  // A fresh connection per request: the drain must hold for new connections, not only kept-alive ones.
  const response = await fetch(`${origin}${path}`, { headers: { Connection: "close" } });
  return { status: response.status, text: await response.text() };
}

/** The closing-server fixture behind the guard, with SITE_DRAIN_MS; its output read as it comes. */
async function startDrainingServer(drainMs: number) {
  const child = spawn(process.execPath, ["--import", await requestGuardModule(), "tests/fixtures/closing-server.mjs"], {
    cwd: root,
    env: { ...process.env, SITE_DRAIN_MS: String(drainMs) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text, exited: once(child, "exit") };
}

test("SITE_DRAIN_MS: /healthz answers 503 while the server keeps serving, then the listener closes and the process exits", async () => {
  const { child, output, exited } = await startDrainingServer(1500);
  try {
    for (let i = 0; i < 200 && !/listening on \d+/.test(output()); i += 1) await sleep(50);
    const port = Number(/listening on (\d+)/.exec(output())?.[1]);
    const origin = `http://127.0.0.1:${port}`;
    assert.deepEqual(await answer(origin, "/healthz"), { status: 200, text: "ok from the app" });

    child.kill("SIGTERM");
    for (let i = 0; i < 100 && !output().includes("draining"); i += 1) await sleep(20);
    const health = await answer(origin, "/healthz");
    assert.equal(health.status, 503);
    assert.equal(JSON.parse(health.text).status, "draining");
    // Everything else is still served during the drain.
    assert.deepEqual(await answer(origin, "/docs/page"), { status: 200, text: "answered /docs/page" });
    assert.doesNotMatch(output(), /listener closed/);

    // Then the listener closes (new connections refused) and the process exits on its own.
    let closed = false;
    for (let i = 0; i < 300 && !closed; i += 1) {
      closed = await refused(port);
      if (!closed) await sleep(50);
    }
    assert.equal(closed, true, `the listener never closed:\n${output()}`);
    const [code] = await exited;
    assert.equal(code, 0, output());
    assert.match(output(), /listener closed/);
  } finally {
    child.kill("SIGKILL");
  }
});

/** One request on `socket` (kept open), resolved with the raw answer once its body ("answered <path>") arrived. */
function exchange(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    const onData = (chunk: Buffer) => {
      raw += chunk.toString();
      if (!raw.includes(`answered ${path}`)) return;
      socket.off("data", onData).off("error", reject).off("close", onClose);
      resolve(raw);
    };
    const onClose = () =>
      reject(new Error(`the connection closed before the answer to ${path}: ${JSON.stringify(raw)}`));
    socket.on("data", onData).once("error", reject).once("close", onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

test("SITE_DRAIN_MS: the server never closes a kept-alive connection under a proxy's feet: one idle when the listener closes still gets its answer, with Connection: close", async () => {
  const { child, output, exited } = await startDrainingServer(800);
  const sockets: net.Socket[] = [];
  const connect = async (port: number) => {
    const socket = net.connect(port, "127.0.0.1");
    sockets.push(socket);
    await once(socket, "connect");
    return socket;
  };
  try {
    for (let i = 0; i < 200 && !/listening on \d+/.test(output()); i += 1) await sleep(50);
    const port = Number(/listening on (\d+)/.exec(output())?.[1]);
    // A proxy's pooled connection: kept alive before the signal, then left idle.
    const pooled = await connect(port);
    assert.doesNotMatch(await exchange(pooled, "/before"), /^connection: close/im);

    child.kill("SIGTERM");
    for (let i = 0; i < 100 && !output().includes("draining"); i += 1) await sleep(20);

    let closed = false;
    for (let i = 0; i < 300 && !closed; i += 1) {
      closed = await refused(port);
      if (!closed) await sleep(50);
    }
    assert.equal(closed, true, `the listener never closed:\n${output()}`);
    // nginx may pick its idle connection at that very moment: the request is answered, not reset.
    const late = await exchange(pooled, "/after-close");
    assert.match(late, /^HTTP\/1\.1 200/);
    assert.match(late, /^connection: close/im);
    const [code] = await exited;
    assert.equal(code, 0, output());
  } finally {
    for (const socket of sockets) socket.destroy();
    child.kill("SIGKILL");
  }
});
