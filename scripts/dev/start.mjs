// `npm run dev`: Remix's dev server (classic compiler: rebuilds, live reload and
// hot updates of app code), whose app server (scripts/dev/app-server.mjs) also
// compiles the content live. The site listens on PORT and HOST like `npm start`
// (default: the first free port from 3000, every interface); Remix's own
// reload channel gets a free port of its own on the same host, or `--port N`.
// Development builds go to .dev/ (remix.config.js), never to the build/ and
// public/build/ a production server serves.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import { dirname, join } from "node:path";
import { buildGuardContract, buildRequestGuard } from "../lib/build-request-guard.mjs";
import { exitUnlessFolder } from "../lib/content-dir.mjs";
import { vendorScripts, writeVendorManifest } from "../lib/vendor-scripts.mjs";
import { CONTENT_SOCKET_ENV, contentSocketPath } from "./content-channel.mjs";

const host = process.env.HOST || undefined;

if (process.env.SITE_CONTENT_DIR) exitUnlessFolder("SITE_CONTENT_DIR", process.env.SITE_CONTENT_DIR);

/** A port nothing listens on now, chosen by the system. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The file a package publishes as its command `name` (its package.json `bin`). */
function packageBin(name, command) {
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return join(dirname(manifest), JSON.parse(readFileSync(manifest, "utf8")).bin[command]);
}

const args = process.argv.slice(2);
if (!args.includes("--port")) args.push("--port", String(await freePort()));
const port = args[args.indexOf("--port") + 1];
const originHost = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
process.env.REMIX_DEV_ORIGIN ??= `http://${originHost}:${port}`;

// The content is compiled by a process of its own, started first: it builds
// while remix builds the app, and the app server connects to it when remix
// starts that (scripts/dev/content-host.mjs).
process.env[CONTENT_SOCKET_ENV] = contentSocketPath(process.pid);
const contentHost = spawn(process.execPath, ["scripts/dev/content-host.mjs"], {
  stdio: ["ignore", "inherit", "inherit"],
});
process.once("exit", () => contentHost.kill());
// It exits on its own only when the content pipeline cannot start (its log says why).
contentHost.once("exit", (code) => {
  if (code) process.exit(code);
});

// The app server runs behind the same request guard as production, so that a
// malformed request, a crash or a shutdown behaves in development as it will
// when deployed; it reads the names it shares with the app from the contract.
await buildRequestGuard(".dev/request-guard.mjs");
await buildGuardContract(".dev/guard-contract.mjs");

// Remix's published bins, each with our changes loaded in front of it (`node --import`,
// docs/decisions/036-framework-seams.md): the live content in front of remix-serve and,
// with HOST set, the listen patch in front of `remix dev`, which binds its reload
// channel to every interface and has no option to choose.
process.env.NODE_ENV ??= "development"; // as `remix dev` sets it; remix.config.js then names the .dev/ build
const { default: remixConfig } = await import("../../remix.config.js");
// RapiDoc's URL for the server build; the app server answers it (scripts/lib/vendor-scripts.mjs).
writeVendorManifest(dirname(remixConfig.serverBuildPath), vendorScripts());
const appServer = [
  "node --import ./.dev/request-guard.mjs --import ./scripts/dev/app-server.mjs",
  packageBin("@remix-run/serve", "remix-serve"),
  remixConfig.serverBuildPath,
].join(" ");
const onHost = host ? ["--import", "./scripts/dev/listen-on-host.mjs"] : [];
const remix = spawn(
  process.execPath,
  [...onHost, packageBin("@remix-run/dev", "remix"), "dev", "--manual", "--command", appServer, ...args],
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => remix.kill(signal));
remix.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
