import { Link } from "@remix-run/react";
import { useSiteConfig } from "~/lib/root-data";
import { useVersions } from "~/lib/use-versions";
import { DropdownMenu } from "./DropdownMenu";

/**
 * The docs version menu. Each entry is a plain link, computed on the server
 * for the page being read: the same page in that version when it has it,
 * otherwise that version's introduction. So it works without JavaScript.
 */
export function VersionMenu() {
  const { repositoryUrl } = useSiteConfig();
  const data = useVersions();
  // Without root data (its loader failed) the menu still opens, with "All releases".
  const reading = data?.version.label ?? "Docs";
  return (
    <DropdownMenu label={`Docs version: ${reading}`} summary={reading}>
      <ul className="text-sm">
        {(data?.versions ?? []).map((version) => (
          <li key={version.id}>
            <Link
              to={version.url}
              // Its route is looked up when chosen, not when the page renders: the menu is closed most of the time.
              discover="none"
              aria-current={version.id === data?.version.id ? "true" : undefined}
              title={
                version.samePage ? undefined : `This page is not in ${version.label}: opens its ${version.fallback}`
              }
              className={
                version.id === data?.version.id
                  ? "menu-item font-medium text-brand-strong dark:text-brand"
                  : "menu-item"
              }
            >
              {version.label}
              {version.status === "current" ? (
                <span className="text-slate-600 dark:text-slate-400"> (current)</span>
              ) : null}
            </Link>
          </li>
        ))}
        <li>
          <a href={`${repositoryUrl}/releases`} className="menu-item">
            All releases
          </a>
        </li>
      </ul>
    </DropdownMenu>
  );
}
