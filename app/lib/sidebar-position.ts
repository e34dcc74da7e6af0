/**
 * Brings the current page's entry into view inside the sidebar's own scroll
 * box, centred, when it is not already fully visible; otherwise leaves the
 * reader's scroll position alone. The window never scrolls.
 *
 * Self-contained on purpose: the page also runs it as an inline script (its
 * source text, see SIDEBAR_POSITION_SCRIPT), so it may use nothing from outside.
 */
export function revealCurrentEntry(nav: Element | null): void {
  const link = nav && nav.querySelector('[aria-current="page"]');
  if (!link) return;
  let box = link.parentElement;
  while (box && box !== document.body) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight) break;
    box = box.parentElement;
  }
  if (!box || box === document.body) return; // hidden (a closed phone menu) or short enough to show whole
  // What the reader sees of the box: at the top of a page a banner above may push its end below the window.
  const outer = box.getBoundingClientRect();
  const top = Math.max(outer.top, 0);
  const bottom = Math.min(outer.bottom, window.innerHeight);
  const entry = link.getBoundingClientRect();
  if (entry.top >= top && entry.bottom <= bottom) return;
  box.scrollTop += entry.top - top - (bottom - top - entry.height) / 2;
}

/**
 * Runs right after the sidebar is parsed, before the first paint and before
 * any bundle loads, so a reader arrives with their page's entry in view; on a
 * phone, when the menu holding the sidebar opens. The page's CSP allows it by
 * its hash (app/http/security-headers.server.ts hashes every inline script).
 */
export const SIDEBAR_POSITION_SCRIPT =
  `(function(reveal,nav){reveal(nav);document.addEventListener("toggle",function(e){` +
  `if(e.target instanceof HTMLDetailsElement&&e.target.open&&e.target.hasAttribute("data-mobile-menu"))reveal(nav)},true)})` +
  `(${revealCurrentEntry.toString()},document.currentScript.previousElementSibling);`;
