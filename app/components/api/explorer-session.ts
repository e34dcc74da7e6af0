// What a reader sets in the explorer, the API server and a bearer token, kept
// for the visit: in sessionStorage, so another page of the reference (or the
// same one reloaded) opens with them, and closing the tab forgets them.
// RapiDoc's own "persist-auth" would keep the token in localStorage, beyond
// the visit, so it stays off. Basic credentials (the administrator's
// password) are never stored.

const KEY = "smriti-api-explorer";

interface SavedExplorer {
  server?: string;
  /** Token values by security scheme id ("bearerAuth"). */
  tokens: Record<string, string>;
}

/** The parts of RapiDoc 9.3.8's element this reads and calls (its public methods and resolved spec). */
interface RapiDocElement extends HTMLElement {
  selectedServer?: { url: string };
  resolvedSpec?: {
    servers?: { url: string }[];
    securitySchemes?: { securitySchemeId: string; type?: string; scheme?: string; value?: string }[];
  };
  setApiServer(url: string): boolean;
  setApiKey(schemeId: string, value: string): boolean;
}

function read(): SavedExplorer {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as SavedExplorer | null;
    return saved && typeof saved === "object"
      ? { server: typeof saved.server === "string" ? saved.server : undefined, tokens: saved.tokens ?? {} }
      : { tokens: {} };
  } catch {
    return { tokens: {} }; // storage off or unreadable: nothing kept
  }
}

const isToken = (scheme: { type?: string; scheme?: string }) =>
  scheme.type !== "http" || scheme.scheme?.toLowerCase() === "bearer";

function save(explorer: RapiDocElement): void {
  const spec = explorer.resolvedSpec;
  if (!spec) return;
  const tokens: Record<string, string> = {};
  for (const scheme of spec.securitySchemes ?? [])
    if (isToken(scheme) && scheme.value) tokens[scheme.securitySchemeId] = scheme.value;
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ server: explorer.selectedServer?.url, tokens } satisfies SavedExplorer),
    );
  } catch {
    // storage full or off: the explorer still works, only without memory
  }
}

/** Puts back what the reader set earlier in the visit, once RapiDoc has loaded the spec. */
export function restoreExplorerSession(element: HTMLElement): void {
  const explorer = element as RapiDocElement;
  const saved = read();
  if (saved.server && explorer.resolvedSpec?.servers?.some((server) => server.url === saved.server))
    explorer.setApiServer(saved.server);
  for (const [scheme, value] of Object.entries(saved.tokens)) explorer.setApiKey(scheme, value);
}

/**
 * Keeps what the reader sets from now on: after each click in the explorer
 * (its "Set", "Remove" and server choices are clicks) and when the page is
 * left. Returns the function that stops.
 */
export function keepExplorerSession(element: HTMLElement): () => void {
  const explorer = element as RapiDocElement;
  let timer = 0;
  const soon = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => save(explorer), 0); // after RapiDoc has handled the click
  };
  const now = () => save(explorer);
  explorer.addEventListener("click", soon);
  explorer.addEventListener("change", soon);
  explorer.addEventListener("api-server-change", now);
  window.addEventListener("pagehide", now);
  return () => {
    window.clearTimeout(timer);
    save(explorer);
    explorer.removeEventListener("click", soon);
    explorer.removeEventListener("change", soon);
    explorer.removeEventListener("api-server-change", now);
    window.removeEventListener("pagehide", now);
  };
}
