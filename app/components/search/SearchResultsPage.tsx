import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { useClientLinks } from "~/lib/client-links";
import { Main, MAX_QUERY_LENGTH, SearchIcon, useSiteConfig } from "~/page-kit";
import { RESULTS_PER_PAGE } from "~/search/limits";
import { resultCount, resultPageQuery, resultPages, scopeName, shownResults } from "~/search/result-pages";
import { searchQuery } from "~/search/scope";
import type { SearchAnswer, SearchHit, SearchScope, SearchVersion } from "~/search/types";
import { ExactElsewhere } from "./ExactElsewhere";
import { Highlight } from "./Highlight";
import { HitEndpoint, HitSnippet, HitTitle, HitTrail, HitVersion } from "./HitParts";

// These two are shared with the text renderer of this page (app/http/search-main-html.server.ts).
export const LINK = "font-medium text-brand-strong underline dark:text-brand";

export const EXAMPLES = ["docker compose", "favourites", "POST /v1/albums", "backup"];

function searchUrl(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

/** Where to look when searching did not help: the three parts of the docs, and a few searches that work. */
function Suggestions() {
  const { brand } = useSiteConfig();
  return (
    <div className="mt-6 space-y-4 text-slate-700 dark:text-slate-300">
      <div>
        <h2 className="text-base font-bold text-slate-900 dark:text-white">Browse instead</h2>
        <ul className="mt-2 list-inside list-disc space-y-1">
          <li>
            <Link className={LINK} to="/docs/user-guide/introduction">
              User guide
            </Link>
            : installing, configuring and using {brand}
          </li>
          <li>
            <Link className={LINK} to="/docs/dev-guide/introduction">
              Developer guide
            </Link>
            : architecture, environment and contributing
          </li>
          <li>
            <Link className={LINK} to="/api">
              API reference
            </Link>
            : every call of the REST API
          </li>
        </ul>
      </div>
      <div>
        <h2 className="text-base font-bold text-slate-900 dark:text-white">Searches that work</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {EXAMPLES.map((example) => (
            <li key={example}>
              <Link
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand-strong dark:border-slate-600 dark:hover:border-brand"
                to={searchUrl(example)}
              >
                {example}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Result({ hit, versions }: { hit: SearchHit; versions: SearchVersion[] }) {
  return (
    <li className="border-b border-slate-200 py-5 dark:border-slate-800">
      <div className="flex flex-wrap items-center">
        <HitTrail hit={hit} />
        <HitVersion hit={hit} versions={versions} />
      </div>
      <h2 className="mt-1 text-lg font-bold text-slate-900 dark:text-white">
        <a className="hover:underline" href={hit.url} data-discover>
          <HitTitle hit={hit} />
        </a>
      </h2>
      {hit.endpoint ? (
        <div className="mt-1">
          <HitEndpoint endpoint={hit.endpoint} />
        </div>
      ) : null}
      <p className="mt-1">
        <HitSnippet hit={hit} />
      </p>
      {hit.more.length > 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Also on this page:{" "}
          {hit.more.map((section, i) => (
            <span key={section.url}>
              {i > 0 ? ", " : null}
              <a className={LINK} href={section.url} data-discover>
                <Highlight parts={section.heading} />
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The hits, as plain anchors the list opens in the app: a <Link> each (up to
 * four a hit) resolved its path and set up its handlers on every render, and
 * a results page is rendered for each search nobody made before. Remix learns
 * their routes at load (`data-discover`), as it did for the links.
 */
function Results({ answer }: { answer: SearchAnswer }) {
  const ref = useRef<HTMLOListElement>(null);
  useClientLinks(ref);
  return (
    <ol ref={ref} className="search-results mt-2">
      {answer.hits.map((hit) => (
        <Result key={hit.url} hit={hit} versions={answer.versions} />
      ))}
    </ol>
  );
}

function Summary({ answer }: { answer: SearchAnswer }) {
  const { pages } = resultPages(answer);
  return (
    <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
      {resultCount(answer.total)} for <q className="font-medium text-slate-900 dark:text-white">{answer.query}</q>
      {shownResults(answer)}.
      {answer.total > pages * RESULTS_PER_PAGE
        ? ` The best ${pages * RESULTS_PER_PAGE} can be paged through; another word narrows the search.`
        : null}
    </p>
  );
}

/** "Previous · Page 2 of 5 · Next": plain links, so paging works without JavaScript. */
function Pager({ answer }: { answer: SearchAnswer }) {
  const { page, pages } = resultPages(answer);
  if (pages < 2) return null;
  const to = (n: number) => `/search?${resultPageQuery(answer.query, answer.scope, answer.versions, n)}`;
  return (
    <nav aria-label="Pages of results" className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link className={LINK} to={to(page - 1)} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600 dark:text-slate-400">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={LINK} to={to(page + 1)} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** An address past the last page of results (results went away, or a hand-made one): where they are. */
function PastTheEnd({ answer }: { answer: SearchAnswer }) {
  const { pages } = resultPages(answer);
  return (
    <p className="mt-6 text-slate-700 dark:text-slate-300">
      {resultCount(answer.total)} for <q className="font-medium text-slate-900 dark:text-white">{answer.query}</q>, on{" "}
      {pages === 1 ? "one page" : `${pages} pages`}: this page is past them.{" "}
      <Link className={LINK} to={`/search?${resultPageQuery(answer.query, answer.scope, answer.versions, pages)}`}>
        {pages === 1 ? "Show the results" : "Show the last page"}
      </Link>
    </p>
  );
}

/** The scope as hidden fields, so a new search from the page's form keeps it. */
function ScopeFields({ answer }: { answer: SearchAnswer }) {
  const params = new URLSearchParams(searchQuery("", answer.scope, answer.versions));
  params.delete("q");
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** "Next only · All versions": plain links, so switching works without JavaScript. */
function ScopeSwitch({ answer }: { answer: SearchAnswer }) {
  const reading = answer.versions.find((version) => version.id === answer.scope.version);
  if (answer.versions.length < 2 || !reading) return null;
  const choices: { label: string; scope: SearchScope }[] = [
    {
      label: `${reading.label}${reading.current ? " (current)" : ""} only`,
      scope: { version: reading.id, all: false },
    },
    { label: "All versions", scope: { version: reading.id, all: true } },
  ];
  return (
    <nav aria-label="Versions searched" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600 dark:text-slate-400">Search in:</span>
      {choices.map(({ label, scope }) => {
        const chosen = scope.all === answer.scope.all;
        return (
          <Link
            key={label}
            to={`/search?${searchQuery(answer.query, scope, answer.versions)}`}
            aria-current={chosen ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${chosen ? "border-brand-strong bg-sky-50 font-bold text-slate-900 dark:border-brand dark:bg-slate-800 dark:text-white" : "border-slate-300 hover:border-brand-strong dark:border-slate-600"}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The /search page: a form that works without JavaScript, then the hits
 * (best first; title and heading matches rank above body text), or a clear
 * state with places to look when there is no query or no result.
 *
 * A search nobody made before gets this markup written as text, which costs a
 * fraction of React's render (app/http/search-main-html.server.ts, decision
 * 041): a change here, or in the parts it renders, is made there too.
 * tests/integration/search-main-html.test.ts fails until both agree.
 */
export function SearchResultsPage({ answer }: { answer: SearchAnswer }) {
  return (
    <Main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Search</h1>
      {/* Named, so it is told apart from the navbar's search landmark. */}
      <Form method="get" action="/search" role="search" aria-label="New search" className="mt-6 flex gap-2">
        <ScopeFields answer={answer} />
        <div className="relative min-w-0 flex-1">
          <label htmlFor="search-page-query" className="sr-only">
            Search the docs
          </label>
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
          <input
            // A new query re-renders the field with it, also after client-side navigation.
            key={answer.query}
            id="search-page-query"
            name="q"
            type="search"
            defaultValue={answer.query}
            maxLength={MAX_QUERY_LENGTH}
            aria-describedby="search-page-hint"
            placeholder="Words, a setting, a command or an API path"
            className="w-full rounded-md border border-slate-300 bg-white py-2 pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
        <button
          type="submit"
          className="rounded-md bg-brand-strong px-4 py-2 font-bold text-white hover:bg-sky-800 dark:bg-brand dark:text-black dark:hover:bg-sky-300"
        >
          Search
        </button>
      </Form>
      <p id="search-page-hint" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Searches the user guide, the developer guide and the API reference{scopeName(answer)}. Up to {MAX_QUERY_LENGTH}{" "}
        characters; a longer search is cut.
      </p>
      <ScopeSwitch answer={answer} />
      {answer.truncated ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Your search was longer than {MAX_QUERY_LENGTH} characters: only its beginning was searched.
        </p>
      ) : null}
      {answer.query === "" ? (
        <>
          <p className="mt-6 text-slate-700 dark:text-slate-300">
            Type what you are looking for: a feature, a setting such as <code>SMRITI_FEATURE_PLACES</code>, a command or
            an API call such as <code>POST /v1/albums</code>.
          </p>
          <Suggestions />
        </>
      ) : answer.total === 0 ? (
        <>
          <ExactElsewhere answer={answer} className="mt-6" />
          <p className="mt-6 text-lg text-slate-900 dark:text-white">
            No results for <q className="font-bold">{answer.query}</q>.
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Check the spelling, use fewer words, or try a more general one.
          </p>
          <Suggestions />
        </>
      ) : answer.hits.length === 0 ? (
        <PastTheEnd answer={answer} />
      ) : (
        <>
          <ExactElsewhere answer={answer} className="mt-6" />
          <Summary answer={answer} />
          <Results answer={answer} />
          <Pager answer={answer} />
        </>
      )}
    </Main>
  );
}
