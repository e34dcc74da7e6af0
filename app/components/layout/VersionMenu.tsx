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
  const { docsVersion, repositoryUrl } = useSiteConfig();
  const data = useVersions();
  const reading = data?.version.label ?? docsVersion;
  return (
    <DropdownMenu label={`Docs version: ${reading}`} summary={reading}>
      <ul className="text-sm">
        {(data?.versions ?? []).map((version) => (
          <li key={version.id}>
            <Link
              to={version.url}
              aria-current={version.id === data?.version.id ? "true" : undefined}
              title={version.samePage ? undefined : `This page is not in ${version.label}: opens its introduction`}
              className={`menu-item ${version.id === data?.version.id ? "font-medium text-brand-strong dark:text-brand" : ""}`}
            >
              {version.label}
              {version.status === "current" ? <span className="text-slate-600 dark:text-slate-400"> (current)</span> : null}
            </Link>
          </li>
        ))}
        <li className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700">
          <a href={`${repositoryUrl}/releases`} className="menu-item">
            All releases
          </a>
        </li>
      </ul>
    </DropdownMenu>
  );
}
