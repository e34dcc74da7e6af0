import { Link, useLocation } from "@remix-run/react";
import { GlobeIcon } from "~/components/icons";
import { DropdownMenu } from "./DropdownMenu";
import { useSiteConfig } from "~/lib/root-data";

/** The language menu: the site is written in English only, so it lists that one locale. */
export function LocaleMenu() {
  const { locales } = useSiteConfig();
  const location = useLocation();
  return (
    <DropdownMenu label="Language" summary={<><GlobeIcon /><span>{locales[0]?.label}</span></>}>
      <ul className="text-sm">
        {locales.map((locale) => (
          <li key={locale.code}>
            <Link
              to={location.pathname}
              lang={locale.code}
              aria-current="true"
              className="menu-item font-medium text-brand-strong dark:text-brand"
            >
              {locale.label}
            </Link>
          </li>
        ))}
      </ul>
    </DropdownMenu>
  );
}
