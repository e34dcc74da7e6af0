// How other parts of the page ask for the search dialog without importing it:
// the listener lives in SearchShortcut (rendered once, in the root layout).

export const OPEN_SEARCH_EVENT = "site:open-search";

export function requestSearchDialog() {
  window.dispatchEvent(new Event(OPEN_SEARCH_EVENT));
}
