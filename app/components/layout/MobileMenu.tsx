import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CloseIcon, MenuIcon } from "~/components/icons";
import { LocaleMenu } from "./LocaleMenu";
import { PrimaryLinks, RepositoryLink } from "./NavLinks";
import { SearchBox } from "./SearchBox";
import { VersionMenu } from "./VersionMenu";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Whether Tab can land on `element`: shown, and not inside a closed <details> other than as its summary. */
function reachable(element: HTMLElement): boolean {
  const closed = element.closest("details:not([open])");
  if (closed && element !== closed.querySelector(":scope > summary")) return false;
  return element.getClientRects().length > 0;
}

/**
 * Below 996 px the navbar links and the docs sidebar fold into this menu. It
 * is a <details>, so it opens and closes without JavaScript. On docs pages the
 * page's own sidebar is shown inside the open menu, under its links (app.css,
 * "Mobile menu"): one sidebar in the page, not a second copy. With
 * JavaScript, focus stays in the menu and sidebar while open, Escape closes it
 * and focus returns to the menu button, and following a link closes it.
 */
export function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Close after a client-side page change, or a link to a place in the page (the API
  // navigation's calls), but not when the page first hydrates: a reader may have
  // opened the menu before the scripts arrived.
  const shown = `${location.pathname}${location.hash}`;
  const shownPath = useRef(shown);
  useEffect(() => {
    if (shownPath.current === shown) return;
    shownPath.current = shown;
    ref.current?.removeAttribute("open");
  }, [shown]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    const focusables = () =>
      [
        ...details.querySelectorAll<HTMLElement>(FOCUSABLE),
        ...document.querySelectorAll<HTMLElement>(`.docs-sidebar :is(${FOCUSABLE})`),
      ].filter((el) => el === summary || reachable(el));
    const onKey = (event: KeyboardEvent) => {
      if (!details.open) return;
      if (event.key === "Escape") {
        event.preventDefault();
        details.removeAttribute("open");
        summary?.focus();
        return;
      }
      if (event.key !== "Tab") return;
      // The menu's controls and the sidebar are apart in the page, so focus is moved through them explicitly.
      const items = focusables();
      if (!items.length) return;
      event.preventDefault();
      const index = items.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next =
        index === -1 ? (event.shiftKey ? items.length - 1 : 0) : (index + step + items.length) % items.length;
      items[next]?.focus();
    };
    const onToggle = () => {
      document.documentElement.classList.toggle("overflow-hidden", details.open);
    };
    document.addEventListener("keydown", onKey);
    details.addEventListener("toggle", onToggle);
    onToggle(); // it may already be open
    return () => {
      document.removeEventListener("keydown", onKey);
      details.removeEventListener("toggle", onToggle);
      document.documentElement.classList.remove("overflow-hidden");
    };
  }, []);

  return (
    <details ref={ref} className="lg:hidden" data-mobile-menu>
      <summary
        className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <MenuIcon className="[details[open]>summary>&]:hidden" />
        <CloseIcon className="hidden [details[open]>summary>&]:block" />
      </summary>
      <div className="mobile-menu-panel fixed inset-x-0 bottom-0 top-16 z-40 overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 dark:border-slate-800 dark:bg-brand-night">
        <nav aria-label="Main" className="mobile-menu-head flex flex-col gap-2">
          <SearchBox id="mobile-search" />
          <div className="flex flex-wrap items-center gap-1">
            <PrimaryLinks />
            <RepositoryLink />
          </div>
          <div className="flex flex-wrap gap-2">
            <VersionMenu />
            <LocaleMenu />
          </div>
        </nav>
      </div>
    </details>
  );
}
