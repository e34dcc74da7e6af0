import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { json } from "@remix-run/node";
import type { ContentProblem, ContentProblemData, ProblemPlace } from "./problems";
import type { CompiledPage, SiteContent } from "./types";

/** Written by `npm run build:content`, relative to the working directory. */
export const SITE_CONTENT_FILE = "build/content/site-content.json";

/**
 * Where `npm run dev`'s app server (scripts/dev/app-server.mjs) puts the
 * content it compiles live (app/content/live.server.ts), outside the server
 * build, which is reloaded whenever app code changes.
 */
export const LIVE_CONTENT = Symbol.for("smriti.live-content");

type LiveView = { current(): { content: SiteContent | null; problems: ContentProblem[] | null } | null };

const liveState = () => ((globalThis as Record<symbol, unknown>)[LIVE_CONTENT] as LiveView | undefined)?.current() ?? null;

const problemResponse = (problems: ContentProblem[]) =>
  json<ContentProblemData>({ contentProblems: problems }, { status: 500, headers: { "Cache-Control": "no-store" } });

let loaded: { content: SiteContent; mtimeMs: number } | null = null;

function read(file: string): SiteContent {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SiteContent;
  } catch (error) {
    throw new Error(`compiled content is missing or unreadable at ${file}: run "npm run build" first (${(error as Error).message})`);
  }
}

/** Development: the live content, or the content's mistakes thrown as a 500 the root error page shows. */
function liveContent(): SiteContent | null {
  const state = liveState();
  if (!state) return null;
  if (state.content) return state.content;
  throw problemResponse(state.problems ?? []);
}

/**
 * Development: the content's mistakes that show at `place` (a page, a
 * version's sidebar or API pages); none in production, whose build refuses
 * every mistake.
 */
export function liveProblems(place: ProblemPlace): ContentProblem[] {
  if (process.env.NODE_ENV !== "development") return [];
  return (liveState()?.problems ?? []).filter((problem) => problem.place === place);
}

/** Development: throws the error page of the mistakes at `place`, if it has any. */
export function throwLiveProblems(place: ProblemPlace): void {
  const problems = liveProblems(place);
  if (problems.length) throw problemResponse(problems);
}

/**
 * The compiled site content. In production it is read from disk once per
 * process and never looked at again. In development it is the content that
 * `npm run dev` compiles live; without that (a bare `remix dev`), the file is
 * read again whenever the content build rewrites it.
 */
export function getSiteContent(): SiteContent {
  if (process.env.NODE_ENV === "development") {
    const live = liveContent();
    if (live) return live;
  }
  if (loaded && process.env.NODE_ENV !== "development") return loaded.content;
  const file = join(process.cwd(), SITE_CONTENT_FILE);
  const mtimeMs = process.env.NODE_ENV === "development" ? statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 : 0;
  if (!loaded || loaded.mtimeMs !== mtimeMs) loaded = { content: read(file), mtimeMs };
  return loaded.content;
}

export function findPage(url: string): CompiledPage | undefined {
  const content = getSiteContent();
  // A page with a mistake shows it, in its place only: the rest of the site keeps working.
  throwLiveProblems(`page:${url}`);
  return content.pages[url];
}

/**
 * Like findPage, but undefined rather than a thrown error while the content cannot be read
 * (a development mistake, a missing build): for response headers, whose page's loader reports the failure.
 */
export function findPageIfBuilt(url: string): CompiledPage | undefined {
  try {
    return findPage(url);
  } catch {
    return undefined;
  }
}
