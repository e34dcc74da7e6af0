import type { IncomingMessage } from "node:http";
import { MAX_HEADER_BYTES } from "../../app/http/guard-contract";

// What the request guard checks: the few properties of a request that the
// stack in front of our code (Node, Express, the Remix adapter) cannot handle
// gracefully. Pure, so it can be tested on its own.

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_TARGET_LENGTH = 8192;
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
const PERCENT_ENCODING = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;
/** C0 controls and DEL, tested by code point (a regex would have to spell control characters). */
const isControlCharacter = (codePoint: number) => codePoint < 0x20 || codePoint === 0x7f;

export const REASONS = {
  400: "Bad Request",
  403: "Forbidden",
  405: "Method Not Allowed",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
} as const;

export type RejectionStatus = keyof typeof REASONS;
export interface Rejection {
  status: RejectionStatus;
  detail: string;
}

/** The parts of a request the checks read: a Node request, or a plain object in tests. */
export type InspectedRequest = Pick<IncomingMessage, "method" | "url" | "headers"> & { rawHeaders?: string[] };

function headerBytes(req: InspectedRequest): number {
  let total = (req.method?.length ?? 0) + (req.url?.length ?? 0) + 12;
  for (const part of req.rawHeaders ?? []) total += part.length + 2;
  return total;
}

function validHost(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** Why this request cannot be served as it is, or null when it can. */
export function inspectRequest(req: InspectedRequest): Rejection | null {
  const method = req.method ?? "";
  if (!ALLOWED_METHODS.has(method)) return { status: 405, detail: `method ${req.method} is not supported` };
  const target = req.url ?? "";
  // A target that starts "//" is still a path (the absolute and authority forms start otherwise): the
  // guard sends it on to the path with each run of slashes made one (collapse-slashes), a path on this
  // site; only that redirect, never the stack, which would read "//host" as another host, sees it.
  if (!target.startsWith("/")) return { status: 400, detail: "the request target must be a path" };
  if (target.length > MAX_TARGET_LENGTH) {
    return { status: 414, detail: `the address is longer than ${MAX_TARGET_LENGTH} characters` };
  }
  if (headerBytes(req) > MAX_HEADER_BYTES) {
    return { status: 431, detail: `the request headers are larger than ${MAX_HEADER_BYTES / 1024} KB` };
  }
  const path = target.split("?")[0] ?? "";
  if (!PERCENT_ENCODING.test(path)) return { status: 400, detail: "the address has malformed percent-encoding" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, detail: "the address is not valid UTF-8" };
  }
  for (const character of decoded) {
    if (isControlCharacter(character.codePointAt(0) ?? 0)) {
      return { status: 400, detail: "the address contains control characters" };
    }
  }
  // "/%5C" decodes to "/\", which the URL parser reads as "//", the start of another host's address:
  // React Router's server renderer threw on it (a 500).
  if (decoded.startsWith("/\\")) return { status: 400, detail: "the request target must be a path" };
  const host = req.headers.host;
  if (host !== undefined && !validHost(host))
    return { status: 400, detail: "the Host header is not a valid host name" };
  const origin = req.headers.origin;
  if (UNSAFE_METHODS.has(method) && origin !== undefined && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return { status: 403, detail: "the Origin header is malformed" };
    }
    const forwardedHeader = req.headers["x-forwarded-host"];
    const forwarded = (Array.isArray(forwardedHeader) ? forwardedHeader[0] : forwardedHeader)?.split(",")[0]?.trim();
    if (originHost !== (forwarded || host))
      return { status: 403, detail: "cross-site form submissions are not accepted" };
  }
  return null;
}
