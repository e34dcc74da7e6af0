import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Architecture } from "~/components/landing/Architecture";
import { Features } from "~/components/landing/Features";
import { Hero } from "~/components/landing/Hero";
import { ProjectStatus } from "~/components/landing/ProjectStatus";
import { QuickStart } from "~/components/landing/QuickStart";
import { WhySelfHost } from "~/components/landing/WhySelfHost";
import type { ArchitectureData } from "~/components/diagrams/data";
import type { SiteVersion } from "~/docs/route-data";
import type { SiteConfig } from "~/site.config";

type Into = Pick<SiteVersion, "docsBase" | "apiUrl">;

let rendered: {
  config: SiteConfig;
  quickStart: string;
  diagram: ArchitectureData | null;
  html: Map<string, string>;
} | null = null;

/**
 * The landing page's body as HTML. Its sections are static, so they are
 * rendered here, on the server, once per process (configuration and compiled
 * content do not change while it runs), and the browser gets markup instead
 * of the components' code; once for each docs version its calls to action
 * lead into (`into`, the version the reader chose).
 */
export function landingHtml(
  config: SiteConfig,
  quickStartHtml: string,
  diagram: ArchitectureData | null,
  into: Into,
): string {
  if (rendered?.config !== config || rendered.quickStart !== quickStartHtml || rendered.diagram !== diagram) {
    rendered = { config, quickStart: quickStartHtml, diagram, html: new Map() };
  }
  const key = `${into.docsBase} ${into.apiUrl}`;
  const kept = rendered.html.get(key);
  if (kept !== undefined) return kept;
  const html = renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      createElement(Hero, { config, into }),
      createElement(Features),
      createElement(WhySelfHost),
      // Drawn from the current release's diagrams.json; a site whose content has none leaves the section out.
      diagram && createElement(Architecture, { diagram }),
      createElement(QuickStart, { codeHtml: quickStartHtml }),
      createElement(ProjectStatus, { config }),
    ),
  );
  rendered.html.set(key, html);
  return html;
}
