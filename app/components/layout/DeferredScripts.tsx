import { Scripts } from "@remix-run/react";

export const HYDRATION_SCRIPTS_ID = "hydration-scripts";

/**
 * Runs in the page as an inline script. Once the page has loaded and painted,
 * it copies the framework's scripts out of the inert <template> into the
 * document: the module preloads first (so the files download side by side),
 * then the hydration data, then the module that hydrates. Script elements
 * parsed inside a template never run, so each is created afresh; their text is
 * unchanged, so the page's CSP hashes (computed from the HTML) still match.
 */
const START_HYDRATION = `(function(){var t=document.getElementById(${JSON.stringify(HYDRATION_SCRIPTS_ID)});if(!t)return;var s=0;function go(){if(s)return;s=1;var n=t.content.children;for(var i=0;i<n.length;i++){var o=n[i],e=document.createElement(o.localName);for(var j=0;j<o.attributes.length;j++)e.setAttribute(o.attributes[j].name,o.attributes[j].value);e.textContent=o.textContent;document.body.appendChild(e)}}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}if(document.readyState==="complete")later();else addEventListener("load",later)})();`;

/**
 * The framework's scripts (Remix's <Scripts/>), kept off the critical path.
 * Every control of the page works before they run (links, forms, <details>),
 * so the browser paints and the reader can act before any script is fetched;
 * hydration then adds client navigation, the progress bar, the search dialog
 * and the copy buttons. See docs/decisions/014-hydration-after-first-paint.md.
 *
 * In the browser the template and the starter are left as the server sent
 * them: React does not hydrate the inside of an element set with
 * dangerouslySetInnerHTML, and the nodes the starter appends sit after
 * everything React renders in <body>, where hydration tolerates extra nodes.
 */
export function DeferredScripts() {
  if (typeof document !== "undefined") {
    return (
      <>
        <template id={HYDRATION_SCRIPTS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
      </>
    );
  }
  return (
    <>
      <template id={HYDRATION_SCRIPTS_ID}>
        <Scripts />
      </template>
      <script dangerouslySetInnerHTML={{ __html: START_HYDRATION }} />
    </>
  );
}
