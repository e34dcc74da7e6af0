import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  image: string;
  name: string | null;
  instructions: Instruction[];
}

/**
 * The stages of a Dockerfile, as far as the reproduction needs them: comment
 * lines dropped (also inside continuations, as Docker does) and lines ending
 * in a backslash joined.
 */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let pending: { text: string; line: number } | null = null;
  const finish = (entry: { text: string; line: number }) => {
    const match = /^(\w+)\s*(.*)$/s.exec(entry.text.trim());
    if (!match) return;
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === "FROM") {
      const from = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`line ${entry.line}: cannot read FROM ${args}`);
      stages.push({ image: from[1]!, name: from[2] ?? null, instructions: [] });
      return;
    }
    const stage = stages.at(-1);
    if (!stage) return; // ARG before the first FROM
    stage.instructions.push({ keyword, args, line: entry.line });
  };
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    if (/^\s*#/.test(line) || (!pending && !line.trim())) return;
    const continued = /\\\s*$/.test(line);
    const part = continued ? line.replace(/\\\s*$/, "") : line;
    pending = pending
      ? { text: `${pending.text} ${part.trim()}`, line: pending.line }
      : { text: part, line: index + 1 };
    if (!continued) {
      finish(pending);
      pending = null;
    }
  });
  if (pending) finish(pending);
  return stages;
}

export function readDockerfile(): Stage[] {
  return parseDockerfile(readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8"));
}

/** The stage `docker build` produces by default: the last one. */
export function runtimeStage(stages: Stage[]): Stage {
  const stage = stages.at(-1);
  if (!stage) throw new Error("the Dockerfile has no FROM");
  return stage;
}

export function instructions(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** Leading `--name=value` options of an instruction, and the rest. */
export function splitFlags(args: string): { flags: Map<string, string>; rest: string } {
  const flags = new Map<string, string>();
  let rest = args;
  for (;;) {
    const match = /^--([\w-]+)(?:=(\S*))?\s+/.exec(rest);
    if (!match) return { flags, rest: rest.trim() };
    flags.set(match[1]!, match[2] ?? "");
    rest = rest.slice(match[0].length);
  }
}

/** A JSON-array (exec form) command, or null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith("[")) return null;
  const value: unknown = JSON.parse(args);
  if (!Array.isArray(value) || !value.every((part): part is string => typeof part === "string")) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return value;
}

function unquote(value: string): string {
  return /^".*"$/s.test(value) || /^'.*'$/s.test(value) ? value.slice(1, -1) : value;
}

/** `ENV A=1 B="two words"` or the old `ENV A 1`. */
export function parseEnv(args: string): Record<string, string> {
  if (!/^[\w.-]+=/.test(args)) {
    const [name, ...value] = args.split(/\s+/);
    return { [name!]: value.join(" ") };
  }
  const env: Record<string, string> = {};
  for (const match of args.matchAll(/([\w.-]+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) env[match[1]!] = unquote(match[2]!);
  return env;
}

/** All ENV of a stage, in order. */
export function stageEnv(stage: Stage): Record<string, string> {
  return Object.assign({}, ...instructions(stage, "ENV").map((instruction) => parseEnv(instruction.args))) as Record<
    string,
    string
  >;
}

/** The runtime stage's CMD (exec form), the command every server in these tests is started with. */
export function serverCommand(stage: Stage = runtimeStage(readDockerfile())): string[] {
  const cmd = instructions(stage, "CMD").at(-1);
  const command = cmd ? execForm(cmd.args) : null;
  if (!command) throw new Error("the runtime stage needs an exec-form CMD");
  return command;
}
