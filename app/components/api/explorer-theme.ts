// RapiDoc's attributes set its colours and fonts, but its chrome keeps two
// habits the site does not have: headings and buttons in capitals, some from
// CSS (text-transform) and some written in capitals in its templates ("TRY",
// "API SERVER"). Both live inside its shadow roots, out of reach of the
// site's stylesheet and of ::part(). This adds a small stylesheet to every
// shadow root and writes its fixed labels in sentence case, as the site's own
// buttons and headings are.

/** RapiDoc 9.3.8's labels written in capitals (node_modules/rapidoc/src), as the site would write them. */
const LABELS: Record<string, string> = {
  TRY: "Try",
  CLEAR: "Clear",
  "CLEAR RESPONSE": "Clear response",
  COPY: "Copy",
  REQUEST: "Request",
  "CALLBACK REQUEST": "Callback request",
  RESPONSE: "Response",
  "CALLBACK RESPONSE": "Callback response",
  "RESPONSE HEADERS": "Response headers",
  "REQUEST HEADERS": "Request headers",
  "PATH PARAMETERS": "Path parameters",
  "QUERY-STRING PARAMETERS": "Query parameters",
  COOKIES: "Cookies",
  EXAMPLE: "Example",
  SCHEMA: "Schema",
  CURL: "curl",
  ADD: "Add",
  "API SERVER": "API server",
  "SERVER VARIABLES": "Server variables",
  AUTHENTICATION: "Authentication",
  "CLEAR ALL API KEYS": "Clear all API keys",
  REMOVE: "Remove",
  SET: "Set",
  UPDATE: "Update",
  OR: "or",
  OPERATIONS: "Operations",
  COMPONENTS: "Components",
  "CODE SAMPLES": "Code samples",
  CALLBACKS: "Callbacks",
  DEPRECATED: "Deprecated",
  WEBHOOK: "Webhook",
  ARRAY: "array",
  SEARCH: "Search",
  "REQUEST BODY": "Request body",
  "FILL EXAMPLE": "Fill example",
  "GET TOKEN": "Get token",
  "LOCAL JSON FILE": "Local JSON file",
  "SELECTED:": "Selected:",
};

/** RapiDoc's own capitals from CSS, undone; the HTTP methods keep theirs. Buttons take the site's rounded shape. */
const STYLES = `
  .tag.title, .upper:not(.method-fg), .schema-root-type, .nav-bar-section-title, .sub-title, .table-title, .req-res-title, .tab-btn, .m-btn { text-transform: none; letter-spacing: normal; }
  .m-btn { border-radius: 6px; font-weight: 600; }
  .sub-title, .req-res-title { font-weight: 700; }
`;

function sentenceCase(root: ShadowRoot): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? "";
    const label = LABELS[text.trim()];
    if (label) node.nodeValue = text.replace(text.trim(), label);
  }
}

let sheet: CSSStyleSheet | null = null;

/** Gives one of RapiDoc's shadow roots the site's look; safe to call again on the same root. */
export function themeExplorerRoot(root: ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  sentenceCase(root);
}
