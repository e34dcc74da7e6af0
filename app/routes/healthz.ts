import { getSiteContent } from "~/content/store.server";
import { readiness } from "~/startup.server";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

function reply(status: number, payload: Record<string, unknown>): Response {
  const body = JSON.stringify(payload);
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      // Known length: a body this small is not worth compressing.
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * Liveness and readiness for load balancers and the container's HEALTHCHECK. Never cached.
 * 200 only when the configuration parses, the compiled content (the store) is readable and
 * the server has rendered its first pages (app/http/warm-up.server.ts, well under a second);
 * otherwise 503 with the check that failed or is still running.
 */
export function loader() {
  try {
    const { ready, checks } = readiness();
    if (!ready) return reply(503, { status: "unavailable", checks });
    const { build, buildId } = getSiteContent();
    return reply(200, {
      status: "ok",
      version: build.version,
      commit: build.commit ?? "unknown",
      content: buildId,
      checks,
    });
  } catch {
    return reply(503, { status: "unavailable", reason: "the health check itself failed" });
  }
}
