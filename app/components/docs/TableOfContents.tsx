import { useEffect, useMemo, useState } from "react";
import type { TocEntry } from "~/content/types";

/** Below this distance from the top, a heading counts as the one being read. */
const ACTIVE_OFFSET_PX = 120;

/** The id of the section being read: the last heading that has scrolled past the top. */
function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (!ids.length) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | null = null;
      for (const id of ids) {
        const heading = document.getElementById(id);
        if (heading && heading.getBoundingClientRect().top <= ACTIVE_OFFSET_PX) current = id;
      }
      // At the very bottom, the last section is the one being read even if its heading never reached the top.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = ids[ids.length - 1] ?? current;
      setActive(current ?? ids[0] ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids]);
  return active;
}

function Entries({ toc, active }: { toc: TocEntry[]; active: string | null }) {
  return (
    <ul className="space-y-1 text-sm">
      {toc.map((entry) => (
        <li key={entry.id} className={entry.depth === 3 ? "pl-3" : undefined}>
          <a
            href={`#${entry.id}`}
            aria-current={active === entry.id ? "location" : undefined}
            className="toc-link"
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

function useTocIds(toc: TocEntry[]): string[] {
  return useMemo(() => toc.map((entry) => entry.id), [toc]);
}

/** The page's h2 and h3 headings as a collapsed list above the text, below 1280 px. */
export function TocInline({ toc }: { toc: TocEntry[] }) {
  const active = useActiveHeading(useTocIds(toc));
  if (!toc.length) return null;
  return (
    <details className="mb-6 rounded-lg border border-slate-200 px-4 py-2 xl:hidden dark:border-slate-800">
      <summary className="cursor-pointer text-sm font-bold">On this page</summary>
      <nav aria-label="On this page" className="mt-2">
        <Entries toc={toc} active={active} />
      </nav>
    </details>
  );
}

/** The same headings as a column beside the text from 1280 px, following the reader. */
export function TocColumn({ toc }: { toc: TocEntry[] }) {
  const active = useActiveHeading(useTocIds(toc));
  if (!toc.length) return null;
  return (
    <aside className="hidden w-56 shrink-0 xl:block" aria-label="Table of contents">
      <nav aria-label="On this page" className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto py-10">
        <p className="mb-2 text-xs font-bold uppercase tracking-wide text-slate-600 dark:text-slate-400">On this page</p>
        <Entries toc={toc} active={active} />
      </nav>
    </aside>
  );
}
