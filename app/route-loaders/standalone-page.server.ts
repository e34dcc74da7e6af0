import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageInOtherCase, standalonePageData } from "~/docs/route-data.server";
import { movedPermanently } from "~/http/moved.server";
import { leaveBodyOut } from "~/http/page-body.server";
import { load } from "~/lib/load.server";

/**
 * Every address no other route claims (the catch-all, app/routes/$.tsx): a
 * content page outside the docs (content/pages/<name>.mdx at /<name>) when
 * there is one, else the not-found page. So a new file under content/pages is
 * served at its address with no route to add, and the sitemap, which lists
 * the compiled pages, names only addresses that answer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return load(() => {
    const { pathname, search } = new URL(request.url);
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    // A page's address in other capitals ("/MARKDOWN-PAGE"): 301 to it, as the docs route does for its pages.
    const page = pageInOtherCase(path);
    if (page) throw movedPermanently(request, `${page}${search}`);
    const data = standalonePageData(path);
    if (!data) throw new Response("Not Found", { status: 404 });
    return json(leaveBodyOut(context, data));
  });
}
