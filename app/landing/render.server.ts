import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Architecture } from "~/components/landing/Architecture";
import { Features } from "~/components/landing/Features";
import { Hero } from "~/components/landing/Hero";
import { ProjectStatus } from "~/components/landing/ProjectStatus";
import { QuickStart } from "~/components/landing/QuickStart";
import { WhySelfHost } from "~/components/landing/WhySelfHost";
import type { SiteConfig } from "~/site.config";

let rendered: { config: SiteConfig; quickStart: string; html: string } | null = null;

/**
 * The landing page's body as HTML. Its sections are static, so they are
 * rendered here, on the server, once per process (configuration and compiled
 * content do not change while it runs), and the browser gets markup instead
 * of the components' code.
 */
export function landingHtml(config: SiteConfig, quickStartHtml: string): string {
  if (rendered?.config === config && rendered.quickStart === quickStartHtml) return rendered.html;
  const html = renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      createElement(Hero, { config }),
      createElement(Features),
      createElement(WhySelfHost),
      createElement(Architecture),
      createElement(QuickStart, { codeHtml: quickStartHtml }),
      createElement(ProjectStatus, { config }),
    ),
  );
  rendered = { config, quickStart: quickStartHtml, html };
  return html;
}
