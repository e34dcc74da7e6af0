import net from "node:net";
import { expect, test } from "@playwright/test";
import { EXTRA_PORTS, probePort } from "../e2e/support/ports";
import { REPO_ROOT } from "../e2e/support/dockerfile";
import { startProductionServer, startServer, type ServerProcess } from "../e2e/support/server";

// Graceful shutdown of the production server as the container runs it (the
// Dockerfile's CMD): on SIGTERM it stops accepting connections, finishes what
// is in flight, and is gone within 10 s (`docker stop`'s default grace).

const GUARD_GAVE_UP = "connections still open";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  /** When the server closed the connection (performance.now()). */
  closedAt: number;
}

/** A raw HTTP/1.1 connection, so the test decides when each byte of the request goes out. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  // A reset when the process goes away is expected; what was received is what counts.
  socket.on("error", () => {});
  const response = new Promise<RawResponse>((resolve) => {
    socket.once("close", () => {
      const [head = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, closedAt: performance.now() });
    });
  });
  return { socket, response, received: () => received };
}

/** Prints a measurement and keeps it with the test's results. */
function report(figures: string) {
  console.log(`[shutdown] ${figures}`);
  test.info().annotations.push({ type: "timing", description: figures });
}

/** Sends SIGTERM while `client` is connected; waits for the server to close that connection and to exit. */
async function terminate(target: ServerProcess, client: Awaited<ReturnType<typeof connect>>, what: string) {
  const signalledAt = performance.now();
  target.child.kill("SIGTERM");
  const [response, exit] = await Promise.all([client.response, target.exited]);
  const figures = `${what} closed at ${Math.round(response.closedAt - signalledAt)} ms, exit at ${Math.round(exit.at - signalledAt)} ms after SIGTERM`;
  report(figures);
  return { response, exit, elapsed: exit.at - signalledAt, figures };
}

let server: ServerProcess | undefined;
test.afterEach(async () => {
  await server?.stop("SIGKILL");
  server = undefined;
});

test("SIGTERM: new connections are refused, a slow request in flight completes, the process exits within 10 s", async () => {
  server = await startProductionServer(EXTRA_PORTS.shutdownSlowRequest);
  const { port } = server;
  const body = "theme=dark&redirectTo=%2Fdocs%2Fuser-guide%2Finstallation";
  const client = await connect(port);
  // A keep-alive request (HTTP/1.1's default) whose body trickles in over ~3 s.
  client.socket.write(
    "POST /settings/theme HTTP/1.1\r\n" +
      `Host: 127.0.0.1:${port}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\n" +
      `Content-Length: ${body.length}\r\n` +
      "Accept: text/html\r\n\r\n" +
      body.slice(0, 5),
  );
  await sleep(300);

  const signalledAt = performance.now();
  server.child.kill("SIGTERM");

  let refusedAt: number | null = null;
  const watchRefusal = (async () => {
    while (refusedAt === null && performance.now() - signalledAt < 5000) {
      if ((await probePort(port)) === "refused") refusedAt = performance.now();
      else await sleep(20);
    }
  })();
  for (let offset = 5; offset < body.length; offset += 6) {
    await sleep(300);
    client.socket.write(body.slice(offset, offset + 6));
  }
  const bodySentAt = performance.now();

  const response = await client.response;
  const exit = await server.exited;
  await watchRefusal;

  const ms = (at: number) => Math.round(at - signalledAt);
  const figures =
    `SIGTERM at 0 ms; new connection refused at ${refusedAt === null ? "never" : ms(refusedAt)} ms; ` +
    `last request byte sent at ${ms(bodySentAt)} ms; slow response complete at ${ms(response.closedAt)} ms; process exited at ${ms(exit.at)} ms`;
  report(figures);

  // The listening socket closed at once, while the slow request was still being sent.
  expect(refusedAt, figures).not.toBeNull();
  expect(refusedAt!, figures).toBeLessThan(bodySentAt);
  // The request in flight got its full answer: the theme saved, back to the page.
  expect(response.status, client.received()).toBe(303);
  expect(response.headers.get("location")).toBe(`http://127.0.0.1:${port}/docs/user-guide/installation`);
  expect(response.headers.get("set-cookie")).toMatch(/^theme=/);
  // ...told not to reuse the connection, which the server then closed itself.
  expect(response.headers.get("connection")).toBe("close");
  expect(response.closedAt).toBeGreaterThanOrEqual(bodySentAt);
  // A clean exit of its own accord, not the guard's 9 s backstop.
  expect(exit.code).toBe(0);
  expect(exit.at - signalledAt, figures).toBeLessThan(10_000);
  expect(server.output()).not.toContain(GUARD_GAVE_UP);
});

test("SIGTERM: an idle keep-alive connection does not hold the process", async () => {
  server = await startProductionServer(EXTRA_PORTS.shutdownIdleConnection);
  const client = await connect(server.port);
  client.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
  await expect.poll(() => client.received()).toContain('"status":"ok"');

  const { response, exit, elapsed, figures } = await terminate(server, client, "idle connection");
  expect(response.status).toBe(200);
  expect(exit.code).toBe(0);
  expect(elapsed, figures).toBeLessThan(10_000);
  expect(server.output()).not.toContain(GUARD_GAVE_UP);
});

test("SIGTERM: a client that never finishes its request cannot keep the process beyond 10 s", async () => {
  test.setTimeout(30_000);
  server = await startProductionServer(EXTRA_PORTS.shutdownStuckClient);
  const client = await connect(server.port);
  client.socket.write(
    `POST /settings/theme HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\ntheme=",
  );
  await sleep(300);

  const signalledAt = performance.now();
  server.child.kill("SIGTERM");
  const exit = await server.exited;
  const figures = `stuck client: exit at ${Math.round(exit.at - signalledAt)} ms after SIGTERM`;
  report(figures);
  client.socket.destroy();

  expect(exit.at - signalledAt, figures).toBeLessThan(10_000);
  // It was the guard's backstop that ended it, after waiting for the request.
  expect(exit.at - signalledAt, figures).toBeGreaterThan(8_000);
  expect(server.output()).toContain(GUARD_GAVE_UP);
});

test("SIGTERM: a response already on its way is finished, then its connection closed", async () => {
  // No page of the site streams, so a bare server behind the same guard plays one that does:
  // headers and a first chunk at once, the rest 1.5 s later. It closes its listener on SIGTERM, as remix-serve does.
  const streaming = `
    import http from "node:http";
    const server = http.createServer((req, res) => {
      if (req.url === "/healthz") return res.end("ok");
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("first,");
      setTimeout(() => res.end("last"), 1500);
    });
    server.listen(Number(process.env.PORT), "127.0.0.1");
    process.once("SIGTERM", () => server.close());
  `;
  const port = EXTRA_PORTS.shutdownStreaming;
  server = await startServer({
    command: ["node", "--import", "./build/request-guard.mjs", "--input-type=module", "-e", streaming],
    cwd: REPO_ROOT,
    port,
    env: { PATH: process.env.PATH, PORT: String(port) },
  });
  const client = await connect(port);
  client.socket.write(`GET /stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await expect.poll(() => client.received()).toContain("first,");

  const { response, exit, elapsed, figures } = await terminate(server, client, "streaming response");
  expect(response.status).toBe(200);
  expect(client.received()).toMatch(/first,.*last/s);
  expect(exit.code).toBe(0);
  expect(elapsed, figures).toBeLessThan(5_000);
  expect(server.output()).not.toContain(GUARD_GAVE_UP);
});
