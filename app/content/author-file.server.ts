import { readFileSync } from "node:fs";

/**
 * A file an author wrote (a page, a `_category_.json`, `versions.json`,
 * `diagrams.json`), as text. Editors on Windows (Notepad, "UTF-8 with BOM")
 * start a file with a byte order mark: it is not text, and left in, a page's
 * front matter was not recognised ("missing front matter" above a visible
 * `---`) and a JSON file did not parse.
 */
export function readAuthorFile(path: string): string {
  const text = readFileSync(path, "utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
