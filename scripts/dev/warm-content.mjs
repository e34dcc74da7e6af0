// Started by scripts/dev/start.mjs while remix dev builds the app, so that the
// two slowest parts of a start run side by side: this compiles the content
// into the cache the dev server's content pipeline (and `npm run build`)
// reads, .cache/content, and the app server's pipeline waits for it
// (SMRITI_DEV_WARM_PID), then finds every page and both API references there.
// A mistake in the content is left for the pipeline to report, in its place.
import { resolve } from "node:path";
import { register } from "tsx/esm/api";

register();
const { buildSiteContent } = await import("../../app/content/build.server.ts");
const root = process.cwd();
try {
  await buildSiteContent({
    root,
    contentDir: resolve(root, process.env.SITE_CONTENT_DIR ?? "content"),
    tolerant: true,
    // As the pipeline logs its compiles (a file outside the checkout by its absolute path).
    onCompiled: (file, ms) =>
      console.log(`[content] compiled ${file.startsWith("../") ? resolve(root, file) : file} in ${Math.round(ms)} ms`),
  });
} catch {
  // The content pipeline builds the same content again and shows what is wrong.
}
