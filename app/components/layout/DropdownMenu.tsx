import { useEffect, useRef, type ReactNode } from "react";
import { ChevronDownIcon } from "~/components/icons";

/**
 * A navbar menu built on <details>, so it opens and closes without
 * JavaScript. With JavaScript it also closes on Escape (focus returns to its
 * button), on a click outside, and after a choice. Its chevron turns with its
 * own <details> only (details[open]>summary>…), not with a menu around it.
 */
export function DropdownMenu({ label, summary, children }: { label: string; summary: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => details.removeAttribute("open");
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        close();
        details.querySelector("summary")?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) close();
    };
    details.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      details.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <details ref={ref} className="relative">
      <summary
        aria-label={label}
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        {summary}
        <ChevronDownIcon className="transition-transform [details[open]>summary>&]:rotate-180" />
      </summary>
      <div
        className="menu-panel"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) ref.current?.removeAttribute("open");
        }}
      >
        {children}
      </div>
    </details>
  );
}
