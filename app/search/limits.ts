/** Queries longer than this are cut, not refused (README, "Search"). Also the search fields' maxlength. */
export const MAX_QUERY_LENGTH = 200;

export interface SearchLimits {
  /** Hits returned (the total is counted over all). */
  hits: number;
  /** Hits passed over before those returned, best first: a later page of results (0 by default). */
  from?: number;
  /** Further matching sections listed under a page hit. */
  sectionsPerHit: number;
}

/**
 * Hits on a page of results. A number of its own, not read from PAGE_LIMITS
 * in the browser: esbuild writes a constant number where it is used, while
 * the object would be shipped, in a chunk every page loads with this file.
 */
export const RESULTS_PER_PAGE = 10;

/** The results page: ten, each with the other matching sections of its page (docs/decisions/062-ten-results-a-page.md). */
export const PAGE_LIMITS: SearchLimits = { hits: RESULTS_PER_PAGE, sectionsPerHit: 3 };
/** The dialog: what fits on a screen, one row per hit. */
export const DIALOG_LIMITS: SearchLimits = { hits: 8, sectionsPerHit: 0 };
