import { currentVersion } from "~/content/site-versions";
import { getSiteContent } from "~/content/store.server";
import { cachedResponse } from "~/http/cached-response.server";

const FORMATS = {
  yaml: { type: "application/yaml; charset=utf-8", body: (api: { specYaml: string }) => api.specYaml },
  json: { type: "application/json; charset=utf-8", body: (api: { specJson: string }) => api.specJson },
} as const;

/**
 * A spec download in one format: precompressed, with a validator, cacheable by
 * browsers and proxies. `version` is the id in "/<id>/openapi.yaml" (Next, older
 * releases); none is the current release. A version without a spec is a 404.
 */
export function specResponse(request: Request, format: keyof typeof FORMATS, version?: string): Promise<Response> {
  const content = getSiteContent();
  const entry =
    version === undefined
      ? currentVersion(content)
      : content.versions.find((v) => v.version.id === version && v.version.specBase !== "");
  const api = entry?.api;
  if (!api) throw new Response("Not Found", { status: 404 });
  return cachedResponse(request, async () => ({
    status: 200,
    body: FORMATS[format].body(api),
    headers: {
      "Content-Type": FORMATS[format].type,
      "Content-Disposition": `inline; filename="smriti-openapi-${api.version}.${format}"`,
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
      // A public contract: client generators and other tools may fetch it from anywhere.
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
    },
  }));
}
