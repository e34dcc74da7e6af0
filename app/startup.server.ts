import { getSiteContent } from "~/content/store.server";
import type { SiteContent } from "~/content/types";
import { warmUpCheck } from "~/http/warm-up.server";
import { unknownVariableWarnings } from "./config-variables.server";
import { ConfigurationError, readServerSettings } from "./config.server";

type Env = Record<string, string | undefined>;

/**
 * The one line a bad setting prints, or null when every setting parses.
 * Other errors are not configuration problems and are thrown.
 */
export function settingsProblem(env: Env): string | null {
  try {
    readServerSettings(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigurationError) return `[config] ${error.message}`;
    throw error;
  }
}

/**
 * Checks every setting when the server build is loaded, which remix-serve
 * does before it listens: a bad value stops the start with status 1 and one
 * line, instead of failing every page later behind a healthy /healthz. A
 * SITE_ variable nothing reads (a misspelt setting) gets a warning line.
 */
export function checkSettingsAtStart(env: Env = process.env): void {
  const problem = settingsProblem(env);
  if (problem !== null) {
    console.error(problem);
    process.exit(1);
  }
  for (const warning of unknownVariableWarnings(env)) console.warn(warning);
}

/** What /healthz reports: each part the server needs, and whether it is there. */
export function readiness(
  env: Env = process.env,
  siteContent: () => Pick<SiteContent, "versions" | "pages"> = getSiteContent,
): { ready: boolean; checks: Record<string, string> } {
  const checks: Record<string, string> = {};
  checks.configuration = settingsProblem(env) ?? "ok";
  try {
    const content = siteContent();
    // Looked up by address, not listed: listing the pages cost 14 ms a check at 10,000 of them,
    // and a load balancer's probe under load waited 700 ms for its answer.
    checks.content = content.versions.some((entry) => entry.entry in content.pages)
      ? "ok"
      : "the compiled content has no pages";
  } catch (error) {
    checks.content = error instanceof Error ? error.message : "the compiled content could not be read";
  }
  checks.warmUp = warmUpCheck();
  return { ready: Object.values(checks).every((value) => value === "ok"), checks };
}
