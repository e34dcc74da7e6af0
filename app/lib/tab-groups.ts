import { useEffect, type RefObject } from "react";

// With JavaScript, tabs that share a groupId (<Tabs groupId="deploy">) keep one
// choice: picking "Swarm" in one picks it in every such group on the page, and
// on the pages opened afterwards (localStorage). Without it each works alone.

const KEY = "smriti.tabs.";

function remembered(group: string): string | null {
  try {
    return localStorage.getItem(KEY + group);
  } catch {
    return null;
  }
}

/** Checks `value` in every tab group named `group` on the page. */
function choose(group: string, value: string) {
  for (const tabs of document.querySelectorAll<HTMLElement>(".tabs[data-group-id]")) {
    if (tabs.dataset.groupId !== group) continue;
    for (const input of tabs.querySelectorAll<HTMLInputElement>(":scope > .tabs-input"))
      if (input.value === value) input.checked = true;
  }
}

export function useTabGroups(ref: RefObject<HTMLElement>, body: string) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const tabs of root.querySelectorAll<HTMLElement>(".tabs[data-group-id]")) {
      const value = remembered(tabs.dataset.groupId!);
      if (value) choose(tabs.dataset.groupId!, value);
    }
    const onChange = (event: Event) => {
      const input = event.target as HTMLInputElement;
      const group = input.classList.contains("tabs-input")
        ? input.closest<HTMLElement>(".tabs")?.dataset.groupId
        : undefined;
      if (!group) return;
      choose(group, input.value);
      try {
        localStorage.setItem(KEY + group, input.value);
      } catch {
        // Private windows may refuse storage: the choice then lasts for this page only.
      }
    };
    root.addEventListener("change", onChange);
    return () => root.removeEventListener("change", onChange);
  }, [ref, body]);
}
