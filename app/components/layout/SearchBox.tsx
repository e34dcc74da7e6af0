import { Form } from "@remix-run/react";
import { SearchIcon } from "~/components/icons";
import { SearchShortcutHint } from "~/components/search/SearchLaunchers";
import { useVersions } from "~/lib/use-versions";
import { MAX_QUERY_LENGTH } from "~/search/limits";

/**
 * A plain GET form to /search, so searching works without JavaScript. It
 * searches the docs version being read (the current release unless the page
 * is another version's). With `shortcutHint`, it also shows the key that
 * opens instant search.
 */
export function SearchBox({
  id,
  shortcutHint = false,
  name,
}: {
  id: string;
  shortcutHint?: boolean;
  /** The search landmark's name, for a box shown beside the navbar's (two unnamed ones cannot be told apart). */
  name?: string;
}) {
  const reading = useVersions()?.version;
  return (
    <Form method="get" action="/search" role="search" aria-label={name} className="relative">
      {reading && reading.status !== "current" ? <input type="hidden" name="version" value={reading.id} /> : null}
      <label htmlFor={id} className="sr-only">
        Search the docs
      </label>
      <SearchIcon className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search"
        maxLength={MAX_QUERY_LENGTH}
        className={`w-full rounded-md border border-slate-300 bg-slate-50 py-1.5 pl-8 text-sm text-slate-900 placeholder:text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${shortcutHint ? "pr-16" : "pr-2"}`}
      />
      {shortcutHint ? <SearchShortcutHint /> : null}
    </Form>
  );
}
