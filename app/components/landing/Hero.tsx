import type { SiteVersion } from "~/docs/route-data";
import type { SiteConfig } from "~/site.config";
import { HERO } from "./copy";

const BUTTON = "inline-flex items-center justify-center rounded-lg px-6 py-3 text-base font-bold transition-colors";

/**
 * Brand, tagline, what the product is, the two ways in, and the facts a
 * careful reader checks first. The two ways in lead into `into`, the docs
 * version the reader chose (the current release unless they chose another).
 */
export function Hero({
  config: { brand, tagline },
  into,
}: {
  config: SiteConfig;
  into: Pick<SiteVersion, "docsBase" | "apiUrl">;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="border-b border-slate-200 bg-sky-50 dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
        <h1 id="hero-title" className="text-5xl font-bold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
          {brand}
        </h1>
        <p className="mt-4 text-xl font-medium text-brand-strong sm:text-2xl dark:text-brand">{tagline}</p>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{HERO.lede}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a
            href={`${into.docsBase}/${HERO.getStarted.slug}`}
            className={`${BUTTON} bg-brand-strong text-white hover:bg-sky-800 dark:bg-brand dark:text-black dark:hover:bg-sky-300`}
          >
            {HERO.getStarted.label}
          </a>
          <a
            href={into.apiUrl}
            className={`${BUTTON} border border-slate-300 bg-white text-slate-900 hover:border-brand-strong dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:hover:border-brand`}
          >
            {HERO.apiReference.label}
          </a>
        </div>
        <ul
          aria-label="At a glance"
          className="mt-8 flex flex-wrap justify-center gap-x-3 gap-y-2 text-sm text-slate-600 dark:text-slate-400"
        >
          {HERO.facts.map((fact) => (
            <li
              key={fact}
              className="rounded-full border border-slate-200 bg-white px-3 py-1 dark:border-slate-800 dark:bg-slate-900"
            >
              {fact}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
