import type { SearchHit, SearchVersion } from "~/search/types";
import { Highlight } from "./Highlight";

/** Where the hit lives: "User Guide › Features", "API Reference › Albums". */
export function HitTrail({ hit }: { hit: SearchHit }) {
  if (!hit.trail) return null;
  return (
    <span className="block text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
      {hit.trail}
    </span>
  );
}

/**
 * The page title, then the section the match is under. Spaces, not padding,
 * around the separator: they are where the line may break; without them
 * "Contribution›Conti…" was one unbreakable run, past the screen's edge at
 * large text sizes.
 */
export function HitTitle({ hit }: { hit: SearchHit }) {
  return (
    <>
      <Highlight parts={hit.title} />
      {hit.section ? (
        <>
          {" "}
          <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
            ›
          </span>{" "}
          <span className="sr-only">, section </span>
          <Highlight parts={hit.section} />
        </>
      ) : null}
    </>
  );
}

/** Method and path of an API operation, coloured like the API reference's own badges. */
export function HitEndpoint({ endpoint }: { endpoint: NonNullable<SearchHit["endpoint"]> }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className={`api-method api-method-${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
      <code className="font-mono text-sm text-slate-800 dark:text-slate-200">
        <Highlight parts={endpoint.path} breaks="value" />
      </code>
    </span>
  );
}

export function HitSnippet({ hit, className = "" }: { hit: SearchHit; className?: string }) {
  if (hit.snippet.length === 0) return null;
  return (
    <span
      className={`block text-slate-700 dark:text-slate-300 ${hit.snippetIsCode ? "break-words font-mono text-xs" : "text-sm"} ${className}`}
    >
      <Highlight parts={hit.snippet} breaks="words" />
    </span>
  );
}

/** The docs version a hit belongs to, when the site has more than one. */
export function HitVersion({ hit, versions }: { hit: SearchHit; versions: SearchVersion[] }) {
  const version = versions.find((v) => v.id === hit.version);
  if (versions.length < 2 || !version) return null;
  return (
    <span
      data-version={version.id}
      className="hit-version ml-2 inline-block rounded-full border border-slate-300 px-2 text-xs font-medium normal-case tracking-normal text-slate-700 dark:border-slate-600 dark:text-slate-300"
    >
      <span className="sr-only">Version </span>
      {version.label}
    </span>
  );
}
