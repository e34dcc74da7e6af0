import { NavLink, useLocation } from "@remix-run/react";
import { ExternalIcon } from "~/components/icons";
import { useSiteConfig } from "~/lib/root-data";
import { useVersions } from "~/lib/use-versions";

/** The navbar's main links, into the docs version being read; used in the desktop bar and in the mobile menu. */
export function PrimaryLinks() {
  const isDocs = useLocation().pathname.startsWith("/docs/");
  const reading = useVersions()?.version;
  return (
    <>
      <NavLink
        to={reading?.entry ?? "/docs/dev-guide/introduction"}
        className={({ isActive }) => (isActive || isDocs ? "nav-link active" : "nav-link")}
      >
        Docs
      </NavLink>
      <NavLink to={reading?.apiUrl ?? "/api"} className="nav-link">
        API
      </NavLink>
    </>
  );
}

export function RepositoryLink() {
  const { repositoryUrl } = useSiteConfig();
  return (
    <a href={repositoryUrl} className="nav-link flex items-center gap-1">
      GitHub
      <ExternalIcon />
      <span className="sr-only">(source code repository)</span>
    </a>
  );
}
