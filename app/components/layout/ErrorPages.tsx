import { useLocation, useRevalidator } from "@remix-run/react";
import type { ReactNode } from "react";
import { placeName, type ContentProblem } from "~/content/problems";
import { Main } from "./Main";

/** The frame every error page shares: the status, a title and what the reader can do. */
export function ErrorLayout({ code, title, children }: { code: string; title: string; children: ReactNode }) {
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

export function LoadFailurePage() {
  return (
    <ErrorLayout code="Error" title="We could not load this page.">
      <p>
        The server did not answer, or could not read the page's content. It may be restarting: try again in a moment.
      </p>
      <RetryButton label="Retry" />
    </ErrorLayout>
  );
}

export function CrashPage() {
  return (
    <ErrorLayout code="Error" title="This page crashed.">
      <p>
        Something went wrong while showing this page. Trying again usually helps; if it keeps happening, please report
        it.
      </p>
      <RetryButton label="Try again" />
    </ErrorLayout>
  );
}

/** One mistake: where it is, what is wrong, and the lines around it with the column marked. */
export function ProblemReport({ problem }: { problem: ContentProblem }) {
  const place = problem.file ? placeName(problem.file, problem.line, problem.column) : "The content";
  return (
    <li className="rounded-md border border-red-300 p-4 dark:border-red-800">
      <p className="font-mono text-base font-bold text-slate-900 dark:text-white">{place}</p>
      <p className="mt-2 whitespace-pre-wrap text-base">{problem.message}</p>
      {problem.excerpt.length > 0 && (
        // Focusable so that keyboard users can scroll long lines sideways.
        <pre
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded bg-slate-100 p-3 text-sm dark:bg-slate-900"
          aria-label={`Lines around line ${problem.line}`}
        >
          {problem.excerpt.map(({ line, text }) => (
            <span key={line} className={line === problem.line ? "block bg-red-100 dark:bg-red-950" : "block"}>
              {`${String(line).padStart(4)} | ${text}`}
              {line === problem.line && problem.column > 0 && `\n${" ".repeat(7 + problem.column - 1)}^`}
            </span>
          ))}
        </pre>
      )}
    </li>
  );
}

/**
 * Development only (`npm run dev`): what replaces the page while the content
 * has a mistake. It goes away by itself once the file is fixed and saved.
 */
export function ContentProblemPage({ problems }: { problems: ContentProblem[] }) {
  return (
    <ErrorLayout
      code="Content error"
      title={problems.length === 1 ? "The content has a mistake." : `The content has ${problems.length} mistakes.`}
    >
      <ul className="space-y-4">
        {problems.map((problem, index) => (
          <ProblemReport key={index} problem={problem} />
        ))}
      </ul>
      <p>
        Fix it and save the file: this page updates by itself. The production build (<code>npm run build</code>) stops
        on the same mistake.
      </p>
    </ErrorLayout>
  );
}

/**
 * Development only: a mistake in a `_category_.json`, shown where the sidebar
 * is while the rest of the page keeps working (the sidebar falls back to
 * labels made from folder names).
 */
export function SidebarProblems({ problems }: { problems: ContentProblem[] }) {
  return (
    <section aria-label="Sidebar mistakes" className="mb-4 text-sm">
      <p className="mb-2 font-bold text-red-800 dark:text-red-300">The sidebar has a mistake.</p>
      <ul className="space-y-2">
        {problems.map((problem, index) => (
          <ProblemReport key={index} problem={problem} />
        ))}
      </ul>
    </section>
  );
}
