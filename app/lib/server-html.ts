const kept = new Map<string, string>();

/**
 * The HTML the server rendered inside the element whose `attribute` is `value`, read from
 * the DOM once, before React takes the page over, and kept for later renders.
 * Components that show server-made HTML render it back unchanged while
 * hydrating, so the browser never needs that HTML in its data or its code.
 */
export function serverRenderedHtml(attribute: string, value: string): string {
  if (typeof document === "undefined") return "";
  const key = `${attribute}=${value}`;
  let html = kept.get(key);
  if (html === undefined) {
    html = document.querySelector(`[${attribute}="${CSS.escape(value)}"]`)?.innerHTML ?? "";
    kept.set(key, html);
  }
  return html;
}
