import { spawn, type ChildProcess } from "node:child_process";

export interface ProcessOptions {
  cwd: string;
  /** The whole environment: nothing is inherited, as in a container. */
  env: Record<string, string | undefined>;
}

/** Starts a command (no shell) and collects what it writes to stdout and stderr. */
export function spawnWithOutput(
  argv: string[],
  { cwd, env }: ProcessOptions,
): { child: ChildProcess; output: () => string } {
  const [executable, ...args] = argv;
  if (!executable) throw new Error("empty command");
  const child = spawn(executable, args, { cwd, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.on("error", (error) => (output += `${error.message}\n`));
  return { child, output: () => output };
}

/** Runs a command to its end; killed after `timeoutMs`. */
export function runToEnd(
  argv: string[],
  options: ProcessOptions & { timeoutMs: number },
): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnWithOutput(argv, options);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    });
    child.once("error", () => {
      clearTimeout(timer);
      resolve({ code: null, output: output() });
    });
  });
}
