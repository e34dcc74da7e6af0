import { Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { CloseIcon, MAX_QUERY_LENGTH, SearchIcon } from "~/page-kit";
import { searchQuery } from "~/search/scope";
import { ExactElsewhere } from "./ExactElsewhere";
import type { SearchAnswer, SearchScope, SearchVersion } from "~/search/types";
import { HitEndpoint, HitSnippet, HitTitle, HitTrail, HitVersion } from "./HitParts";
import type { DialogProps } from "./dialog-props";

/** Wait this long after the last key before asking the server. */
const DEBOUNCE_MS = 150;

type Status = "idle" | "loading" | "done" | "failed";

/** Results as the reader types: fetched from /search.json, debounced, the stale ones aborted. */
function useInstantResults(
  query: string,
  scope: SearchScope,
  versions: SearchVersion[],
): { answer: SearchAnswer | null; status: Status } {
  const address = `/search.json?${searchQuery(query.trim(), scope, versions)}`;
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [status, setStatus] = useState<Status>("idle");
  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setAnswer(null);
      setStatus("idle");
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setStatus("loading");
      fetch(address, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => {
          if (!response.ok) throw new Error(`search answered ${response.status}`);
          return response.json() as Promise<SearchAnswer>;
        })
        .then((data) => {
          setAnswer(data);
          setStatus("done");
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus("failed");
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, address]);
  return { answer, status };
}

function announcement(query: string, answer: SearchAnswer | null, status: Status): string {
  if (!query.trim()) return "";
  if (status === "failed") return "Search is not available right now.";
  if (!answer) return "Searching…";
  if (answer.total === 0) return "No results.";
  return answer.total === 1 ? "1 result." : `${answer.total} results, the best ${answer.hits.length} listed.`;
}

/**
 * The instant search dialog (opened by SearchShortcut, loaded on demand). It
 * follows the combobox pattern: focus stays in the field, the arrow keys move
 * through the results listed below it (aria-activedescendant), Enter opens the
 * one marked (or the full results page), Escape closes.
 */
export default function SearchDialog({ onClose, takeTyped, reading, versions }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  // The version being read is searched; the reader can widen it to every version (its hits first).
  const [all, setAll] = useState(false);
  const scope: SearchScope = { version: reading?.id ?? "", all };
  const resultsUrl = (text: string) => `/search?${searchQuery(text, scope, versions)}`;
  const { answer, status } = useInstantResults(query, scope, versions);
  // New results mark their first hit, so Enter opens the best one. Marked while they render, not in
  // an effect after: a key pressed as they appear would otherwise find none marked and open the
  // results page instead.
  const [markedFor, setMarkedFor] = useState(answer);
  if (markedFor !== answer) {
    setMarkedFor(answer);
    setActive(answer && answer.hits.length > 0 ? 0 : -1);
  }
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (i: number) => `${id}-result-${i}`;
  const hits = query.trim() && answer ? answer.hits : [];
  const expanded = hits.length > 0;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;

  // Closed here first, so the page is no longer inert when focus goes back to it.
  const close = useCallback(
    (restoreFocus: boolean) => {
      dialog.current?.close();
      onClose(restoreFocus);
    },
    [onClose],
  );

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    // What was typed while the code loaded goes into the field's DOM at once, not only
    // into state: a key pressed before React renders again would otherwise start from
    // an empty field and the typed text would be lost.
    const typed = takeTyped();
    const input = element.querySelector("input");
    if (input) input.value = typed;
    setQuery(typed);
    input?.focus();
    const root = document.documentElement;
    root.classList.add("overflow-hidden");
    // Escape outside the field (on the close button, say) arrives as "cancel".
    const onCancel = (event: Event) => {
      event.preventDefault();
      close(true);
    };
    element.addEventListener("cancel", onCancel);
    return () => {
      element.removeEventListener("cancel", onCancel);
      root.classList.remove("overflow-hidden");
    };
  }, [close, takeTyped]);

  useEffect(() => {
    if (activeId) list.current?.querySelector(`[id="${activeId}"]`)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const go = (url: string) => {
    close(false);
    navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const hit = hits[active];
      if (hit) go(hit.url);
      else if (query.trim()) go(resultsUrl(query.trim()));
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <dialog
      ref={dialog}
      data-search-dialog=""
      aria-label="Search the docs"
      // The dialog covers the viewport and dims the page itself; the panel inside is what the reader sees.
      className="search-results fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-slate-900/60 p-0 sm:pt-[10vh]"
      onClick={(event) => {
        // A click beside the panel lands on the dialog element itself.
        if (event.target === dialog.current) close(true);
      }}
    >
      {/* The whole panel scrolls, its field and footer sticky: the scrolling region holds the focusable field. */}
      <div className="flex h-full flex-col overflow-y-auto bg-white text-slate-900 sm:mx-auto sm:h-auto sm:max-h-[80vh] sm:max-w-2xl sm:rounded-lg sm:border sm:border-slate-200 sm:shadow-2xl dark:bg-brand-night dark:text-slate-100 sm:dark:border-slate-700">
        <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-brand-night">
          <SearchIcon className="shrink-0 text-slate-500 dark:text-slate-400" />
          <label htmlFor={`${id}-input`} className="sr-only">
            Search the docs
          </label>
          <input
            id={`${id}-input`}
            type="text"
            enterKeyHint="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-describedby={`${id}-keys`}
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search the guides and the API"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 bg-transparent py-2 text-base text-slate-900 outline-none placeholder:text-slate-500 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
          <button
            type="button"
            onClick={() => close(true)}
            aria-label="Close search"
            className="shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <CloseIcon />
          </button>
        </div>

        {versions.length > 1 && reading ? (
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
            <input
              id={`${id}-all-versions`}
              type="checkbox"
              checked={all}
              onChange={(event) => {
                setAll(event.target.checked);
                dialog.current?.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus();
              }}
              className="h-4 w-4 accent-brand-strong"
            />
            <label htmlFor={`${id}-all-versions`}>
              Search all versions{" "}
              <span className="text-slate-600 dark:text-slate-400">(else {reading.label} only)</span>
            </label>
          </div>
        ) : null}
        <div className="flex-1">
          {query.trim() && answer ? (
            <ExactElsewhere answer={answer} className="mx-3 mt-3" onFollow={() => close(false)} />
          ) : null}
          <ul ref={list} id={listId} role="listbox" aria-label="Results" hidden={!expanded} className="p-2">
            {hits.map((hit, i) => (
              <li
                key={hit.url}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`cursor-pointer scroll-mb-12 rounded-md px-3 py-2 ${i === active ? "bg-sky-50 ring-2 ring-inset ring-brand-strong dark:bg-slate-800 dark:ring-brand" : ""}`}
                // Keeps focus in the field while the pointer picks a result.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => go(hit.url)}
              >
                <span className="flex flex-wrap items-center">
                  <HitTrail hit={hit} />
                  <HitVersion hit={hit} versions={answer?.versions ?? versions} />
                </span>
                <span className="block font-bold text-slate-900 dark:text-white">
                  <HitTitle hit={hit} />
                </span>
                {hit.endpoint ? <HitEndpoint endpoint={hit.endpoint} /> : null}
                <HitSnippet hit={hit} className="mt-0.5 line-clamp-2" />
              </li>
            ))}
          </ul>
          {query.trim() && status !== "loading" && answer?.total === 0 ? (
            <p className="px-4 py-6 text-slate-700 dark:text-slate-300">
              No results for <q className="font-bold">{answer.query}</q>. Check the spelling or use fewer words.
            </p>
          ) : null}
          {status === "failed" ? (
            <p className="px-4 py-6 text-slate-700 dark:text-slate-300">
              Search is not available right now. Press Enter to try the results page.
            </p>
          ) : null}
          {!query.trim() ? (
            <p className="px-4 py-6 text-slate-700 dark:text-slate-300">
              Type to search the user guide, the developer guide and the API reference.
            </p>
          ) : null}
        </div>

        <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-2 text-sm text-slate-600 dark:border-slate-700 dark:bg-brand-night dark:text-slate-400">
          <p id={`${id}-keys`} className="hidden sm:block">
            <kbd className="font-mono">↑</kbd> <kbd className="font-mono">↓</kbd> to choose,{" "}
            <kbd className="font-mono">Enter</kbd> to open, <kbd className="font-mono">Esc</kbd> to close
          </p>
          {query.trim() ? (
            <Link
              className="font-medium text-brand-strong underline dark:text-brand"
              to={resultsUrl(query.trim())}
              onClick={() => close(false)}
            >
              All results for “{query.trim()}”
            </Link>
          ) : null}
        </div>
        <p role="status" className="sr-only">
          {announcement(query, answer, status)}
        </p>
      </div>
    </dialog>
  );
}
