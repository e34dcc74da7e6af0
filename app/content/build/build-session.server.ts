import { SearchIndexSession } from "~/search/build/index.server";
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

export class BuildSession {
  private fingerprints: { pipeline: string; api: string } | null = null;
  private history: History | null = null;
  /** Each page's Markdown, by its content hash and description; only the last build's entries are kept. */
  private markdown = new Map<string, string>();
  private nextMarkdown = new Map<string, string>();
  readonly search = new SearchIndexSession();

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
    const markdown = this.markdown.get(key) ?? this.nextMarkdown.get(key) ?? make();
    this.nextMarkdown.set(key, markdown);
    return markdown;
  }

  /** Forgets the Markdown of pages the build that just ended did not have. */
  endBuild(): void {
    this.markdown = this.nextMarkdown;
    this.nextMarkdown = new Map();
  }
}
