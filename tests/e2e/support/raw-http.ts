import http from "node:http";
import https from "node:https";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, decoded from its Content-Encoding. */
  text: string;
}

export interface RawRequest {
  method?: string;
  /** By name, or as a flat list of names and values (Node's rawHeaders), which can repeat a header. */
  headers?: Record<string, string> | string[];
  body?: string;
  /** TLS server name to send (SNI); the URL's host name unless told. */
  servername?: string;
}

/**
 * One request, on a fresh connection, exactly as given: no cookie jar, no
 * redirects followed, self-signed certificates accepted, IPv4 only (the test
 * servers listen on 127.0.0.1).
 */
export function rawRequest(
  url: string,
  { method = "GET", headers = {}, body, servername }: RawRequest = {},
): Promise<RawResponse> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method,
        headers: Array.isArray(headers)
          ? ["Accept-Encoding", "identity", ...headers]
          : { "Accept-Encoding": "identity", ...headers },
        family: 4,
        agent: false,
        rejectUnauthorized: false,
        ...(servername ? { servername } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const decoded = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: decoded.toString("utf8") });
        });
      },
    );
    request.on("error", reject);
    request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.end(body);
  });
}
