import { METHOD_POLICY, type MethodPolicy } from "./guard-contract";
import { routeManifest } from "./route-manifest.server";

/**
 * Which methods each address accepts, from the routes themselves (a route
 * with an action takes POST; every address takes GET and HEAD), handed to
 * the request guard (server/guard/method-policy.ts), which refuses the rest
 * with one 405 before Express and Remix run. Left to Remix, a file route (a
 * resource route: /llms.txt, /openapi.json, /healthz) answered POST with a
 * bare JSON "Unexpected Server Error" and OPTIONS with its whole body, while
 * pages answered both with a 405.
 */
function allowed(target: string): string | null {
  try {
    return routeManifest.allowedMethods(new URL(target, "http://target.invalid").pathname);
  } catch {
    return null;
  }
}

/** Makes the method policy available to the request guard, in development too (the guard runs there as well). */
export function registerMethodPolicy(): void {
  (globalThis as Record<symbol, MethodPolicy>)[METHOD_POLICY] = { allowed };
}
