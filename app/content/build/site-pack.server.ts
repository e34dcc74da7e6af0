// The production build's pack (`npm run build:content`), written version by
// version. A version whose records would come out as in the last build (its
// key: its pages' content hashes and dates, its navigation, its API reference
// and the code that makes records) is copied, as bytes, from the run that build
// kept beside the compiled pages. Only a changed version gets its pages'
// Markdown twins, its search index and its records made again, and only one
// version's records are in memory at a time. docs/decisions/046-what-a-rebuild-reuses.md.
import { buildSearchIndex, type SearchPartCache } from "~/search/build/index.server";
import { versionParts } from "~/search/parts";
import type { CheckedSite, VersionPages } from "./build.server";
import { sha256, type KeyedCache } from "./cache.server";
import { versionRun, writePack, type VersionRun } from "./store-file.server";

/** What a build reuses from the last one, and the fingerprints of the code that made it. */
export interface PackReuse {
  runs: KeyedCache<VersionRun>;
  /** The fingerprint of the code that makes a version's records (`packFingerprint`). */
  code: string;
  searchParts: SearchPartCache;
  searchCode: string;
}

export interface WrittenPack {
  bytes: number;
  pages: number;
  /** Versions whose records were copied from the last build. */
  reused: number;
  /** The keys of the runs this pack was written from: what the next build may reuse. */
  runKeys: string[];
}

/** Writes `site` as the pack at `file`; with `reuse`, unchanged versions are copied from the last build. */
export function writeSitePack(file: string, site: CheckedSite, reuse?: PackReuse): WrittenPack {
  let reused = 0;
  const runKeys: string[] = [];
  const runs = function* (): Generator<VersionRun> {
    for (const entry of site.versionPages) {
      if (!reuse) {
        yield makeRun(site, entry);
        continue;
      }
      const key = sha256(reuse.code, entry.key);
      runKeys.push(key);
      const kept = reuse.runs.read(key);
      if (kept) {
        reused += 1;
        yield kept;
        continue;
      }
      const run = makeRun(site, entry, reuse);
      reuse.runs.write(key, run);
      yield run;
    }
  };
  const { bytes, pages } = writePack(file, site.shell, runs());
  return { bytes, pages, reused, runKeys };
}

/** One version's records made now: its pages, its search index (itself kept by its entries) and its API reference. */
function makeRun(site: CheckedSite, { version, pages }: VersionPages, reuse?: PackReuse): VersionRun {
  const records = pages();
  const indexed = site.indexed.find((entry) => entry.version.id === version.id)!;
  const [search] = versionParts(
    buildSearchIndex({ pages: records, versions: [indexed] }, reuse ? { parts: reuse.searchParts, code: reuse.searchCode } : undefined),
  );
  const api = site.shell.versions.find((entry) => entry.version.id === version.id)!.api;
  return versionRun({ version: version.id, pages: records, search: search ?? null, api });
}
