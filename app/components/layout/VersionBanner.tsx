import { Link } from "@remix-run/react";
import { useVersions } from "~/lib/use-versions";

/**
 * A strip under the navbar on every page of Next (and of an older release)
 * that says what version it documents, with a link to the same page in the
 * current release (or to the current release's introduction when it has no
 * such page). Nothing on the current release or on pages of no version.
 */
export function VersionBanner() {
  const data = useVersions();
  const current = data?.versions.find((version) => version.status === "current");
  if (!data?.ownVersion || data.version.status === "current" || !current) return null;
  return (
    <div
      // A region, like the announcement: content outside every landmark is missed by readers who move by them.
      role="region"
      aria-label="Version notice"
      className="version-banner border-b border-amber-300 bg-amber-50 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="mx-auto max-w-8xl px-4 py-2">
        {data.version.status === "next" ? (
          <>
            <strong>{data.version.label}: unreleased.</strong> This documents the main branch of the code, which has not
            been released yet; what it describes may still change.{" "}
          </>
        ) : (
          <>
            <strong>Release {data.version.label}.</strong> This documents an older release, which is no longer
            current.{" "}
          </>
        )}
        <Link to={current.url} className="font-medium underline">
          {current.samePage
            ? `See this page in ${current.label} (current)`
            : `See the ${current.label} (current) documentation`}
        </Link>
        {current.samePage ? "." : ", which has no such page."}
      </p>
    </div>
  );
}
