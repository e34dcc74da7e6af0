import { Link } from "@remix-run/react";
import { DropdownMenu } from "./DropdownMenu";
import { useSiteConfig } from "~/lib/root-data";

/** Where the reader's docs version choice is kept in the browser. */
export const VERSION_STORAGE_KEY = "smriti-docs-version";

/** The docs version selector. One version is published; the choice is remembered in local storage. */
export function VersionMenu() {
  const { docsVersion, repositoryUrl } = useSiteConfig();
  return (
    <DropdownMenu label={`Docs version: ${docsVersion}`} summary={docsVersion}>
      <ul className="text-sm">
        <li>
          <Link
            to="/docs"
            aria-current="true"
            className="menu-item font-medium text-brand-strong dark:text-brand"
            onClick={() => {
              try {
                window.localStorage.setItem(VERSION_STORAGE_KEY, docsVersion);
              } catch {
                // storage can be disabled; the choice then simply is not remembered
              }
            }}
          >
            {docsVersion} <span className="text-slate-600 dark:text-slate-400">(current)</span>
          </Link>
        </li>
        <li>
          <a
            href={`${repositoryUrl}/releases`}
            className="menu-item"
          >
            All releases
          </a>
        </li>
      </ul>
    </DropdownMenu>
  );
}
