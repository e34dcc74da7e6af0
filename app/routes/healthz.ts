import { getSiteContent } from "~/content/store.server";

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

/** Liveness and readiness for load balancers and the container's HEALTHCHECK. Never cached. */
export function loader() {
  try {
    const { build, buildId } = getSiteContent();
    return reply(200, { status: "ok", version: build.version, commit: build.commit ?? "unknown", content: buildId });
  } catch {
    return reply(503, { status: "unavailable", reason: "compiled content is missing; run the build" });
  }
}
