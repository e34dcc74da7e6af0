import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { searchVersions, useVersions } from "~/lib/use-versions";
import type { DialogProps } from "./dialog-props";
import { OPEN_SEARCH_EVENT } from "./open-search";

/**
 * The dialog's code is fetched the first time it opens, never with the page.
 * If that fails (offline, a new build removed the old chunk), the reader gets
 * the results page instead.
 */
const SearchDialog = lazy((): Promise<{ default: ComponentType<DialogProps> }> =>
  import("./SearchDialog").catch(() => {
    window.location.assign("/search");
    return { default: () => null };
  }),
);

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === "INPUT" ||
    target.tagName === "TEXTAREA" ||
    target.tagName === "SELECT"
  );
}

/** Ctrl+K and ⌘K anywhere, "/" when not typing in a field. */
function isShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey) return false;
  if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.shiftKey) return true;
  return event.key === "/" && !event.ctrlKey && !event.metaKey && !typingInto(event.target);
}

/**
 * Listens for the search shortcuts (and for requestSearchDialog) on every
 * page and shows the search dialog. Closing it gives focus back to the
 * element that had it when the dialog opened.
 */
export function SearchShortcut() {
  const [open, setOpen] = useState(false);
  const opener = useRef<Element | null>(null);
  // Keys typed between the shortcut and the dialog's field existing (its code may still be loading).
  const typed = useRef<string | null>(null);

  useEffect(() => {
    const show = () => {
      if (typed.current !== null || document.querySelector("dialog[open][data-search-dialog]")) return;
      opener.current = document.activeElement;
      typed.current = "";
      setOpen(true);
    };
    const onKey = (event: KeyboardEvent) => {
      if (typed.current !== null && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        typed.current += event.key;
        return;
      }
      if (!isShortcut(event)) return;
      event.preventDefault();
      show();
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener(OPEN_SEARCH_EVENT, show);
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener(OPEN_SEARCH_EVENT, show);
    };
  }, []);

  const takeTyped = useCallback(() => {
    const text = typed.current ?? "";
    typed.current = null;
    return text;
  }, []);

  const close = useCallback((restoreFocus: boolean) => {
    typed.current = null;
    setOpen(false);
    const previous = opener.current;
    opener.current = null;
    if (restoreFocus && previous instanceof HTMLElement && previous.isConnected) previous.focus();
  }, []);

  const versions = useVersions();
  return open ? (
    <Suspense fallback={null}>
      <SearchDialog
        onClose={close}
        takeTyped={takeTyped}
        reading={versions?.version ?? null}
        versions={searchVersions(versions)}
      />
    </Suspense>
  ) : null;
}
