import type { IncomingMessage } from "node:http";
import { METHOD_POLICY, type MethodPolicy } from "../../app/http/guard-contract";
import { lastResort } from "./crash-policy";
import type { Rejection } from "./inspect-request";

/** What the site accepts at some address, for the Allow header when the app has not said what one address accepts. */
const ANY_ADDRESS = "GET, HEAD, POST";

/** The methods the app says `target` accepts (app/http/method-policy.server.ts), or null before it can say. */
function policyAllows(target: string): string | null {
  try {
    return (globalThis as Record<symbol, MethodPolicy | undefined>)[METHOD_POLICY]?.allowed(target) ?? null;
  } catch (error) {
    lastResort("the method policy threw", error);
    return null;
  }
}

/** The Allow header of a 405 for `target`: what its address accepts, so it never names a method the address refuses. */
export function allowHeader(target: string | undefined): string {
  return policyAllows(target ?? "/") ?? ANY_ADDRESS;
}

/**
 * A 405 for a method the address does not accept (a POST to a file or a page,
 * OPTIONS anywhere), or null. GET and HEAD are always let through, and so is
 * everything while the app has not said what an address accepts: Remix then
 * answers as it always did.
 */
export function refusedMethod(req: Pick<IncomingMessage, "method" | "url">): Rejection | null {
  const method = req.method ?? "";
  if (method === "GET" || method === "HEAD") return null;
  const allowed = policyAllows(req.url ?? "/");
  if (allowed === null || allowed.split(", ").includes(method)) return null;
  return { status: 405, detail: `this address does not accept ${method}` };
}
