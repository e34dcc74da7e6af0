import { Link, useLocation, useRevalidator } from "@remix-run/react";
import type { ReactNode } from "react";
import { Main } from "./Main";
import { SearchBox } from "./SearchBox";

function ErrorLayout({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <Main className="mx-auto w-full max-w-3xl px-4 py-20">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-strong dark:text-brand">{code}</p>
      <h1 className="mt-2 text-4xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-4 space-y-4 text-lg text-slate-700 dark:text-slate-300">{children}</div>
    </Main>
  );
}

/**
 * A button that re-runs the page's loaders and renders again. It is a GET
 * form for the same address, so without JavaScript it reloads the page.
 */
function RetryButton({ label }: { label: string }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  return (
    <form
      method="get"
      action={location.pathname}
      onSubmit={(event) => {
        event.preventDefault();
        revalidator.revalidate();
      }}
    >
      <button
        type="submit"
        className="rounded-md bg-brand-strong px-4 py-2 text-base font-bold text-white hover:bg-sky-800 dark:bg-brand dark:text-black dark:hover:bg-sky-300"
      >
        {revalidator.state === "loading" ? "Loading…" : label}
      </button>
    </form>
  );
}

export function NotFoundPage() {
  return (
    <ErrorLayout code="404" title="Page not found">
      <p>There is no page at this address. It may have moved, or the link that brought you here is wrong.</p>
      <ul className="list-inside list-disc">
        <li>
          <Link className="text-brand-strong underline dark:text-brand" to="/docs/user-guide/introduction">User guide</Link>: what the product does and how to install it
        </li>
        <li>
          <Link className="text-brand-strong underline dark:text-brand" to="/docs/dev-guide/introduction">Developer guide</Link>: architecture and contributing
        </li>
        <li>
          <Link className="text-brand-strong underline dark:text-brand" to="/api">API reference</Link>: every call of the REST API
        </li>
      </ul>
      <div className="max-w-sm">
        <SearchBox id="not-found-search" />
      </div>
    </ErrorLayout>
  );
}

const STATUS_TEXT: Record<number, [string, string]> = {
  400: ["Bad request", "The address or form you sent could not be understood. Check it and try again."],
  403: ["Not allowed", "This request is not accepted here. Forms on this site only work from the site itself."],
  405: ["Method not allowed", "This address only answers to reading it (GET)."],
  414: ["Address too long", "The address you asked for is longer than this site accepts."],
  431: ["Request too large", "Your browser sent more cookies or headers than this site accepts. Clearing this site's cookies fixes it."],
};

export function StatusPage({ status }: { status: number }) {
  const [title, text] = STATUS_TEXT[status] ?? ["Request not served", "This request could not be served."];
  return (
    <ErrorLayout code={String(status)} title={title}>
      <p>{text}</p>
      <p>
        <Link className="text-brand-strong underline dark:text-brand" to="/">Go to the home page</Link>
      </p>
    </ErrorLayout>
  );
}

export function LoadFailurePage() {
  return (
    <ErrorLayout code="Error" title="We could not load this page.">
      <p>The server did not answer, or could not read the page's content. It may be restarting: try again in a moment.</p>
      <RetryButton label="Retry" />
    </ErrorLayout>
  );
}

export function CrashPage() {
  return (
    <ErrorLayout code="Error" title="This page crashed.">
      <p>Something went wrong while showing this page. Trying again usually helps; if it keeps happening, please report it.</p>
      <RetryButton label="Try again" />
    </ErrorLayout>
  );
}
