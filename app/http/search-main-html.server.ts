import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SearchIcon } from "~/components/icons";
import { EXAMPLES, LINK } from "~/components/search/SearchResultsPage";
import { partSegments, type BreakKind } from "~/lib/code-breaks";
import { MAX_QUERY_LENGTH, RESULTS_PER_PAGE } from "~/search/limits";
import { resultCount, resultPageQuery, resultPages, scopeName, shownResults } from "~/search/result-pages";
import { searchQuery } from "~/search/scope";
import type { Highlighted, SearchAnswer, SearchHit } from "~/search/types";
import { escapeHtml } from "./search-frame.server";

/**
 * The results page's <main> for a search with a query, written as text: the
 * markup React writes for SearchResultsPage (app/components/search), byte for
 * byte, at a fraction of its cost. A unique search's page is this filled into
 * its state's frame (decision 041), and React's render of it was a third of
 * the server's time per search. React stays the page's renderer: the client
 * hydrates this markup with the component, the fill compares the two on a
 * sample of searches and goes back to React on any difference
 * (search-pages.server.ts), and tests/integration/search-main-html.test.ts
 * compares them over every branch of the component. A change to the component
 * is made here too.
 */

/**
 * Markup as React's server renderer writes it: text escaped, and a `<!-- -->`
 * between two pieces of text side by side, so that hydration finds one DOM
 * text node per piece. An empty text writes nothing and keeps the side by side.
 */
class Markup {
  private out = "";
  private afterText = false;

  open(tag: string, attributes = ""): this {
    this.out += `<${tag}${attributes}>`;
    this.afterText = false;
    return this;
  }

  close(tag: string): this {
    this.out += `</${tag}>`;
    this.afterText = false;
    return this;
  }

  /** An element without content: `<input …/>`, `<wbr/>`. */
  empty(tag: string, attributes = ""): this {
    this.out += `<${tag}${attributes}/>`;
    this.afterText = false;
    return this;
  }

  /** An element holding only `text`. */
  element(tag: string, attributes: string, text: string): this {
    return this.open(tag, attributes).text(text).close(tag);
  }

  text(text: string | number): this {
    const value = String(text);
    if (value === "") return this;
    if (this.afterText) this.out += "<!-- -->";
    this.out += escapeText(value);
    this.afterText = true;
    return this;
  }

  /** Markup rendered once, starting and ending with an element. */
  markup(html: string): this {
    this.out += html;
    this.afterText = false;
    return this;
  }

  toString(): string {
    return this.out;
  }
}

/** escapeHtml, returning most text (no character to escape) as it is. */
function escapeText(text: string): string {
  return ESCAPED.test(text) ? escapeHtml(text) : text;
}

