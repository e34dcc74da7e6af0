import { Fragment, type ReactNode } from "react";
import type { TitledText } from "./titled-text";

/*
 * Pieces the landing page's sections share: a section frame, inline code and
 * text links. The sections are rendered to HTML on the server
 * (app/landing/render.server.ts), so links are plain anchors; the page's
 * content container turns clicks on links inside the site into client-side
 * navigation.
 *
 * On phones a grid's one column is named (grid-cols-1, which may be narrower
 * than its widest word; cards break such words) and inline code wraps at its
 * spaces: an implicit column is as wide as the widest unbroken word or code in
 * it, and at 200 % text on a 390 px phone that pushed cards and notes past the
 * screen's edge.
 */

export const LINK_CLASS =
  "font-medium text-brand-strong underline underline-offset-2 hover:no-underline dark:text-brand";

export function TextLink({
  to,
  children,
  className = LINK_CLASS,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

/** Inline code that may move to the next line at its spaces, never inside a word or after an option's hyphen ("-d"). */
export function InlineCode({ children }: { children: string }) {
  return (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.875em] dark:bg-slate-800">
      {children.split(" ").map((word, n) => (
        <Fragment key={n}>
          {n > 0 ? " " : null}
          <span className="whitespace-nowrap">{word}</span>
        </Fragment>
      ))}
    </code>
  );
}

/** A landing page section: an h2 (which names the section), an optional introduction, and its content. */
export function Section(props: {
  id: string;
  title: string;
  intro?: ReactNode;
  tinted?: boolean;
  children: ReactNode;
}) {
  const headingId = `${props.id}-title`;
  return (
    <section
      id={props.id}
      aria-labelledby={headingId}
      className={
        props.tinted ? "border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950" : undefined
      }
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {props.title}
        </h2>
        {props.intro ? (
          <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{props.intro}</p>
        ) : null}
        <div className="mt-8 sm:mt-10">{props.children}</div>
      </div>
    </section>
  );
}

/** A bordered card with an h3; `href` turns the whole card into the heading's link. */
export function Card(props: { title: string; href?: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative h-full break-words rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-colors has-[a:hover]:border-brand-strong dark:border-slate-800 dark:bg-slate-900 dark:has-[a:hover]:border-brand">
      <h3 className="flex items-center gap-3 text-lg font-bold text-slate-900 dark:text-white">
        {props.icon}
        {props.href ? (
          <TextLink
            to={props.href}
            className="text-brand-strong underline-offset-2 after:absolute after:inset-0 after:rounded-xl hover:underline dark:text-brand"
          >
            {props.title}
          </TextLink>
        ) : (
          props.title
        )}
      </h3>
      <div className="mt-2 text-slate-700 dark:text-slate-300">{props.children}</div>
    </div>
  );
}

/** Cards of text, three across on wide screens, each with its link to the user guide. */
export function TextCards({ items }: { items: readonly TitledText[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {items.map((item) => (
        <Card key={item.title} title={item.title}>
          <p>{item.text}</p>
          {item.link ? (
            <p className="mt-3">
              <TextLink to={item.link.to}>{item.link.label}</TextLink>
            </p>
          ) : null}
        </Card>
      ))}
    </div>
  );
}
