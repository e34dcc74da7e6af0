import { Outlet } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { matchRoutes, type DataRouteMatch, type DataRouteObject } from "react-router-dom";
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from "react-router-dom/server.js";
import type { RootData } from "~/lib/root-data";
import SearchRoute from "~/routes/search";
import type { SearchAnswer } from "~/search/types";

// The two routes a results page matches, with the ids Remix gives them: the root (here only
// its outlet: the document around <main> is the frame's) and the search route's own component.
const ROUTES: DataRouteObject[] = [
  {
    id: "root",
    path: "",
    element: <Outlet />,
    children: [{ id: "routes/search", path: "search", element: <SearchRoute /> }],
  },
];

/**
 * The results page's <main> element for `answer`, rendered by the route's
 * own component under React Router's static data router, as Remix renders it
 * inside the whole document (Remix's RemixServer uses the same router): the
 * links, the form and the root data the component reads come from the same
 * hooks. `rootData` is the root loader's data of the page's state (theme,
 * configuration, versions). The frame's own check (search-frame.server.ts)
 * compares this with Remix's rendering before a frame is used.
 */
export function renderSearchMain(answer: SearchAnswer, rootData: RootData, address: string): string {
  const url = new URL(address, "http://frame.invalid");
  const location = { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" };
  const context: StaticHandlerContext = {
    basename: "/",
    location,
    matches: (matchRoutes(ROUTES, location) ?? []) as DataRouteMatch[],
    loaderData: { root: rootData, "routes/search": answer },
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  };
  const router = createStaticRouter(ROUTES, context, { future: { v7_relativeSplatPath: true } });
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
