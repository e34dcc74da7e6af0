// What the development server shows instead of a page while the content has a
// mistake (invalid MDX, a broken link, a bad front-matter value). Shared by the
// server, which throws it as a 500 response's data, and the root error
// boundary, which renders it. Production never produces it: there the build
// fails on the same mistakes.

export interface SourceLine {
  line: number;
  text: string;
}

export interface ContentProblem {
  /** Repository-relative path of the file at fault; "" when the mistake is not in one file. */
  file: string;
  /** 1-based; 0 when unknown. */
  line: number;
  column: number;
  message: string;
  /** The lines around `line`, to show the mistake in its place. */
  excerpt: SourceLine[];
  /** Development: the one place that shows it (see ProblemPlace); absent when it concerns the whole site. */
  place?: ProblemPlace;
}

/**
 * How a mistake's place is written: "file:line:column", or the file alone when
 * the line is not known (a page that failed to render, naming no code of its
 * own), rather than a made-up "file:0:0".
 */
export function placeName(file: string, line: number, column: number): string {
  return line > 0 ? `${file}:${line}:${column}` : file;
}

export interface ContentProblemData {
  contentProblems: ContentProblem[];
}

export function isContentProblemData(data: unknown): data is ContentProblemData {
  return typeof data === "object" && data !== null && Array.isArray((data as Partial<ContentProblemData>).contentProblems);
}

/**
 * Where a mistake shows in development, so that the rest of the site keeps
 * working: on its page ("page:/docs/x"), in a version's sidebar
 * ("navigation:next"), on a version's API pages ("api:24.05.08") or on the
 * pages that show a partial ("partial:quick-start", by its slug). A problem
 * without a place (versions.json) replaces every page.
 */
export type ProblemPlace = `page:${string}` | `navigation:${string}` | `api:${string}` | `partial:${string}`;
