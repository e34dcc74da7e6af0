import { useEffect, useState } from "react";
import { SearchIcon } from "~/components/icons";
import { useVersions } from "~/lib/use-versions";
import { requestSearchDialog } from "./open-search";

/**
 * The navbar's search button on narrow screens. Without JavaScript it is a
 * link to the results page (which has the form); with it, it opens the dialog.
 */
export function SearchButton() {
  // Without JavaScript, the results page searches the version being read.
  const reading = useVersions()?.version;
  return (
    <a
      href={reading && reading.status !== "current" ? `/search?version=${encodeURIComponent(reading.id)}` : "/search"}
      aria-label="Search"
      title="Search"
      // A box of its own, the theme toggle's (a 20 px icon in its padding, 36 px, growing with the text as the
      // toggle does): inline around its block icon, it was 18 x 79 px, and its focus ring and hover spilled out of
      // the header.
      className="flex rounded-md p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        requestSearchDialog();
      }}
    >
      <SearchIcon width="20" height="20" />
    </a>
  );
}

/**
 * A key hint beside the navbar's search field that opens the dialog on click.
 * Rendered only once JavaScript runs, since only then does the shortcut work.
 */
export function SearchShortcutHint() {
  const [keys, setKeys] = useState<string | null>(null);
  useEffect(() => {
    setKeys(/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘K" : "Ctrl K");
  }, []);
  if (!keys) return null;
  return (
    <button
      type="button"
      onClick={requestSearchDialog}
      aria-keyshortcuts="Control+K Meta+K /"
      className="absolute right-1 top-1/2 min-h-6 -translate-y-1/2 rounded border border-slate-300 px-1.5 font-mono text-xs text-slate-600 dark:border-slate-600 dark:text-slate-300"
    >
      <span className="sr-only">Instant search, </span>
      {keys}
    </button>
  );
}
