import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loader } from "~/route-loaders/landing.server";
import { DocContent, Main, pageMeta, rootFromMatches } from "~/page-kit";
import type { RouteHandle } from "~/route-inputs";

export const handle: RouteHandle = { inputs: {} };

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data?.page) return [];
  const root = rootFromMatches(matches);
  return pageMeta({
    title: root?.config.tagline ?? data.page.title,
    description: data.page.description,
    path: "/",
    root,
    type: "website",
  });
};

export default function Landing() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <Main>
      <DocContent url={page.url} html={page.html} prose={false} />
    </Main>
  );
}
