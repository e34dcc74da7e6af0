import { Link } from "@remix-run/react";
import type { PageLink } from "~/docs/route-data";

/** Previous and next pages in sidebar order. */
export function Pagination({ previous, next }: { previous: PageLink | null; next: PageLink | null }) {
  if (!previous && !next) return null;
  const card =
    "flex flex-col rounded-lg border border-slate-200 px-4 py-3 hover:border-brand-strong dark:border-slate-800 dark:hover:border-brand";
  return (
    <nav aria-label="Previous and next pages" className="mt-12 grid gap-4 sm:grid-cols-2">
      {previous ? (
        <Link to={previous.url} rel="prev" className={card}>
          <span className="text-xs text-slate-600 dark:text-slate-400">Previous</span>
          <span className="font-bold text-brand-strong dark:text-brand">« {previous.label}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.url} rel="next" className={`${card} sm:items-end sm:text-right`}>
          <span className="text-xs text-slate-600 dark:text-slate-400">Next</span>
          <span className="font-bold text-brand-strong dark:text-brand">{next.label} »</span>
        </Link>
      ) : null}
    </nav>
  );
}
