import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { docRouteData, docsRedirect, movedPage, pageInOtherCase } from "~/docs/route-data.server";
import { movedPermanently } from "~/http/moved.server";
import { publicOrigin } from "~/http/origin.server";
import { leaveBodyOut } from "~/http/page-body.server";
import { load } from "~/lib/load.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return load(() => {
    // The raw, still percent-encoded path: "%2F" or "%2e%2e" never matches a page.
    const url = new URL(request.url);
    const markdown = url.pathname.endsWith(".md");
    const path = url.pathname.replace(/(.)\/+$/, "$1").replace(/\.md$/, "");
    // An old address of a page (front matter redirect_from), or a page's address in other capitals: 301
    // before anything renders, the query kept.
    const moved = movedPage(path, markdown) ?? markdownTwin(pageInOtherCase(path), markdown);
    if (moved) throw movedPermanently(request, withQuery(moved, url.searchParams));
    const data = docRouteData(path);
    if (!data) {
      const elsewhere = docsRedirect(path);
      // 302: a version's introduction, and where the current release lives, change when a version is cut.
      if (elsewhere) throw redirect(`${publicOrigin(request, getSiteConfig())}${elsewhere}`, 302);
      throw new Response("Not Found", { status: 404 });
    }
    return json(leaveBodyOut(context, data));
  });
}

/** A page's address, or its Markdown twin's when the request was for one (a section means nothing there). */
const markdownTwin = (page: string | null, markdown: boolean) => (page && markdown ? `${page.split("#")[0]}.md` : page);

/** `target` ("…/page#section") with the request's query before its fragment; Remix's own `_data` is not the reader's. */
function withQuery(target: string, query: URLSearchParams): string {
  const kept = new URLSearchParams([...query].filter(([name]) => name !== "_data"));
  if (!kept.size) return target;
  const [path, fragment] = target.split("#");
  return `${path}?${kept}${fragment === undefined ? "" : `#${fragment}`}`;
}
