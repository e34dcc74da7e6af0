import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

function patternToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "*" && pattern[i + 1] === "*") {
      source += ".*";
      i++;
      if (pattern[i + 1] === "/") i++;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/**
 * Whether Docker leaves a path (relative to the build context, with "/") out
 * of the context, by the rules of .dockerignore: a pattern also excludes
 * everything below a directory it matches, "!" re-includes, the last match wins.
 */
export function dockerIgnore(contextDir: string): (relativePath: string) => boolean {
  const file = join(contextDir, ".dockerignore");
  const rules = (existsSync(file) ? readFileSync(file, "utf8") : "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const include = line.startsWith("!");
      const pattern = (include ? line.slice(1) : line).replace(/^\/+/, "").replace(/\/+$/, "");
      return { include, pattern: patternToRegExp(pattern) };
    });
  return (relativePath) => {
    const parts = relativePath.split("/");
    const candidates = parts.map((_, index) => parts.slice(0, index + 1).join("/"));
    let ignored = false;
    for (const rule of rules) {
      if (candidates.some((candidate) => rule.pattern.test(candidate))) ignored = !rule.include;
    }
    return ignored;
  };
}
