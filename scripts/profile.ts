// `npm run profile -- [path] [--gzip]`: where the server's time goes for one
// page. Starts the production server with `node --cpu-prof`, loads the path
// at 50 connections for 8 s, stops the server and sums the profile's self
// time by function and by package. The raw .cpuprofile stays in bench/tmp/
// (open it in Chrome DevTools for the full picture).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { startSite } from "./lib/site-server";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const root = join(import.meta.dirname, "..");
const dir = join(root, "bench/tmp/profile");
const path = process.argv.slice(2).find((arg) => arg.startsWith("/")) ?? "/docs/user-guide/installation";
const headers: Record<string, string> = process.argv.includes("--gzip") ? { "Accept-Encoding": "gzip" } : {};

/** "react-dom", "@remix-run/router", "node:internal", "app" or "(program)". */
function owner(url: string): string {
  if (!url) return "(native/program)";
  if (url.startsWith("node:")) return "node (internal)";
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match?.[1]) return match[1];
  if (url.includes("/build/index.js")) return "site (build/index.js)";
  if (url.includes("/server/")) return "site (request guard)";
  return url.replace(/^file:\/\//, "");
}

async function main() {
  rmSync(dir, { recursive: true, force: true });
  const site = await startSite(4960, join(dir, "site.log"), { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
  await autocannon({ url: `${site.origin}${path}`, connections: 50, duration: 2, headers });
  const result = await autocannon({ url: `${site.origin}${path}`, connections: 50, duration: 8, headers });
  site.stop();
  await new Promise<void>((resolve) => site.child.once("exit", () => resolve()));

  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile was written");
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    const who = owner(frame.url);
    const name = `${frame.functionName || "(anonymous)"}  [${who}]`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    packages.set(who, (packages.get(who) ?? 0) + ms);
  }
  const pct = (ms: number) => `${((ms / total) * 100).toFixed(1)} %`.padStart(7);
  console.log(
    `${path}${headers["Accept-Encoding"] ? " (gzip)" : ""}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  console.log(`profile: ${file}, ${(total / 1000).toFixed(1)} s of samples\n\nSelf time by package:`);
  for (const [who, ms] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${pct(ms)}  ${who}`);
  console.log("\nSelf time by function:");
  for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(ms)}  ${name}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
