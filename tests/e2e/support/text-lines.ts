/**
 * Runs in the page (hand it to `evaluateAll` as it is: it uses nothing from
 * outside): each element's text cut into the lines it is laid out on; a
 * character belongs to the line whose top it shares. `each`: "element" reads
 * an element's text nodes as one text (a value cut by <wbr> or marks);
 * "text" gives each text node its own lines, so that where one block of an
 * element ends and the next begins is not taken for a break.
 */
export function textLines(elements: Element[], each: "element" | "text" = "element"): string[][] {
  const all: string[][] = [];
  for (const element of elements) {
    let lines: { top: number; text: string }[] = [];
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const text = node.textContent ?? "";
      for (let at = 0; at < text.length; at += 1) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const top = range.getBoundingClientRect().top;
        const last = lines.at(-1);
        if (last && Math.abs(last.top - top) < 4) last.text += text[at];
        else lines.push({ top, text: text[at]! });
      }
      if (each === "text") {
        all.push(lines.map((line) => line.text));
        lines = [];
      }
    }
    if (each === "element") all.push(lines.map((line) => line.text));
  }
  return all;
}

/** Each place one text's `lines` (from textLines) move to the next line: the text before it and after it. */
export function lineBreaks(lines: string[]): { before: string; after: string }[] {
  return lines.slice(1).map((_, n) => ({ before: lines.slice(0, n + 1).join(""), after: lines.slice(n + 1).join("") }));
}

/** Between two letters or digits: inside a word. */
export function insideWord({ before, after }: { before: string; after: string }): boolean {
  const letter = /[\p{L}\p{N}]/u;
  return letter.test(before.at(-1) ?? "") && letter.test(after[0] ?? "");
}

/** A break as it reads: the dozen characters on each side. */
export const shown = ({ before, after }: { before: string; after: string }) =>
  `${before.slice(-12)}|${after.slice(0, 12)}`;
