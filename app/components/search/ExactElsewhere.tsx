import { Link } from "@remix-run/react";
import { searchQuery } from "~/search/scope";
import type { SearchAnswer } from "~/search/types";

/**
 * When the version searched holds no identifier of the query exactly and
 * another version does (`exactElsewhere`: SMRITI_JOB_CONCURRENCY is only in
 * Next), says so and links to that version's results. Shared by the results
 * page (works without JavaScript) and the dialog.
 */
export function ExactElsewhere({
  answer,
  className,
  onFollow,
}: {
  answer: SearchAnswer;
  className?: string;
  onFollow?: () => void;
}) {
  const elsewhere = answer.exactElsewhere ?? [];
  const searched = answer.versions.find((version) => version.id === answer.scope.version);
  if (elsewhere.length === 0 || !searched) return null;
  return (
    <p
      data-exact-elsewhere=""
      className={`rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-slate-900 dark:border-sky-800 dark:bg-slate-800 dark:text-slate-100 ${className ?? ""}`}
    >
      {searched.label}
      {searched.current ? " (current)" : ""} has no exact match for <q className="font-medium">{answer.query}</q>
      {elsewhere.map((version, i) => (
        <span key={version.id}>
          {i === 0 ? "; " : ", "}
          <Link
            className="font-medium text-brand-strong underline dark:text-brand"
            to={`/search?${searchQuery(answer.query, { version: version.id, all: false }, answer.versions)}`}
            onClick={onFollow}
          >
            {version.label}
            {version.current ? " (current)" : ""} has: see its results
          </Link>
        </span>
      ))}
      .
    </p>
  );
}
