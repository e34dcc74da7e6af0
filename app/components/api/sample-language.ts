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

function chooseStored() {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (stored) choose(stored);
  } catch {
    // Storage refused (privacy settings): the tabs still work, nothing is remembered.
  }
}

/** Applies the remembered language to the page's tabs, again whenever `page` changes or its body arrives. */
export function useRememberedSampleLanguage(page: string) {
  useEffect(() => {
    chooseStored();
    // After a client-side navigation the page's body can arrive after this effect ran.
    const main = document.querySelector("main") ?? document.body;
    const observer = new MutationObserver(chooseStored);
    observer.observe(main, { childList: true, subtree: true });
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
    return () => {
      observer.disconnect();
      document.removeEventListener("change", onChange);
    };
  }, [page]);
}
