/**
 * Settings pages show their form on GET and change the setting on POST; any
 * other method is refused here (Remix hands PUT, PATCH and DELETE to the action).
 */
export function requirePost(request: Request): void {
  if (request.method !== "POST") throw new Response(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
}
