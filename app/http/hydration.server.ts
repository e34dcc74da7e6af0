// Remix writes loader data into the page for hydration (window.__remixContext); the search's frame
// writes a results page's data into the same script (app/http/search-pages.server.ts).

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
