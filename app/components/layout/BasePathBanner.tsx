// When the site is served under another path than it was configured for (say
// behind a proxy at /photos-docs/), its stylesheet and scripts 404 and the page
// is unstyled. This banner is hidden by that stylesheet, so it shows exactly
// when the stylesheet did not load; a tiny inline script (allowed by its CSP
// hash) works out which base path to configure.
// Scripts wait for pending stylesheets, so the banner's computed display is final here.
const suggestScript = (basePath: string) =>
  `(function(){var d=document.currentScript.parentNode,s=document.getElementById("base-path-suggestion");` +
  `if(!s||getComputedStyle(d).display==="none")return;var p=location.pathname,i=p.indexOf("/",1),g=i>0?p.slice(0,i+1):"/";` +
  `s.textContent="Try setting SITE_BASE_PATH to \\u201c"+g+"\\u201d, or serve the site at \\u201c"+${JSON.stringify(basePath)}+"\\u201d."})();`;

export function BasePathBanner({ basePath }: { basePath: string }) {
  return (
    <div
      className="base-path-banner"
      role="alert"
      style={{
        padding: "12px 16px",
        background: "#fff3cd",
        color: "#3d2c00",
        borderBottom: "1px solid #e0c46c",
        fontFamily: "sans-serif",
      }}
    >
      <strong>This site did not load properly.</strong> It is configured for the base path <code>{basePath}</code>, and
      its styles and scripts could not be loaded from here.{" "}
      <span id="base-path-suggestion" suppressHydrationWarning>
        Open it at <a href={basePath}>{basePath}</a>, or set SITE_BASE_PATH to the path it is served under.
      </span>
      <script dangerouslySetInnerHTML={{ __html: suggestScript(basePath) }} />
    </div>
  );
}
