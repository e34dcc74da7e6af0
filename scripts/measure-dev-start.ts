// `npx tsx scripts/measure-dev-start.ts [--port 4420] [--runs 3] [--content DIR]`:
// how long `npm run dev` takes to show its first page, started `runs` times in a
// row on a temporary copy of content/ (or on DIR as it is, whose pages stay
// cached from one invocation to the next) with the compiled-page cache as it is
// (.cache/content, shared with `npm run build`): the first run compiles what
// the cache lacks, the others find everything there. Prints each run's time
// from spawn to the first docs page answered 200, and the two parts of the
// start from the log: remix dev's app build and the content build. Not a
// test: the figures depend on the load (print `uptime` beside them).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startDevServer } from "../tests/e2e/support/dev-server";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4420" },
    runs: { type: "string", default: "3" },
    content: { type: "string" },
  },
});
const port = Number(values.port);
const runs = Number(values.runs);
const FIRST_PAGE = "/docs/user-guide/installation";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const tmp = mkdtempSync(join(tmpdir(), "measure-dev-start-"));
// The cache's keys name each page's file, so a copy is compiled once, at its first start.
const contentDir = values.content ?? join(tmp, "content");
if (!values.content) cpSync(join(root, "content"), contentDir, { recursive: true });
const firstPage: number[] = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    const started = performance.now();
    const server = await startDevServer({ port, reloadPort: port + 1, contentDir, timeoutMs: 300_000 });
    try {
      const response = await fetch(`${server.origin}${FIRST_PAGE}`);
      if (response.status !== 200) throw new Error(`${FIRST_PAGE} answered ${response.status}`);
      await response.text();
      const ms = performance.now() - started;
      firstPage.push(ms);
      const log = server.output();
      const appBuild = log.match(/\[info\] built \(([^)]+)\)/)?.[1] ?? "?";
      const content = log.match(/pages ready \((.*?)\) in (\d+) ms/);
      console.log(
        `run ${run}: first page in ${Math.round(ms)} ms; app build ${appBuild}; ` +
          `content build ${content ? `${content[2]} ms (${content[1]})` : "?"}`,
      );
    } finally {
      await server.stop();
    }
  }
  console.log(`first page: median ${Math.round(median(firstPage))} ms over ${runs} starts`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
