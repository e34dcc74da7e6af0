import { SearchIndexSession, type SearchPartCache } from "~/search/build/index.server";
import type { CompiledPage } from "../types";
import { apiFingerprint, pipelineFingerprint } from "./cache.server";
import { currentCommit, lastCommitDates } from "./git-dates.server";

// What a development session (`npm run dev`) keeps between the content builds
// a save starts, so that a save costs about the page it changed rather than
// the whole site (docs/decisions/040-dev-server-speed.md). `npm run build`
// uses none of it: every build there starts from nothing but the disk cache.

/** The commit and each file's last commit date, as a build stamps them on pages. */
export interface History {
  dates: Map<string, string>;
  commit: string | null;
}

/** Values made by the last build, by key: a build uses them again, and what it did not use is forgotten when it ends. */
class LastBuilds<T> {
  private kept = new Map<string, T>();
  private next = new Map<string, T>();

  get(key: string, make: () => T): T {
    const value = this.kept.get(key) ?? this.next.get(key) ?? make();
    this.next.set(key, value);
    return value;
  }

  endBuild(): void {
    this.kept = this.next;
    this.next = new Map();
  }
}

export class BuildSession {
  private fingerprints: { pipeline: string; api: string } | null = null;
  private history: History | null = null;
  /** Each page's Markdown, by its content hash and description. */
  private readonly markdown = new LastBuilds<string>();
  /**
   * Each page's record, by its content hash, date and version: the same object
   * from one save to the next while those stay, so that the dev server tells
   * an unchanged page by identity instead of comparing its JSON
   * (scripts/dev/content-delta.mjs): comparing 10,000 pages' JSON cost a save
   * seconds of work and of garbage collection.
   */
  private readonly records = new LastBuilds<CompiledPage>();
  readonly search: SearchIndexSession;

  /** @param builtSearch the builds' cache of version indexes, read back until a save changes a version */
  constructor(builtSearch?: { parts: SearchPartCache; code: string }) {
    this.search = new SearchIndexSession(builtSearch);
  }

  /**
   * The fingerprints of the pipeline's and the API reference's code, read once:
   * the dev server starts a new content worker (a new session) when that code changes.
   */
  codeFingerprints(root: string): { pipeline: string; api: string } {
    this.fingerprints ??= { pipeline: pipelineFingerprint(root), api: apiFingerprint(root) };
    return this.fingerprints;
  }

  /**
   * Git's dates, read once per session: a save changes no commit, and each
   * `git log` cost a save about a tenth of a second. A commit made while the
   * dev server runs shows its dates after the next start.
   */
  commitHistory(root: string, dir: string): History {
    this.history ??= { dates: lastCommitDates(root, dir), commit: currentCommit(root) };
    return this.history;
  }

  /** The page's Markdown, made by `make` only when its key is new. */
  pageMarkdown(key: string, make: () => string): string {
    return this.markdown.get(key, make);
  }

  /** The page's record, made by `make` only when its key is new; the record must not be changed after. */
  pageRecord(key: string, make: () => CompiledPage): CompiledPage {
    return this.records.get(key, make);
  }

  /** Forgets the Markdown and records of pages the build that just ended did not have. */
  endBuild(): void {
    this.markdown.endBuild();
    this.records.endBuild();
  }
}
