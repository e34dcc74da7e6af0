import { connect } from "node:net";
import { fileURLToPath } from "node:url";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** Everything after the header block, as received (chunked framing included). */
  body: string;
  raw: string;
}

/**
 * Sends bytes exactly as given (no normalisation of paths, methods or headers,
 * unlike a browser or fetch) and reads the answer until the server closes.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms to ${String(request).split("\r\n")[0]}`));
    }, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString("latin1");
      const end = raw.indexOf("\r\n\r\n");
      const head = end === -1 ? raw : raw.slice(0, end);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers,
        body: end === -1 ? "" : raw.slice(end + 4),
        raw,
      });
    });
    socket.write(request);
  });
}

/** A request line plus headers, closing the connection after the answer. */
export function httpRequest(method: string, target: string, headers: Record<string, string> = {}, body = ""): string {
  const all: Record<string, string> = { Host: "127.0.0.1", Connection: "close", ...headers };
  if (body && !("Content-Length" in all)) all["Content-Length"] = String(Buffer.byteLength(body, "latin1"));
  return `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n${body}`;
}

/** Where this checkout is: any path under it in an answer is a leak, wherever the tests run. */
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Signs of an internal failure that must never reach a reader. */
export const LEAKS: [string, RegExp][] = [
  ["a stack frame", /\n\s*at [^\n]*:\d+:\d+/],
  ["a node_modules path", /node_modules\//],
  ["a server file path", new RegExp(`${escapeRegExp(REPO_ROOT)}|/app/routes/|build/index\\.js|\\.server\\.ts`)],
  ["a Remix route id in an error", /for route "routes\//],
  ["an uncaught error name", /\b(TypeError|ReferenceError|SyntaxError|RangeError):/],
];
