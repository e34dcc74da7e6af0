import { useEffect, type RefObject } from "react";
import { announce } from "~/lib/announce";

/*
 * Copy buttons of code blocks, for the docs' rendered HTML and for code
 * blocks drawn by components. The markup is the same in both: a
 * <figure class="code-block"> holding <pre><code> with one [data-line]
 * element per source line, and a <button data-copy-code hidden>. The button
 * ships hidden so that a reader without JavaScript never sees a control that
 * does nothing; the hook reveals it.
 */

const COPIED_FOR_MS = 2000;

/** rehype-pretty-code fills an empty line with one bare space so the grid row keeps its height. */
function lineText(line: HTMLElement): string {
  const only = line.childNodes.length === 1 ? line.firstChild : null;
  if (only?.nodeType === Node.TEXT_NODE && only.textContent === " ") return "";
  return line.textContent ?? "";
}

function codeOf(button: HTMLElement): string {
  const code = button.closest("figure")?.querySelector("pre code");
  if (!code) return "";
  // One entry per source line; line numbers are CSS counters and are not copied.
  const lines = [...code.querySelectorAll<HTMLElement>("[data-line]")];
  return lines.length ? lines.map(lineText).join("\n") : (code.textContent ?? "");
}

async function copyCode(button: HTMLButtonElement) {
  try {
    await navigator.clipboard.writeText(codeOf(button));
    button.textContent = "Copied";
    announce("Copied to clipboard");
  } catch {
    button.textContent = "Copy failed";
    announce("Could not copy: select the code and copy it by hand");
  }
  window.setTimeout(() => (button.textContent = "Copy"), COPIED_FOR_MS);
}

/**
 * Shows the copy buttons of the code blocks inside `ref` and copies a block
 * when its button is clicked. `content` is what the element shows: the
 * buttons are wired again when it changes.
 */
export function useCopyCodeButtons(ref: RefObject<HTMLElement>, content?: unknown) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-copy-code]")) button.hidden = false;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-copy-code]");
      if (button) void copyCode(button);
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [ref, content]);
}
