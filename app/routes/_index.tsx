import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Architecture } from "~/components/landing/Architecture";
import { Features } from "~/components/landing/Features";
import { Hero } from "~/components/landing/Hero";
import { ProjectStatus } from "~/components/landing/ProjectStatus";
import { QuickStart } from "~/components/landing/QuickStart";
import { WhySelfHost } from "~/components/landing/WhySelfHost";
import { Main } from "~/components/layout/Main";
import { guardRejection } from "~/http/rejection.server";
import { pageMeta, rootFromMatches } from "~/lib/meta";

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
  return (
    <Main>
      <Hero />
      <Features />
      <WhySelfHost />
      <Architecture />
      <QuickStart />
      <ProjectStatus />
    </Main>
  );
}
