import { Link } from "@remix-run/react";
import { useSiteConfig } from "~/lib/root-data";
import { useVersions } from "~/lib/use-versions";

/** The footer's links lead into the docs version being read (every version has these pages). */
export function Footer() {
  const { brand, repositoryUrl } = useSiteConfig();
  const reading = useVersions()?.version;
  const docs = (slug: string) => `${reading?.docsBase ?? "/docs"}/${slug}`;
  return (
    <footer className="bg-brand-footer text-white">
      <div className="mx-auto flex max-w-8xl flex-col gap-6 px-4 py-10 text-sm md:flex-row md:items-start md:justify-between">
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-2 sm:grid-cols-3">
          <Link className="hover:underline" to={docs("user-guide/introduction")}>User Guide</Link>
          <Link className="hover:underline" to={docs("user-guide/installation")}>Installation</Link>
          <Link className="hover:underline" to={docs("dev-guide/introduction")}>Developer Guide</Link>
          <Link className="hover:underline" to={reading?.apiUrl ?? "/api"}>API Reference</Link>
          <Link className="hover:underline" to={docs("dev-guide/contribution")}>Contributing</Link>
          <a className="hover:underline" href={repositoryUrl}>Source code</a>
        </nav>
        <p className="md:text-right">Copyright © 2024 {brand}. Built with love in India.</p>
      </div>
    </footer>
  );
}
