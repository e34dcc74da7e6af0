// A content page's body is already in the HTML. Sending it again inside the
// hydration payload (window.__remixContext) doubled the page's weight, since
// the JSON copy escapes every "<". The payload therefore leaves page.html out
// and the browser reads that one field back from the DOM it hydrates
// (app/components/docs/DocContent.tsx). Client-side navigations still get the
// HTML through normal data requests. See docs/decisions/003-page-html-once.md.

interface ContentLoaderData {
  page: { url: string; html: string | null };
}

function isContentLoaderData(value: unknown): value is ContentLoaderData {
  const page = (value as { page?: { url?: unknown; html?: unknown } } | null)?.page;
  return typeof page?.url === "string" && typeof page.html === "string";
}

// The same escaping Remix applies to the payload, so it is safe inside <script>.
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON as Remix writes it into the hydration script: safe inside <script>. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}

/** The hydration payload without the bodies of content pages. */
export function hydrationPayload(serverHandoff: string): string {
  const handoff = JSON.parse(serverHandoff) as { state?: { loaderData?: Record<string, unknown> } };
  let changed = false;
  for (const data of Object.values(handoff.state?.loaderData ?? {})) {
    if (!isContentLoaderData(data)) continue;
    data.page.html = null;
    changed = true;
  }
  return changed ? scriptJson(handoff) : serverHandoff;
}
