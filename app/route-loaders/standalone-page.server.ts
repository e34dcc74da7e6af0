import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { standalonePageData } from "~/docs/route-data.server";
import { load } from "~/lib/load.server";

/** The one content page outside the docs tree. */
export async function loader(_: LoaderFunctionArgs) {
  return load(() => {
    const data = standalonePageData("/markdown-page");
    if (!data) throw new Response("Not Found", { status: 404 });
    return json(data);
  });
}
