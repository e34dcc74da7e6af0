import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CloseIcon, MenuIcon } from "~/components/icons";
import { Sidebar } from "~/components/docs/Sidebar";
import { useDocsNavigation } from "~/lib/docs-navigation";
import { LocaleMenu } from "./LocaleMenu";
import { PrimaryLinks, RepositoryLink } from "./NavLinks";
import { SearchBox } from "./SearchBox";
import { VersionMenu } from "./VersionMenu";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Below 996 px the navbar links and the docs sidebar fold into this menu. It
 * is a <details>, so it opens and closes without JavaScript; with JavaScript,
 * focus stays inside while it is open, Escape closes it and focus returns to
 * the menu button, and following a link closes it.
 */
export function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const navigation = useDocsNavigation();
  const location = useLocation();

  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    const focusables = () =>
      [...details.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === summary);
    const onKey = (event: KeyboardEvent) => {
      if (!details.open) return;
      if (event.key === "Escape") {
        event.preventDefault();
        details.removeAttribute("open");
        summary?.focus();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onToggle = () => {
      document.documentElement.classList.toggle("overflow-hidden", details.open);
    };
    document.addEventListener("keydown", onKey);
    details.addEventListener("toggle", onToggle);
    return () => {
      document.removeEventListener("keydown", onKey);
      details.removeEventListener("toggle", onToggle);
      document.documentElement.classList.remove("overflow-hidden");
    };
  }, []);

  return (
    <details ref={ref} className="group lg:hidden" data-mobile-menu>
      <summary
        className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <MenuIcon className="group-open:hidden" />
        <CloseIcon className="hidden group-open:block" />
      </summary>
      <div className="fixed inset-x-0 bottom-0 top-16 z-40 overflow-y-auto border-t border-slate-200 bg-white px-4 pb-10 pt-4 dark:border-slate-800 dark:bg-brand-night">
        <nav aria-label="Main" className="flex flex-col gap-1">
          <SearchBox id="mobile-search" />
          <div className="mt-2 flex flex-col">
            <PrimaryLinks />
            <RepositoryLink />
          </div>
          <div className="flex flex-wrap gap-2">
            <VersionMenu />
            <LocaleMenu />
          </div>
        </nav>
        {navigation ? (
          <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
            <Sidebar navigation={navigation} label="Docs (menu)" />
          </div>
        ) : null}
      </div>
    </details>
  );
}