const ESCAPED = /["&'<>]/;

/** Attributes in the order React writes them (the component's), undefined ones left out. */
function attrs(list: Record<string, string | number | undefined>): string {
  let written = "";
  for (const name in list) {
    const value = list[name];
    if (value !== undefined) written += ` ${name}="${escapeText(String(value))}"`;
  }
  return written;
}

/** A Remix <Link>: its props, then what Remix and React Router add. */
function link(props: Record<string, string | undefined>, to: string): string {
  return attrs({ ...props, "data-discover": "true", href: to });
}

const MARK = attrs({ class: "rounded-sm bg-amber-100 text-inherit dark:bg-amber-950" });
const QUERY_TEXT = attrs({ class: "font-medium text-slate-900 dark:text-white" });
const SEARCH_ICON = renderToStaticMarkup(
  createElement(SearchIcon, {
    className: "pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500 dark:text-slate-400",
  }),
);

function highlight(html: Markup, parts: Highlighted, breaks?: BreakKind): void {
  const pieces = breaks
    ? partSegments(
        parts.map((part) => part.text),
        breaks,
      )
    : null;
  parts.forEach((part, i) => {
    if (part.mark) html.open("mark", MARK);
    if (pieces) withBreaks(html, pieces[i]!);
    else html.text(part.text);
    if (part.mark) html.close("mark");
  });
}

function withBreaks(html: Markup, pieces: string[]): void {
  pieces.forEach((piece, n) => {
    if (n > 0) html.empty("wbr");
    html.text(piece);
  });
}

/** A hit's attributes that never change, written once. */
const HIT = {
  item: attrs({ class: "border-b border-slate-200 py-5 dark:border-slate-800" }),
  head: attrs({ class: "flex flex-wrap items-center" }),
  trail: attrs({ class: "block text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400" }),
  version:
    "hit-version ml-2 inline-block rounded-full border border-slate-300 px-2 text-xs font-medium normal-case tracking-normal text-slate-700 dark:border-slate-600 dark:text-slate-300",
  srOnly: attrs({ class: "sr-only" }),
  title: attrs({ class: "mt-1 text-lg font-bold text-slate-900 dark:text-white" }),
  separator: attrs({ "aria-hidden": "true", class: "text-slate-500 dark:text-slate-400" }),
  endpointBox: attrs({ class: "mt-1" }),
  endpoint: attrs({ class: "flex flex-wrap items-center gap-2" }),
  path: attrs({ class: "font-mono text-sm text-slate-800 dark:text-slate-200" }),
  snippetBox: attrs({ class: "mt-1" }),
  snippet: "block text-slate-700 dark:text-slate-300",
  more: attrs({ class: "mt-2 text-sm text-slate-600 dark:text-slate-400" }),
};

function result(html: Markup, hit: SearchHit, answer: SearchAnswer): void {
  html.open("li", HIT.item).open("div", HIT.head);
  if (hit.trail) html.element("span", HIT.trail, hit.trail);
  const version = answer.versions.find((v) => v.id === hit.version);
  if (answer.versions.length >= 2 && version) {
    html.open("span", attrs({ "data-version": version.id, class: HIT.version }));
    html.element("span", HIT.srOnly, "Version ").text(version.label).close("span");
  }
  html.close("div").open("h2", HIT.title);
  html.open("a", attrs({ class: "hover:underline", href: hit.url, "data-discover": "true" }));
  highlight(html, hit.title);
  if (hit.section) {
    html.text(" ").element("span", HIT.separator, "›").text(" ").element("span", HIT.srOnly, ", section ");
    highlight(html, hit.section);
  }
  html.close("a").close("h2");
  if (hit.endpoint) {
    html.open("div", HIT.endpointBox).open("span", HIT.endpoint);
    html.element(
      "span",
      attrs({ class: `api-method api-method-${hit.endpoint.method.toLowerCase()}` }),
      hit.endpoint.method,
    );
    html.open("code", HIT.path);
    highlight(html, hit.endpoint.path, "value");
    html.close("code").close("span").close("div");
  }
  html.open("p", HIT.snippetBox);
  if (hit.snippet.length > 0) {
    const font = hit.snippetIsCode ? "break-words font-mono text-xs" : "text-sm";
    html.open("span", attrs({ class: `${HIT.snippet} ${font} ` }));
    highlight(html, hit.snippet, "words");
    html.close("span");
  }
  html.close("p");
  if (hit.more.length > 0) {
    html.open("p", HIT.more).text("Also on this page:").text(" ");
    hit.more.forEach((section, i) => {
      html.open("span");
      if (i > 0) html.text(", ");
      html.open("a", attrs({ class: LINK, href: section.url, "data-discover": "true" }));
      highlight(html, section.heading);
      html.close("a").close("span");
    });
    html.close("p");
  }
  html.close("li");
}

function summary(html: Markup, answer: SearchAnswer): void {
  const { pages } = resultPages(answer);
  html.open("p", attrs({ class: "mt-6 text-sm text-slate-600 dark:text-slate-400" })).text(resultCount(answer.total));
  html.text(" for ").element("q", QUERY_TEXT, answer.query).text(shownResults(answer)).text(".");
  if (answer.total > pages * RESULTS_PER_PAGE)
    html.text(` The best ${pages * RESULTS_PER_PAGE} can be paged through; another word narrows the search.`);
  html.close("p");
}

function pager(html: Markup, answer: SearchAnswer): void {
  const { page, pages } = resultPages(answer);
  if (pages < 2) return;
  const to = (n: number) => `/search?${resultPageQuery(answer.query, answer.scope, answer.versions, n)}`;
  html.open(
    "nav",
    attrs({ "aria-label": "Pages of results", class: "mt-6 flex items-center justify-between gap-4 text-sm" }),
  );
  if (page > 1) html.element("a", link({ class: LINK, rel: "prev" }, to(page - 1)), "← Previous");
  else html.open("span").close("span");
  html.open("span", attrs({ class: "text-slate-600 dark:text-slate-400" }));
  html.text("Page ").text(page).text(" of ").text(pages).close("span");
  if (page < pages) html.element("a", link({ class: LINK, rel: "next" }, to(page + 1)), "Next →");
  else html.open("span").close("span");
  html.close("nav");
}

function pastTheEnd(html: Markup, answer: SearchAnswer): void {
  const { pages } = resultPages(answer);
  const last = `/search?${resultPageQuery(answer.query, answer.scope, answer.versions, pages)}`;
  html.open("p", attrs({ class: "mt-6 text-slate-700 dark:text-slate-300" }));
  html.text(resultCount(answer.total)).text(" for ").element("q", QUERY_TEXT, answer.query).text(", on").text(" ");
  html
    .text(pages === 1 ? "one page" : `${pages} pages`)
    .text(": this page is past them.")
    .text(" ");
  html.element("a", link({ class: LINK }, last), pages === 1 ? "Show the results" : "Show the last page");
  html.close("p");
}

function exactElsewhere(html: Markup, answer: SearchAnswer): void {
  const elsewhere = answer.exactElsewhere ?? [];
  const searched = answer.versions.find((version) => version.id === answer.scope.version);
  if (elsewhere.length === 0 || !searched) return;
  html.open(
    "p",
    attrs({
      "data-exact-elsewhere": "",
      class:
        "rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-slate-900 dark:border-sky-800 dark:bg-slate-800 dark:text-slate-100 mt-6",
    }),
  );
  html
    .text(searched.label)
    .text(searched.current ? " (current)" : "")
    .text(" has no exact match for ");
  html.element("q", attrs({ class: "font-medium" }), answer.query);
  elsewhere.forEach((version, i) => {
    const to = `/search?${searchQuery(answer.query, { version: version.id, all: false }, answer.versions)}`;
    html.open("span").text(i === 0 ? "; " : ", ");
    html.open("a", link({ class: "font-medium text-brand-strong underline dark:text-brand" }, to));
    html
      .text(version.label)
      .text(version.current ? " (current)" : "")
      .text(" has: see its results");
    html.close("a").close("span");
  });
  html.text(".").close("p");
}

function suggestions(html: Markup, brand: string): void {
  const guides: [string, string, string][] = [
    ["/docs/user-guide/introduction", "User guide", ": installing, configuring and using "],
    ["/docs/dev-guide/introduction", "Developer guide", ": architecture, environment and contributing"],
    ["/api", "API reference", ": every call of the REST API"],
  ];
  html.open("div", attrs({ class: "mt-6 space-y-4 text-slate-700 dark:text-slate-300" })).open("div");
  html.element("h2", attrs({ class: "text-base font-bold text-slate-900 dark:text-white" }), "Browse instead");
  html.open("ul", attrs({ class: "mt-2 list-inside list-disc space-y-1" }));
  guides.forEach(([to, name, what], i) => {
    html
      .open("li")
      .element("a", link({ class: LINK }, to), name)
      .text(what);
    if (i === 0) html.text(brand);
    html.close("li");
  });
  html.close("ul").close("div").open("div");
  html.element("h2", attrs({ class: "text-base font-bold text-slate-900 dark:text-white" }), "Searches that work");
  html.open("ul", attrs({ class: "mt-2 flex flex-wrap gap-2" }));
  for (const example of EXAMPLES) {
    const to = `/search?${new URLSearchParams({ q: example })}`;
    const chip =
      "inline-block rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand-strong dark:border-slate-600 dark:hover:border-brand";
    html
      .open("li")
      .element("a", link({ class: chip }, to), example)
      .close("li");
  }
  html.close("ul").close("div").close("div");
}

function scopeSwitch(html: Markup, answer: SearchAnswer): void {
  const reading = answer.versions.find((version) => version.id === answer.scope.version);
  if (answer.versions.length < 2 || !reading) return;
  const choices = [
    { label: `${reading.label}${reading.current ? " (current)" : ""} only`, all: false },
    { label: "All versions", all: true },
  ];
  html.open(
    "nav",
    attrs({ "aria-label": "Versions searched", class: "mt-3 flex flex-wrap items-center gap-2 text-sm" }),
  );
  html.element("span", attrs({ class: "text-slate-600 dark:text-slate-400" }), "Search in:");
  for (const { label, all } of choices) {
    const chosen = all === answer.scope.all;
    const to = `/search?${searchQuery(answer.query, { version: reading.id, all }, answer.versions)}`;
    const look = chosen
      ? "border-brand-strong bg-sky-50 font-bold text-slate-900 dark:border-brand dark:bg-slate-800 dark:text-white"
      : "border-slate-300 hover:border-brand-strong dark:border-slate-600";
    const props = { "aria-current": chosen ? "true" : undefined, class: `rounded-full border px-3 py-1 ${look}` };
    html.element("a", link(props, to), label);
  }
  html.close("nav");
}

function form(html: Markup, answer: SearchAnswer): void {
  html.open(
    "form",
    attrs({
      method: "get",
      action: "/search",
      role: "search",
      "aria-label": "New search",
      class: "mt-6 flex gap-2",
      "data-discover": "true",
    }),
  );
  const scope = new URLSearchParams(searchQuery("", answer.scope, answer.versions));
  scope.delete("q");
  for (const [name, value] of scope) html.empty("input", attrs({ type: "hidden", name, value }));
  html.open("div", attrs({ class: "relative min-w-0 flex-1" }));
  html.element("label", attrs({ for: "search-page-query", class: "sr-only" }), "Search the docs");
  html.markup(SEARCH_ICON);
  html.empty(
    "input",
    attrs({
      id: "search-page-query",
      name: "q",
      type: "search",
      maxLength: MAX_QUERY_LENGTH,
      "aria-describedby": "search-page-hint",
      placeholder: "Words, a setting, a command or an API path",
      class:
        "w-full rounded-md border border-slate-300 bg-white py-2 pl-10 pr-3 text-base text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400",
      value: answer.query,
    }),
  );
  html.close("div");
  html.element(
    "button",
    attrs({
      type: "submit",
      class:
        "rounded-md bg-brand-strong px-4 py-2 font-bold text-white hover:bg-sky-800 dark:bg-brand dark:text-black dark:hover:bg-sky-300",
    }),
    "Search",
  );
  html.close("form");
}

/** SearchResultsPage's <main> for `answer`, on a site named `brand` (the configured name, shown when nothing is found). */
export function searchMainHtml(answer: SearchAnswer, brand: string): string {
  const html = new Markup();
  html.open("main", attrs({ id: "main", tabindex: "-1", class: "outline-none mx-auto w-full max-w-3xl px-4 py-10" }));
  html.element(
    "h1",
    attrs({ class: "text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white" }),
    "Search",
  );
  form(html, answer);
  html.open("p", attrs({ id: "search-page-hint", class: "mt-2 text-sm text-slate-600 dark:text-slate-400" }));
  html.text("Searches the user guide, the developer guide and the API reference").text(scopeName(answer));
  html.text(". Up to ").text(MAX_QUERY_LENGTH).text(" ").text("characters; a longer search is cut.").close("p");
  scopeSwitch(html, answer);
  if (answer.truncated) {
    const warning =
      "mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100";
    html
      .open("p", attrs({ class: warning }))
      .text("Your search was longer than ")
      .text(MAX_QUERY_LENGTH);
    html.text(" characters: only its beginning was searched.").close("p");
  }
  if (answer.query === "") {
    html.open("p", attrs({ class: "mt-6 text-slate-700 dark:text-slate-300" }));
    html
      .text("Type what you are looking for: a feature, a setting such as ")
      .element("code", "", "SMRITI_FEATURE_PLACES");
    html.text(", a command or an API call such as ").element("code", "", "POST /v1/albums").text(".").close("p");
    suggestions(html, brand);
  } else if (answer.total === 0) {
    exactElsewhere(html, answer);
    html.open("p", attrs({ class: "mt-6 text-lg text-slate-900 dark:text-white" })).text("No results for ");
    html
      .element("q", attrs({ class: "font-bold" }), answer.query)
      .text(".")
      .close("p");
    html.element(
      "p",
      attrs({ class: "mt-2 text-slate-700 dark:text-slate-300" }),
      "Check the spelling, use fewer words, or try a more general one.",
    );
    suggestions(html, brand);
  } else if (answer.hits.length === 0) {
    pastTheEnd(html, answer);
  } else {
    exactElsewhere(html, answer);
    summary(html, answer);
    html.open("ol", attrs({ class: "search-results mt-2" }));
    for (const hit of answer.hits) result(html, hit, answer);
    html.close("ol");
    pager(html, answer);
  }
  return html.close("main").toString();
}
