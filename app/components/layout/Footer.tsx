import { Link } from "@remix-run/react";
import { useSiteConfig } from "~/lib/root-data";
import { useVersions } from "~/lib/use-versions";
import { API_LINK, VERSIONED_LINK, versionedHref } from "~/lib/versioned-links";

/**
 * The footer's links lead into the docs version being read, or chosen (every
 * version has these pages). The browser keeps the footer's server HTML, so
 * each link also names its place in a version (VERSIONED_LINK), and moves
 * with the reader's version after client navigation (app/lib/versioned-links.ts).
 */
export function Footer() {
  const { brand, repositoryUrl } = useSiteConfig();
  const reading = useVersions()?.version;
  const into = (slug: string) => ({
    to: versionedHref(slug, reading ?? { docsBase: "/docs", apiUrl: "/api" }),
    [VERSIONED_LINK]: slug,
  });
  return (
    <footer className="bg-brand-footer text-white">
      <div className="mx-auto flex max-w-8xl flex-col gap-6 px-4 py-10 text-sm md:flex-row md:items-start md:justify-between">
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-2 sm:grid-cols-3">
          <Link className="hover:underline" {...into("user-guide/introduction")}>
            User Guide
          </Link>
          <Link className="hover:underline" {...into("user-guide/installation")}>
            Installation
          </Link>
          <Link className="hover:underline" {...into("dev-guide/introduction")}>
            Developer Guide
          </Link>
          <Link className="hover:underline" {...into(API_LINK)}>
            API Reference
          </Link>
          <Link className="hover:underline" {...into("dev-guide/contribution")}>
            Contributing
          </Link>
          <a className="hover:underline" href={repositoryUrl}>
            Source code
          </a>
        </nav>
        <p className="md:text-right">Copyright © 2024 {brand}. Built with love in India.</p>
      </div>
    </footer>
  );
}
