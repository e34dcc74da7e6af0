import { useEffect, useState } from "react";

/** Below this distance from the top of the window, a call's section counts as the one being read. */
const READING_OFFSET_PX = 120;

/** The call named by the address (#get-/v1/albums), if it is one of `anchors`. */
function callInAddress(anchors: readonly string[]): string | null {
  try {
    const id = decodeURIComponent(window.location.hash.slice(1));
    return anchors.includes(id) ? id : null;
  } catch {
    return null; // a malformed escape names nothing
  }
}

/**
 * The call being read among `anchors` (the ids of this page's call sections):
 * the last one whose section has scrolled up to the top of the window. While
 * the sections are hidden (the explorer is open), the call in the address.
 */
function currentCall(anchors: readonly string[]): string | null {
  let current: string | null = null;
  let shown = false;
  for (const id of anchors) {
    const section = document.getElementById(id);
    if (!section?.getClientRects().length) continue;
    shown = true;
    if (section.getBoundingClientRect().top <= READING_OFFSET_PX) current = id;
  }
  return shown ? current : callInAddress(anchors);
}

/**
 * The last call the reader had in view on this page, kept when they scroll
 * back up to the top (where "Try it" is), so the explorer can open there.
 */
let lastRead: string | null = null;

/** The call the reader was last on in this page, if any: where the explorer opens. */
export function lastCallRead(): string | null {
  return lastRead;
}

/**
 * Follows the call being read on `page` as the reader scrolls or follows a
 * link to a call. Null before the first call's section, and on pages without
 * calls (the overview).
 */
export function useCallBeingRead(page: string, anchors: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = anchors.join(" ");
  useEffect(() => {
    const ids = key ? key.split(" ") : [];
    lastRead = null; // another page
    let frame = 0;
    const update = () => {
      frame = 0;
      const call = ids.length ? currentCall(ids) : null;
      if (call) lastRead = call;
      setCurrent(call);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    window.addEventListener("hashchange", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      window.removeEventListener("hashchange", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [page, key]);
  return current;
}
