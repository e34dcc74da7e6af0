// `npm run build [-- --strict]`: the content build, with the options given
// (npm would pass them to the last command of a `a && b` script only), then
// the app build.
import { spawnSync } from "node:child_process";

for (const step of [["build:content", ...process.argv.slice(2)], ["build:app"]]) {
  const [script, ...args] = step;
  const { status } = spawnSync("npm", ["run", script, ...(args.length ? ["--", ...args] : [])], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
