import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { standalonePageData } from "~/docs/route-data.server";
import { load } from "~/lib/load.server";

/**
 * Every address no other route claims (the catch-all, app/routes/$.tsx): a
 * content page outside the docs (content/pages/<name>.mdx at /<name>) when
 * there is one, else the not-found page. So a new file under content/pages is
 * served at its address with no route to add, and the sitemap, which lists
 * the compiled pages, names only addresses that answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return load(() => {
    const { pathname } = new URL(request.url);
    const data = standalonePageData(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
    if (!data) throw new Response("Not Found", { status: 404 });
    return json(data);
  });
}
