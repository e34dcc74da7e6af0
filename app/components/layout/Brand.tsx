import { Link } from "@remix-run/react";
import { useSiteConfig } from "~/lib/root-data";

/** The logo (a light and a dark drawing, one shown per theme) and the brand name. */
export function Brand() {
  const { brand } = useSiteConfig();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-bold text-slate-900 dark:text-white">
      <img src="/img/logo-light.svg" alt="" width="32" height="32" className="dark:hidden" />
      <img src="/img/logo-dark.svg" alt="" width="32" height="32" className="hidden dark:block" />
      <span className="text-lg">{brand}</span>
    </Link>
  );
}
