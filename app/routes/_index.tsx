import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Main } from "~/components/layout/Main";
import { guardRejection } from "~/http/rejection.server";
import { pageMeta, rootFromMatches } from "~/lib/meta";
import { useSiteConfig } from "~/lib/root-data";

export function loader({ request }: LoaderFunctionArgs) {
  // Requests the request guard refused are sent here to get the site's error page.
  const rejected = guardRejection(request);
  if (rejected) throw new Response(null, { status: rejected });
  return null;
}

export const meta: MetaFunction = ({ matches }) => {
  const root = rootFromMatches(matches);
  return pageMeta({
    title: root?.config.tagline ?? "Smarter Home for all your Photos and Videos",
    description: "A self-hosted photo and video library with albums, people, places, things and search, running on your own hardware.",
    path: "/",
    root,
    type: "website",
  });
};

export default function Landing() {
  const { brand, tagline } = useSiteConfig();
  return (
    <Main>
      <section className="mx-auto max-w-5xl px-4 py-24 text-center">
        <h1 className="text-5xl font-bold tracking-tight text-slate-900 dark:text-white">{brand}</h1>
        <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{tagline}</p>
        <div className="mt-8 flex justify-center gap-4">
          <Link to="/docs/user-guide/installation" className="rounded-md bg-brand-strong px-5 py-3 font-bold text-white dark:bg-brand dark:text-black">
            Get started
          </Link>
          <Link to="/api" className="rounded-md border border-slate-300 px-5 py-3 font-bold dark:border-slate-700">
            API reference
          </Link>
        </div>
      </section>
    </Main>
  );
}
