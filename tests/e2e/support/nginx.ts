import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./dockerfile";
import { probePort } from "./ports";
import { runToEnd, spawnWithOutput } from "./process";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path)) ?? "nginx";

/** The example configuration users copy: the tests run this file, not a copy of it. */
export const SHIPPED_CONFIG = join(REPO_ROOT, "deploy/nginx.conf");

export interface TestSite {
  /** The public host name the test uses in place of docs.example.org. */
  host: string;
  httpPort: number;
  httpsPort: number;
  upstreamPort: number;
  /** The second replica's port (the same server twice when the test runs one). */
  secondUpstreamPort?: number;
  certificate: string;
  key: string;
  cacheDir: string;
  /** Where certbot's webroot mode would write its challenges. */
  webroot: string;
}

/**
 * The shipped configuration with only its example values swapped for the
 * test's: host name, certificate paths, ports and cache directory. Each
 * example value must be found where the README tells users to change it, and
 * none may be left over, so the test fails if the file changes shape.
 */
export function configForTest(shipped: string, site: TestSite): string {
  const swaps: [from: string, to: string, times: number][] = [
    ["server 127.0.0.1:3000 ", `server 127.0.0.1:${site.upstreamPort} `, 1],
    ["server 127.0.0.1:3001 ", `server 127.0.0.1:${site.secondUpstreamPort ?? site.upstreamPort} `, 1],
    ["/etc/letsencrypt/live/docs.example.org/fullchain.pem;", `${site.certificate};`, 1],
    ["/etc/letsencrypt/live/docs.example.org/privkey.pem;", `${site.key};`, 1],
    ["server_name docs.example.org;", `server_name ${site.host};`, 2],
    ["listen 80;", `listen 127.0.0.1:${site.httpPort};`, 1],
    ["listen 443 ssl", `listen 127.0.0.1:${site.httpsPort} ssl`, 2],
    ["/var/cache/nginx/smriti-docs ", `${site.cacheDir} `, 1],
    ["root /var/www/html;", `root ${site.webroot};`, 1],
  ];
  let config = shipped;
  for (const [from, to, times] of swaps) {
    const found = config.split(from).length - 1;
    if (found !== times) throw new Error(`deploy/nginx.conf: expected "${from}" ${times} time(s), found ${found}`);
    config = config.replaceAll(from, to);
  }
  const directives = config.replace(/#.*$/gm, "");
  for (const leftover of ["docs.example.org", ":3000", ":3001", "listen 80", "listen 443", "/etc/", "/var/"]) {
    if (directives.includes(leftover)) throw new Error(`deploy/nginx.conf: "${leftover}" is not swapped for the test`);
  }
  return config;
}

/** A self-signed certificate for `host`, good for a day. */
export async function selfSignedCertificate(dir: string, host: string): Promise<{ certificate: string; key: string }> {
  const certificate = join(dir, "certificate.pem");
  const key = join(dir, "key.pem");
  const result = await runToEnd(
    [
      "openssl",
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${host}`,
      "-addext",
      `subjectAltName=DNS:${host}`,
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { cwd: dir, env: { PATH: process.env.PATH }, timeoutMs: 30_000 },
  );
  if (result.code !== 0) throw new Error(`openssl failed:\n${result.output}`);
  return { certificate, key };
}

export interface RunningNginx {
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx as the current user, everything under `dir` (pid, logs, temp files):
 * a main configuration that includes the site file inside `http`, where users
 * put it too.
 */
export async function startNginx(dir: string, siteConfig: string, port: number): Promise<RunningNginx> {
  const site = join(dir, "smriti-docs.conf");
  const main = join(dir, "nginx.conf");
  const errorLog = join(dir, "error.log");
  const temp = join(dir, "temp");
  mkdirSync(temp, { recursive: true });
  writeFileSync(site, siteConfig);
  writeFileSync(
    main,
    [
      // As root, nginx would hand its workers to "nobody", who cannot enter this private directory.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${errorLog} warn;`,
      "events { worker_connections 128; }",
      "http {",
      `  access_log ${join(dir, "access.log")};`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${join(temp, kind)};`),
      `  include ${site};`,
      "}",
      "",
    ].join("\n"),
  );
  const { child, output } = spawnWithOutput([NGINX, "-p", dir, "-c", main, "-e", errorLog, "-g", "daemon off;"], {
    cwd: dir,
    env: { PATH: process.env.PATH },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const readLog = () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");

  const deadline = performance.now() + 15_000;
  while ((await probePort(port)) !== "accepted") {
    if (gone || performance.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${output()}\n${readLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    errorLog: readLog,
    async stop() {
      if (gone) return;
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
