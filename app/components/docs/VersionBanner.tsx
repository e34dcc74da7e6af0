import { Link } from "@remix-run/react";
import type { VersionedRouteData } from "~/docs/route-data";

/**
 * Says, above a page of Next or of an older release, what version it
 * documents, with a link to the same page in the current release (or to the
 * current release's introduction when it has no such page). Nothing for the
 * current release.
 */
export function VersionBanner({ data, subject = "page" }: { data: VersionedRouteData; subject?: "page" | "reference" }) {
  const current = data.versions.find((version) => version.status === "current");
  if (data.version.status === "current" || !current) return null;
  const what = subject === "page" ? "this page" : "this API reference";
  return (
    <div
      role="note"
      aria-label="Version notice"
      className="version-banner mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {data.version.status === "next" ? (
        <p>
          <strong>{data.version.label}: unreleased.</strong> This documents the main branch of the code, which has not been
          released yet; what it describes may still change.
        </p>
      ) : (
        <p>
          <strong>Release {data.version.label}.</strong> This documents an older release, which is no longer current.
        </p>
      )}
      <p className="mt-1">
        <Link to={current.url} className="font-medium underline">
          {current.samePage ? `See ${what} in ${current.label} (current)` : `See the ${current.label} (current) documentation`}
        </Link>
        {current.samePage ? "" : `, which has no such page.`}
      </p>
    </div>
  );
}
