// `remix dev` empties its assets folder on every rebuild and writes a development
// build that fails under NODE_ENV=production (notes: stack.md, traps 14 and 15):
// in development it builds into .dev/, apart from what `npm run serve` serves.
const development = process.env.NODE_ENV === "development";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  serverBuildPath: development ? ".dev/build/index.js" : "build/index.js",
  assetsBuildDirectory: development ? ".dev/public/build" : "public/build",
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
