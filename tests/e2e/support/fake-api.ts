import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

/** One call the fake API received. */
export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** Fixture answers by "METHOD path", in the product's shapes (spec/openapi.yaml, product-facts). */
const FIXTURES: Record<string, { status: number; body: unknown }> = {
  "GET /version": { status: 200, body: { version: "24.05.08", gitSha: "80e42c2" } },
  "GET /v1/albums": {
    status: 200,
    body: [
      {
        id: "4a7f0c1e-6b8e-4d2a-9f3c-2b5d7e9a1c40",
        userId: "0b6e4f2a-3c1d-4e5f-8a9b-7c6d5e4f3a21",
        name: "Fixture album from the fake API",
        hidden: false,
        mediaItemsCount: 3,
        createdAt: "2024-05-08T10:00:00Z",
        updatedAt: "2024-05-08T10:00:00Z",
      },
    ],
  },
};

/** The CORS answer a proxy in front of Smriti adds (Smriti itself sends none). */
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, X-Smriti-Upload-Type, X-Smriti-Upload-Command, X-Smriti-Upload-Chunk-Offset, X-Smriti-Upload-Chunk-Session",
  "Access-Control-Max-Age": "600",
};

/**
 * A small stand-in for the Smriti API on loopback: fixture answers, a 401 for
 * an album call without a bearer token (as the product answers), and a record
 * of what it received. With `cors` (the default) it answers as Smriti behind a
 * CORS-adding proxy would: CORS headers on every answer and preflights.
 * Without, as Smriti itself does: no CORS headers, preflights not understood.
 */
export async function startFakeApi(
  port: number,
  { cors = true }: { cors?: boolean } = {},
): Promise<{ calls: ReceivedCall[]; close: () => Promise<void> }> {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    const method = request.method ?? "GET";
    calls.push({ method, path, headers: request.headers });
    const extra = cors ? CORS : {};
    if (method === "OPTIONS" && cors) {
      response.writeHead(204, CORS).end();
      return;
    }
    const fixture = FIXTURES[`${method} ${path}`];
    const bearer = /^Bearer \S+$/.test(request.headers.authorization ?? "");
    const [status, body] = !fixture
      ? [404, { message: "not found" }]
      : path.startsWith("/v1/") && !bearer
        ? [401, { message: "unauthorized" }]
        : [fixture.status, fixture.body];
    response.writeHead(status, { ...extra, "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
