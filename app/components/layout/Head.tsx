import dmSans400 from "@fontsource/dm-sans/files/dm-sans-latin-400-normal.woff2";
import dmSans500 from "@fontsource/dm-sans/files/dm-sans-latin-500-normal.woff2";
import dmSans700 from "@fontsource/dm-sans/files/dm-sans-latin-700-normal.woff2";
import firaCode400 from "@fontsource/fira-code/files/fira-code-latin-400-normal.woff2";
import type { SiteConfig } from "~/site.config";

// "optional": a font that has not arrived within about 100 ms is not swapped in
// later, so text never reflows under the reader (Lighthouse measured a 0.2
// layout shift with "swap" on a slow phone); the next page has it from cache.
// docs/decisions/008-font-display.md.
const fontFace = (family: string, weight: number, url: string) =>
  `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:optional;src:url(${url}) format("woff2")}`;

const SELF_HOSTED_FONTS = [
  fontFace("DM Sans", 400, dmSans400),
  fontFace("DM Sans", 500, dmSans500),
  fontFace("DM Sans", 700, dmSans700),
  fontFace("Fira Code", 400, firaCode400),
].join("");

// Turns the remote stylesheet on once loaded, so it never blocks the first paint.
const ENABLE_REMOTE_FONTS = `(function(l){if(!l)return;function on(){l.media="all"}if(l.sheet)on();else l.addEventListener("load",on)})(document.getElementById("remote-fonts"));`;

/**
 * Fonts: by default DM Sans and Fira Code are served from our own origin (no
 * third-party request), the three weights of the first screen preloaded and
 * metric-matched fallbacks standing in for any face that is late (tailwind.config.ts). With
 * SITE_FONTS_STYLESHEET_URL set, that stylesheet loads without blocking render.
 */
export function Fonts({ stylesheetUrl }: { stylesheetUrl: string | null }) {
  if (stylesheetUrl) {
    return (
      <>
        <link rel="preconnect" href={new URL(stylesheetUrl).origin} />
        <link id="remote-fonts" rel="stylesheet" href={stylesheetUrl} media="print" />
        <script dangerouslySetInnerHTML={{ __html: ENABLE_REMOTE_FONTS }} />
        <noscript>
          <link rel="stylesheet" href={stylesheetUrl} />
        </noscript>
      </>
    );
  }
  return (
    <>
      <link rel="preload" href={dmSans400} as="font" type="font/woff2" crossOrigin="anonymous" />
      <link rel="preload" href={dmSans500} as="font" type="font/woff2" crossOrigin="anonymous" />
      <link rel="preload" href={dmSans700} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style dangerouslySetInnerHTML={{ __html: SELF_HOSTED_FONTS }} />
    </>
  );
}

const gtagSetup = (id: string) =>
  `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;` +
  `gtag("js",new Date());gtag("config",${JSON.stringify(id)},{anonymize_ip:true,send_page_view:false});`;

/** The page-view tracker, only when an analytics id is configured (and never for crawlers). */
export function Analytics({ config, enabled }: { config: SiteConfig; enabled: boolean }) {
  if (!config.analyticsId || !enabled) return null;
  return (
    <>
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.analyticsId)}`} />
      <script dangerouslySetInnerHTML={{ __html: gtagSetup(config.analyticsId) }} />
    </>
  );
}
