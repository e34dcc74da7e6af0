import { useRef, type ReactNode } from "react";
import { useClientLinks } from "~/lib/client-links";
import { serverRenderedHtml } from "~/lib/server-html";
import { useVersions } from "~/lib/use-versions";
import { useVersionedLinks } from "~/lib/versioned-links";

/**
 * Markup that is the same on every page and has no behaviour of its own (the
 * footer, the base-path warning). The server renders it; the browser keeps
 * that HTML and never loads the code that drew it, because `render` comes from
 * a *.server module, which the browser bundle replaces with an empty stand-in
 * (docs/decisions/021-one-shared-chunk.md). Links in it still navigate inside
 * the app once scripts run, and those marked as leading into a docs version
 * follow the reader's version (app/lib/versioned-links.ts).
 */
export function ServerRendered({ id, render }: { id: string; render: () => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useClientLinks(ref);
  // Its links into a docs version follow the version being read or chosen.
  useVersionedLinks(ref, useVersions()?.version);
  if (typeof document === "undefined") {
    return (
      <div ref={ref} data-server-rendered={id}>
        {render()}
      </div>
    );
  }
  return (
    <div
      ref={ref}
      data-server-rendered={id}
      dangerouslySetInnerHTML={{ __html: serverRenderedHtml("data-server-rendered", id) }}
    />
  );
}
