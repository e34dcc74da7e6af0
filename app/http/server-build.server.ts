import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { checkedLoader, checkingInputs } from "./input-check.server";
import { routeManifest, type ServerRoutes } from "./route-manifest.server";

/**
 * Hands Remix's route manifest, with each route's module, to the page cache
 * (app/http/route-manifest.server.ts). The server build is one ES module
 * (build/index.js; .dev/build/index.js under `npm run dev`) whose `routes`
 * export is that manifest, and this code is bundled into it: importing the
 * module's own URL yields the manifest, once the build has finished loading,
 * before remix-serve answers a request. No copy of the route table is kept.
 * Run from the unit tests' sources, the module is not a server build and
 * nothing is learned (the tests hand in a manifest themselves).
 */
export function learnRoutesFromServerBuild(): void {
  void serverBuild().then(
    (build) => {
      if (!build) return;
      routeManifest.learn(build.routes);
      if (!checkingInputs) return;
      for (const id of routeManifest.routesWithoutInputs)
        console.error(
          `[smriti-site] route ${id} declares no inputs (handle.inputs, app/route-inputs.ts): never cached`,
        );
      checkLoaders(build.routes);
    },
    (error: unknown) => console.error("[smriti-site] the route manifest could not be read; nothing is cached", error),
  );
}

let loading: Promise<ServerBuild | null> | null = null;

/** The running server build (see learnRoutesFromServerBuild); null when this code runs from the sources. */
export function serverBuild(): Promise<ServerBuild | null> {
  loading ??= import(/* the server build itself */ import.meta.url).then((build: Partial<ServerBuild>) =>
    build.routes ? (build as ServerBuild) : null,
  );
  return loading;
}

/**
 * Every loader behind the request that records what it reads (development and
 * the test servers). Remix reads `route.module.loader` on each call, so
 * replacing a route's module object here takes effect on the next request.
 */
function checkLoaders(routes: ServerRoutes): void {
  for (const route of Object.values(routes)) {
    if (!route?.module.loader) continue;
    const declared = routeManifest.inputsOfRoute(route.id, routes);
    route.module = { ...route.module, loader: checkedLoader(route.id, declared, route.module.loader) };
  }
}

let handler: ReturnType<typeof createRequestHandler> | null = null;

/**
 * Remix's request handler over the running build, for the requests the
 * server makes of itself (a results page's frame, the warm-up at start):
 * they are answered as any request, without the request guard; null when
 * this code runs from the sources.
 */
export async function selfRequestHandler(): Promise<ReturnType<typeof createRequestHandler> | null> {
  const build = await serverBuild();
  if (!build) return null;
  handler ??= createRequestHandler(build, "production");
  return handler;
}
