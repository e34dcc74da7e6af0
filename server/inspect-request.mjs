// What the request guard checks: the few properties of a request that the
// stack in front of our code (Node, Express, the Remix adapter) cannot handle
// gracefully. Pure, so it can be tested on its own.

export const REJECTION_HEADER = "x-smriti-rejected";
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_TARGET_LENGTH = 8192;
/** Request line and headers together; Node itself refuses beyond SERVER_MAX_HEADER_SIZE. */
export const MAX_HEADER_BYTES = 16384;
export const SERVER_MAX_HEADER_SIZE = 65536;
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
const PERCENT_ENCODING = /^(?:[^%]|%[0-9A-Fa-f]{2})*$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const REASONS = {
  400: "Bad Request",
  403: "Forbidden",
  405: "Method Not Allowed",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

function headerBytes(req) {
  let total = (req.method?.length ?? 0) + (req.url?.length ?? 0) + 12;
  for (const part of req.rawHeaders ?? []) total += part.length + 2;
  return total;
}

function validHost(value) {
  const match = HOST.exec(value);
  return Boolean(match) && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** Why this request cannot be served as it is, or null when it can. */
export function inspectRequest(req) {
  if (!ALLOWED_METHODS.has(req.method)) return { status: 405, detail: `method ${req.method} is not supported` };
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) {
    return { status: 400, detail: "the request target must be a path" };
  }
  if (target.length > MAX_TARGET_LENGTH) return { status: 414, detail: `the address is longer than ${MAX_TARGET_LENGTH} characters` };
  if (headerBytes(req) > MAX_HEADER_BYTES) return { status: 431, detail: `the request headers are larger than ${MAX_HEADER_BYTES / 1024} KB` };
  const path = target.split("?")[0];
  if (!PERCENT_ENCODING.test(path)) return { status: 400, detail: "the address has malformed percent-encoding" };
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, detail: "the address is not valid UTF-8" };
  }
  if (CONTROL_CHARACTERS.test(decoded)) return { status: 400, detail: "the address contains control characters" };
  const host = req.headers.host;
  if (host !== undefined && !validHost(host)) return { status: 400, detail: "the Host header is not a valid host name" };
  if (UNSAFE_METHODS.has(req.method) && req.headers.origin !== undefined && req.headers.origin !== "null") {
    let originHost;
    try {
      originHost = new URL(req.headers.origin).host;
    } catch {
      return { status: 403, detail: "the Origin header is malformed" };
    }
    const forwarded = req.headers["x-forwarded-host"]?.split(",")[0]?.trim();
    if (originHost !== (forwarded || host)) return { status: 403, detail: "cross-site form submissions are not accepted" };
  }
  return null;
}
