import { Link } from "@remix-run/react";
import logoDark from "~/assets/logo-dark.svg";
import logoLight from "~/assets/logo-light.svg";
import { useSiteConfig } from "~/lib/root-data";

/**
 * The logo (a light and a dark drawing, one shown per theme) and the brand
 * name. The drawings go through the asset build, so their addresses carry a
 * content hash and are cached for a year like scripts and styles.
 */
export function Brand() {
  const { brand } = useSiteConfig();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-bold text-slate-900 dark:text-white">
      <img src={logoLight} alt="" width="32" height="32" className="dark:hidden" />
      <img src={logoDark} alt="" width="32" height="32" className="hidden dark:block" />
      <span className="text-lg">{brand}</span>
    </Link>
  );
}
