import { useRef, type ReactNode } from "react";
import { useClientLinks } from "~/lib/client-links";
import { serverRenderedHtml } from "~/lib/server-html";

/**
 * Markup that is the same on every page and has no behaviour of its own (the
 * footer, the base-path warning). The server renders it; the browser keeps
 * that HTML and never loads the code that drew it, because `render` comes from
 * a *.server module, which the browser bundle replaces with an empty stand-in
 * (docs/decisions/021-one-shared-chunk.md). Links in it still navigate inside
 * the app once scripts run.
 */
export function ServerRendered({ id, render }: { id: string; render: () => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useClientLinks(ref);
  if (typeof document === "undefined") {
    return (
      <div ref={ref} data-server-rendered={id}>
        {render()}
      </div>
    );
  }
  return <div ref={ref} data-server-rendered={id} dangerouslySetInnerHTML={{ __html: serverRenderedHtml("data-server-rendered", id) }} />;
}
