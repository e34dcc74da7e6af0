import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readDockerfile, runtimeStage, serverCommand, stageEnv } from "../../tests/e2e/support/dockerfile";

const root = join(import.meta.dirname, "../..");

export interface RunningSite {
  child: ChildProcess;
  origin: string;
  /** From spawning the process to its first answered request. */
  firstRequestMs: number;
  stop(): void;
}

/**
 * The production server as the container starts it (the Dockerfile's CMD and
 * ENV: remix-serve behind the request guard), on a loopback port, with its log
 * in `logFile`; `nodeArgs` go to Node itself (e.g. --cpu-prof). Resolves once
 * /healthz answers.
 */
export async function startSite(
  port: number,
  logFile: string,
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<RunningSite> {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, "w");
  const started = performance.now();
  const stage = runtimeStage(readDockerfile());
  const [, ...argv] = serverCommand(stage);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...argv], {
    cwd: root,
    env: { ...process.env, ...stageEnv(stage), HOST: "127.0.0.1", PORT: String(port), ...options.env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok)
        return { child, origin, firstRequestMs: performance.now() - started, stop: () => child.kill("SIGTERM") };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited:\n${readFileSync(logFile, "utf8")}`);
    if (performance.now() - started > 60_000) {
      child.kill("SIGKILL");
      throw new Error("the server did not answer within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
