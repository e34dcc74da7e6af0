import { posix } from "node:path";
import type { ContentWarning } from "./compile.server";
import type { CollectedLink } from "./plugins/links.server";

export interface LinkedPage {
  url: string;
  sourcePath: string;
  anchors: string[];
  links: CollectedLink[];
}

export interface LinkTargets {
  /** Paths that answer besides the content pages: app routes and files in public/. */
  paths: Set<string>;
  /** Anchors of other pages by path, e.g. the API reference's operations; the pages checked are looked up first. */
  anchors: ReadonlyMap<string, ReadonlySet<string>>;
  /** Paths that cannot be told now, and are not reported (development: the API pages of a version whose spec has a mistake). */
  unchecked?: (path: string) => boolean;
}

/** Each list of anchors as a set, made once: a save in development checks every page again, and the pages it did not change keep the same lists. */
const anchorSets = new WeakMap<readonly string[], ReadonlySet<string>>();

export function anchorSet(anchors: readonly string[]): ReadonlySet<string> {
  let set = anchorSets.get(anchors);
  if (!set) {
    set = new Set(anchors);
    anchorSets.set(anchors, set);
  }
  return set;
}

export interface LinkReport {
  errors: ContentWarning[];
  warnings: ContentWarning[];
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

function normalisePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed || "/";
}

/**
 * Checks every internal link: a page that does not exist is an error (the
 * build stops); a missing #anchor, or a relative .md/.mdx link that matched no
 * file, is a warning.
 */
export function checkLinks(pages: LinkedPage[], targets: LinkTargets): LinkReport {
  const report: LinkReport = { errors: [], warnings: [] };
  const own = new Map(pages.map((page) => [page.url, anchorSet(page.anchors)]));
  const anchorsAt = (path: string) => own.get(path) ?? targets.anchors.get(path);

  for (const page of pages) {
    for (const link of page.links) {
      const at = { file: page.sourcePath, line: link.line, column: link.column };
      if (EXTERNAL.test(link.resolved) || link.resolved.startsWith("//")) continue;
      if (link.unresolvedSource) {
        // Reported like a broken absolute link, naming the file it looked for; a warning, as the specification sets.
        const file = posix.normalize(posix.join(posix.dirname(page.sourcePath), decodeURI(link.href.split("#")[0]!)));
        report.warnings.push({ ...at, message: `broken link: ${link.href} (no page file at ${file})` });
        continue;
      }
      let target: URL;
      try {
        target = new URL(link.resolved, `http://site${page.url}`);
      } catch {
        report.errors.push({ ...at, message: `malformed link: ${link.href}` });
        continue;
      }
      const path = normalisePath(decodeURI(target.pathname));
      if (targets.unchecked?.(path)) continue;
      const isPage = anchorsAt(path) !== undefined;
      if (!isPage && !targets.paths.has(path)) {
        const message = link.image ? `missing image: ${link.href} (no file at public${path})` : `broken link: ${link.href} (no page at ${path})`;
        report.errors.push({ ...at, message });
        continue;
      }
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (!anchor) continue;
      const anchors = anchorsAt(path);
      if (anchors && !anchors.has(anchor)) {
        report.warnings.push({ ...at, message: `broken anchor: ${link.href} (${path} has no #${anchor})` });
      }
    }
  }
  return report;
}
