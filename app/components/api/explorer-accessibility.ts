// RapiDoc renders its "try it" forms without labels: 80-odd inputs and
// textareas that a screen reader announces as "edit text". This names each
// unnamed control from what RapiDoc does put on it (the parameter name, the
// operation it belongs to, its placeholder), inside every shadow root, and
// keeps doing so as RapiDoc re-renders. It also turns RapiDoc's clickable
// anchors without an address (an enum value that fills its parameter in) into
// buttons a keyboard can reach and press. While it watches, it also gives each
// shadow root the site's look (explorer-theme.ts).

import { themeExplorerRoot } from "./explorer-theme";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const PLACEHOLDER_NAMES: Record<string, string> = {
  "api-token": "Bearer access token",
  username: "Administrator user name",
  password: "Administrator password",
  filter: "Filter operations",
  "search text...": "Search the API",
};

function hasName(control: Control): boolean {
  if (control.getAttribute("aria-label") || control.getAttribute("aria-labelledby")) return true;
  if (control.labels && control.labels.length > 0) return true;
  return Boolean(control.closest("label"));
}

/** The operation a control belongs to, e.g. "POST /v1/albums", from RapiDoc's <api-request> host. */
function operationOf(control: Control): string {
  const host = (control.getRootNode() as ShadowRoot).host as HTMLElement | undefined;
  const method = host?.getAttribute("method")?.toUpperCase();
  const path = host?.getAttribute("path");
  return method && path ? ` for ${method} ${path}` : path ? ` for ${path}` : "";
}

function nameFor(control: Control): string | null {
  const parameter = control.dataset.pname;
  if (parameter) return `${parameter} (${control.dataset.ptype ?? "parameter"})${operationOf(control)}`;
  if (control instanceof HTMLTextAreaElement) return `Request body${operationOf(control)}`;
  if (control instanceof HTMLInputElement && control.type === "radio" && control.name === "api_server") {
    return `API server ${control.value || control.nextSibling?.textContent?.trim() || ""}`.trim();
  }
  const placeholder = control.getAttribute("placeholder")?.trim().toLowerCase();
  if (placeholder)
    return PLACEHOLDER_NAMES[placeholder] ?? `${control.getAttribute("placeholder")}${operationOf(control)}`;
  return null;
}

function shadowRoots(root: ShadowRoot): ShadowRoot[] {
  const found = [root];
  for (const element of root.querySelectorAll("*"))
    if (element.shadowRoot) found.push(...shadowRoots(element.shadowRoot));
  return found;
}

function pressOnEnterOrSpace(event: KeyboardEvent): void {
  if (event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  (event.currentTarget as HTMLElement).click();
}

function labelControls(roots: ShadowRoot[]): void {
  for (const root of roots) {
    for (const control of root.querySelectorAll<Control>("input, textarea, select")) {
      if (hasName(control)) continue;
      const name = nameFor(control);
      if (name) control.setAttribute("aria-label", name);
    }
    for (const anchor of root.querySelectorAll<HTMLAnchorElement>("a:not([href]):not([role])")) {
      anchor.setAttribute("role", "button");
      anchor.tabIndex = 0;
      anchor.addEventListener("keydown", pressOnEnterOrSpace);
    }
  }
}

/** Names RapiDoc's controls now and whenever it renders more; returns the function that stops watching. */
export function labelExplorerControls(explorer: HTMLElement): () => void {
  const root = explorer.shadowRoot;
  if (!root) return () => {};
  let frame = 0;
  const observers: MutationObserver[] = [];
  const observed = new WeakSet<ShadowRoot>();
  const run = () => {
    frame = 0;
    const roots = shadowRoots(root);
    for (const shadow of roots) {
      if (observed.has(shadow)) continue;
      observed.add(shadow);
      const observer = new MutationObserver(schedule);
      // Text too: RapiDoc rewrites some labels in place ("SET" becomes "UPDATE").
      observer.observe(shadow, { childList: true, characterData: true, subtree: true });
      observers.push(observer);
    }
    labelControls(roots);
    for (const shadow of roots) themeExplorerRoot(shadow);
  };
  function schedule() {
    if (!frame) frame = requestAnimationFrame(run);
  }
  run();
  return () => {
    for (const observer of observers) observer.disconnect();
    if (frame) cancelAnimationFrame(frame);
  };
}
