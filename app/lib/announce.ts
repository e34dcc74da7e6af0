/** The id of the polite live region in the root layout. */
export const LIVE_REGION_ID = "live-status";

/** Says `message` to screen readers through the page's live region. */
export function announce(message: string): void {
  const region = document.getElementById(LIVE_REGION_ID);
  if (!region) return;
  // Clearing first makes the same message ("Copied") announced again on a second copy.
  region.textContent = "";
  window.setTimeout(() => {
    region.textContent = message;
  }, 50);
}
