import { SearchButton } from "~/components/search/SearchLaunchers";
import { Brand } from "./Brand";
import { LocaleMenu } from "./LocaleMenu";
import { MobileMenu } from "./MobileMenu";
import { PrimaryLinks, RepositoryLink } from "./NavLinks";
import { SearchBox } from "./SearchBox";
import { ThemeToggle } from "./ThemeToggle";
import { VersionMenu } from "./VersionMenu";

export function Navbar() {
  // Solid, with no backdrop filter: a filter would make the header the frame of the mobile menu's fixed panel.
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-brand-night">
      <div className="mx-auto flex h-16 max-w-8xl items-center gap-2 px-4">
        <MobileMenu />
        <Brand />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          <PrimaryLinks />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 lg:flex">
            <VersionMenu />
            <LocaleMenu />
            <div className="w-48">
              <SearchBox id="navbar-search" shortcutHint />
            </div>
            <RepositoryLink />
          </div>
          <div className="lg:hidden">
            <SearchButton />
          </div>
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
