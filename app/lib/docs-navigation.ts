import { useMatches } from "@remix-run/react";
import type { NavItem } from "~/content/types";

/** The docs sidebar tree when the current page is a docs page (for the mobile menu). */
export function useDocsNavigation(): NavItem[] | null {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.data as { navigation?: NavItem[] } | undefined;
    if (data?.navigation) return data.navigation;
  }
  return null;
}
