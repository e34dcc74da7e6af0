// The channel between `npm run dev`'s content host (scripts/dev/content-host.mjs)
// and its app server (scripts/dev/app-server.mjs), two processes: messages
// serialised with node:v8 (the structured clone a worker's postMessage uses, so
// the content arrives as the worker made it), each framed by its length, over
// a local socket. The content worker serialises its states itself, so the host
// passes their bytes on without reading them.
import { rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";

/** The env variable naming the host's socket, set by scripts/dev/start.mjs for the processes it starts. */
export const CONTENT_SOCKET_ENV = "SMRITI_DEV_CONTENT_SOCKET";

/** A socket path of the dev server started as process `pid`: a named pipe on Windows, a file elsewhere. */
export const contentSocketPath = (pid) =>
  process.platform === "win32"
    ? `\\\\.\\pipe\\smriti-dev-content-${pid}`
    : join(tmpdir(), `smriti-dev-content-${pid}.sock`);

/** Removes a socket file left behind (a named pipe goes with its server). */
export function removeSocket(path) {
  if (process.platform !== "win32") rmSync(path, { force: true });
}

/**
 * A connection to the content host at `socketPath`, tried again every 100 ms
 * for `limitMs` while its socket is not there or not accepting yet: the host
 * opens it as it starts, and a process started beside it can be first.
 *
 * @returns {Promise<import("node:net").Socket>}
 */
export async function connectToHost(socketPath, limitMs) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      return await new Promise((resolveConnected, rejectConnected) => {
        const socket = net.connect(socketPath);
        socket.once("connect", () => {
          socket.off("error", rejectConnected);
          resolveConnected(socket);
        });
        socket.once("error", rejectConnected);
      });
    } catch (error) {
      if (Date.now() > deadline || !["ENOENT", "ECONNREFUSED"].includes(error.code))
        throw new Error(`the content host is not reachable at ${socketPath}: ${error.message}`, { cause: error });
      await new Promise((resolveLater) => setTimeout(resolveLater, 100));
    }
  }
}

const LENGTH_BYTES = 4;

/** `message` as the bytes of one frame's body. */
export const encode = (message) => serialize(message);

/**
 * Writes one frame holding `body` (bytes from encode) to `socket`.
 *
 * @param {import("node:net").Socket} socket
 * @param {Uint8Array} body
 */
export function sendFrame(socket, body) {
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32BE(body.byteLength);
  socket.write(length);
  socket.write(body);
}

/** Sends `message` as one frame. */
export const sendMessage = (socket, message) => sendFrame(socket, encode(message));

/**
 * Calls `onMessage` with each message read from `socket`, in order, however
 * the stream cuts the frames into chunks.
 *
 * @param {import("node:net").Socket} socket
 * @param {(message: any) => void} onMessage
 */
export function readMessages(socket, onMessage) {
  /** @type {Buffer[]} */
  let chunks = [];
  let buffered = 0;
  /** The bytes of the frame being read, head included, once its head is in. */
  let frameBytes = null;
  const joined = () => (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  socket.on("data", (chunk) => {
    chunks.push(chunk);
    buffered += chunk.length;
    for (;;) {
      if (frameBytes === null) {
        if (buffered < LENGTH_BYTES) return;
        chunks = [joined()];
        frameBytes = LENGTH_BYTES + chunks[0].readUInt32BE(0);
      }
      // A large state comes in many chunks: they are joined once, when the whole frame is in.
      if (buffered < frameBytes) return;
      const all = joined();
      const body = all.subarray(LENGTH_BYTES, frameBytes);
      const rest = all.subarray(frameBytes);
      chunks = rest.length ? [rest] : [];
      buffered = rest.length;
      frameBytes = null;
      onMessage(deserialize(body));
    }
  });
}
