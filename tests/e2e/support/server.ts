import type { ChildProcess } from "node:child_process";
import { spawnWithOutput, type ProcessOptions } from "./process";
import { readDockerfile, REPO_ROOT, runtimeStage, serverCommand, stageEnv } from "./dockerfile";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when the process was gone. */
  at: number;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<Exit>;
  /** Sends the signal (SIGTERM unless told) and waits for the exit; kills it after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit>;
}

export interface StartOptions extends ProcessOptions {
  command: string[];
  port: number;
  /** How long the server may take to answer /healthz. */
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server process and waits until its /healthz answers 200. */
export async function startServer({
  command,
  cwd,
  env,
  port,
  timeoutMs = 30_000,
}: StartOptions): Promise<ServerProcess> {
  const { child, output } = spawnWithOutput(command, { cwd, env });
  let gone: Exit | null = null;
  const exited = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => resolve((gone = { code, signal, at: performance.now() })));
    child.once("error", () => resolve((gone = { code: null, signal: null, at: performance.now() })));
  });
  const origin = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    origin,
    output,
    exited,
    async stop(signal = "SIGTERM", graceMs = 12_000) {
      if (!gone) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };

  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (gone) throw new Error(`${command.join(" ")} exited before answering on port ${port}:\n${output()}`);
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await server.stop("SIGKILL");
  throw new Error(`${command.join(" ")} did not answer /healthz on port ${port} within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The production server of this checkout's build, started exactly as the
 * container starts it (the Dockerfile's CMD and ENV), on a loopback port.
 */
export function startProductionServer(port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const stage = runtimeStage(readDockerfile());
  return startServer({
    command: serverCommand(stage),
    cwd: REPO_ROOT,
    port,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...stageEnv(stage),
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
  });
}
