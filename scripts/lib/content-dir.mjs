// The content folder a build or `npm run dev` is pointed at (SITE_CONTENT_DIR,
// or the build's --content-dir) is checked before either starts: a typo stops
// it with one line, not a stack trace from the build or an error page in dev.
import { statSync } from "node:fs";
import { resolve } from "node:path";

/**
 * Stops the process with status 2 and one line when `dir`, given by the
 * setting `name`, is not a folder.
 * @param {string} name
 * @param {string} dir
 */
export function exitUnlessFolder(name, dir) {
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
  console.error(`content: ${name}="${dir}" is not a folder (${resolve(dir)})`);
  process.exit(2);
}
