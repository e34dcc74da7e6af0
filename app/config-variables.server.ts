import { DRAIN_VARIABLE } from "./http/guard-contract";

type Env = Record<string, string | undefined>;

/**
 * Every SITE_ variable the server reads (app/config.server.ts, the request guard,
 * the input check) and every one `npm run build` reads. A name in neither is
 * most likely a typo: SITE_DRAIN=5000 for SITE_DRAIN_MS makes a replica that
 * stops without draining, and nothing said why. tests/unit/config-variables.test.ts
 * finds every SITE_ name the code reads and fails when one is missing here.
 */
export const SERVER_VARIABLES = [
  "SITE_URL",
  "SITE_BRAND",
  "SITE_REPOSITORY_URL",
  "SITE_EDIT_URL_BASE",
  "SITE_ANNOUNCEMENT_ID",
  "SITE_ANNOUNCEMENT_CLOSEABLE",
  "SITE_FONTS_STYLESHEET_URL",
  "SITE_ANALYTICS_ID",
  "SITE_API_SERVER_URL",
  "SITE_BASE_PATH",
  "SITE_PAGE_CACHE_MB",
  DRAIN_VARIABLE,
  "SITE_CHECK_INPUTS",
  "SITE_SEARCH_THREAD",
] as const;

/** Read by `npm run build` and `npm run dev`; `npm start` hands the server the same environment, so these pass quietly. */
export const BUILD_VARIABLES = [
  "SITE_CONTENT_DIR",
  "SITE_SPEC_ROOT",
  "SITE_COMMIT",
  "SITE_BUILD_THREADS",
  "SITE_KEEP_BUILDS",
  "SITE_CONTENT_CACHE_DIR",
] as const;

const KNOWN: readonly string[] = [...SERVER_VARIABLES, ...BUILD_VARIABLES];

/**
 * How many single-letter edits turn one name into the other. Not fastest-levenshtein, which the
 * build uses: it is a dev dependency, absent from the container's production install.
 */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** The known name the operator most likely meant: one that starts with what they wrote, or within a few edits. */
function likelyMeant(name: string): string | null {
  const extended = KNOWN.find((known) => known.startsWith(name) || name.startsWith(known));
  if (extended) return extended;
  let best: string | null = null;
  let bestDistance = 4;
  for (const known of KNOWN) {
    const distance = editDistance(name, known);
    if (distance < bestDistance) [best, bestDistance] = [known, distance];
  }
  return best;
}

/**
 * One warning line per SITE_ variable that nothing reads. Not fatal: an
 * orchestrator may set names of its own (Kubernetes adds <SERVICE>_PORT for
 * each Service), and ignoring a name is what the server did before; the line
 * says so, so that a typo is found at the first start.
 */
export function unknownVariableWarnings(env: Env): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith("SITE_") && !KNOWN.includes(name))
    .sort()
    .map((name) => {
      const meant = likelyMeant(name);
      return `[config] ${name} is not a setting of this site and is ignored${meant ? `; did you mean ${meant}?` : ""}`;
    });
}
