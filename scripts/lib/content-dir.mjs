// The content folder a build or `npm run dev` is pointed at (SITE_CONTENT_DIR,
// or the build's --content-dir) is checked before either starts: a typo stops
// it with one line, not a stack trace from the build or an error page in dev.
import { statSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The line to print when `dir`, given by the setting `name`, is not a folder;
 * null when it is one.
 * @param {string} name
 * @param {string} dir
 * @returns {string | null}
 */
export function contentDirProblem(name, dir) {
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return null;
  return `content: ${name}="${dir}" is not a folder (${resolve(dir)})`;
}
