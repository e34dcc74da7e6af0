// `npm run dev`: Remix's dev server (classic compiler: rebuilds, live reload and
// hot updates of app code), whose app server (scripts/dev/app-server.mjs) also
// compiles the content live. The site listens on PORT and HOST like `npm start`
// (default: the first free port from 3000, every interface); Remix's own
// reload channel gets a free port of its own on the same host, or `--port N`.
// Development builds go to .dev/ (remix.config.js), never to the build/ and
// public/build/ a production server serves.
import { spawn } from "node:child_process";
import net from "node:net";
import { buildRequestGuard } from "../lib/build-request-guard.mjs";

const host = process.env.HOST || undefined;

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

// `remix dev` binds its reload channel to every interface and has no option to
// choose: with HOST set, listen there only, as the site does.
if (host) {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function listenOnHost(...args) {
    if (typeof args[0] === "number" && typeof args[1] !== "string") args.splice(1, 0, host);
    return listen.apply(this, args);
  };
}

const args = process.argv.slice(2);
if (!args.includes("--port")) args.push("--port", String(await freePort()));
const port = args[args.indexOf("--port") + 1];
const originHost = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
process.env.REMIX_DEV_ORIGIN ??= `http://${originHost}:${port}`;

// The content compiles into its cache while remix builds the app (scripts/dev/warm-content.mjs).
const warming = spawn(process.execPath, ["scripts/dev/warm-content.mjs"], { stdio: ["ignore", "inherit", "inherit"] });
process.env.SMRITI_DEV_WARM_PID = String(warming.pid);
process.once("exit", () => warming.kill());

// The app server runs behind the same request guard as production, so that a
// malformed request, a crash or a shutdown behaves in development as it will
// when deployed.
await buildRequestGuard(".dev/request-guard.mjs");
const appServer = "node --import ./.dev/request-guard.mjs scripts/dev/app-server.mjs";
process.argv = [process.argv[0], "remix", "dev", "--manual", "--command", appServer, ...args];
await import("@remix-run/dev/dist/cli.js");
