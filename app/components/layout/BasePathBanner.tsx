// When the site is served under a path (say behind a proxy at /photos-docs/),
// its stylesheet and scripts, addressed from the root, 404 and the page is
// unstyled. The site can only be served at the root of its host name (no
// setting moves it: app/config.server.ts refuses SITE_BASE_PATH other than
// "/"), so the banner says that. It is hidden by that stylesheet, so it shows
// exactly when the stylesheet did not load; a tiny inline script (allowed by
// its CSP hash) names the path the site was opened under.
// Scripts wait for pending stylesheets, so the banner's computed display is final here.
const namePathScript =
  `(function(){var d=document.currentScript.parentNode,s=document.getElementById("base-path-suggestion");` +
  `if(!s||getComputedStyle(d).display==="none")return;var p=location.pathname,i=p.indexOf("/",1),g=i>0?p.slice(0,i+1):"/";` +
  `s.textContent="It is opened under \\u201c"+g+"\\u201d here: publish it at the root of a host name of its own, such as https://docs.example.org/."})();`;

export function BasePathBanner() {
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
      <strong>This site did not load properly.</strong> It works only at the root of its host name, and its styles and
      scripts could not be loaded from here.{" "}
      <span id="base-path-suggestion" suppressHydrationWarning>
        Open it at <a href="/">/</a>, or publish it at the root of a host name of its own.
      </span>
      <script dangerouslySetInnerHTML={{ __html: namePathScript }} />
    </div>
  );
}
