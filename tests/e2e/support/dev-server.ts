import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT } from "./dockerfile";

export interface DevServer {
  origin: string;
  child: ChildProcess;
  /** Everything `npm run dev` printed so far. */
  output(): string;
  /** Stops remix dev and its app server (the whole process group). */
  stop(): Promise<void>;
}

export interface DevServerOptions {
  port: number;
  /** Port of remix dev's own reload channel. */
  reloadPort: number;
  /** SITE_CONTENT_DIR: the content folder to serve live. */
  contentDir: string;
  /** SITE_SPEC_ROOT: what versions.json's spec paths are relative to; this checkout by default. */
  specRoot?: string;
  timeoutMs: number;
}

/** `npm run dev` in this checkout, on loopback, resolved once /healthz answers 200. */
export async function startDevServer({
  port,
  reloadPort,
  contentDir,
  specRoot,
  timeoutMs,
}: DevServerOptions): Promise<DevServer> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_CONTENT_DIR: contentDir,
    ...(specRoot ? { SITE_SPEC_ROOT: specRoot } : {}),
    NO_COLOR: "1",
  };
  const child = spawn("npm", ["run", "dev", "--", "--port", String(reloadPort)], {
    cwd: REPO_ROOT,
    // Its own process group, so that stopping it stops remix dev and its app server too.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: env as NodeJS.ProcessEnv,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const server: DevServer = {
    origin,
    child,
    output: () => output,
    async stop() {
      if (!child.pid || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5000) });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`npm run dev did not answer on ${origin} within ${timeoutMs} ms:\n${output}`);
}
