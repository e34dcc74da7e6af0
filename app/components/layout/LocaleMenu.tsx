import { Link } from "@remix-run/react";
import { GlobeIcon } from "~/components/icons";
import { DropdownMenu } from "./DropdownMenu";
import { useReturnAddress } from "~/lib/return-address";
import { useSiteConfig } from "~/lib/root-data";

/**
 * The language menu: the site is written in English only, so it lists that
 * one locale, linking to this page. The not-found page names no address (one
 * stored copy answers them all), so there the link is the document's own
 * address (an empty href).
 */
export function LocaleMenu() {
  const { locales } = useSiteConfig();
  const address = useReturnAddress();
  const className = "menu-item font-medium text-brand-strong dark:text-brand";
  return (
    <DropdownMenu
      label="Language"
      summary={
        <>
          <GlobeIcon />
          <span>{locales[0]?.label}</span>
        </>
      }
    >
      <ul className="text-sm">
        {locales.map((locale) => (
          <li key={locale.code}>
            {address ? (
              <Link to={address} lang={locale.code} aria-current="true" className={className}>
                {locale.label}
              </Link>
            ) : (
              <a href="" lang={locale.code} aria-current="true" className={className}>
                {locale.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </DropdownMenu>
  );
}
