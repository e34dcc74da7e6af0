import { useEffect } from "react";

/*
 * The code sample tabs are radio buttons and work without JavaScript
 * (components/api/OperationList.tsx). With it, a language chosen on one call
 * is chosen on every call of the page, and kept in localStorage for the next
 * pages and visits.
 */

const STORAGE_KEY = "smriti-code-language";
const TABS = "input[data-sample-language]";

function choose(language: string) {
  for (const input of document.querySelectorAll<HTMLInputElement>(TABS)) {
    if (input.value === language) input.checked = true;
  }
}

/** Applies the remembered language to the page's tabs, again whenever `page` changes. */
export function useRememberedSampleLanguage(page: string) {
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(STORAGE_KEY);
      if (stored) choose(stored);
    } catch {
      // Storage refused (privacy settings): the tabs still work, nothing is remembered.
    }
    const onChange = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.matches(TABS)) return;
      choose(input.value);
      try {
        window.localStorage.setItem(STORAGE_KEY, input.value);
      } catch {
        // As above.
      }
    };
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, [page]);
}
