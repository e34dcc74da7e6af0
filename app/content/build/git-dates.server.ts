import { execFileSync } from "node:child_process";

/**
 * The date (YYYY-MM-DD) of the last commit that touched each file under `dir`,
 * from one `git log`. Empty when the build has no git history (a container
 * build): pages then show no date rather than a made-up one.
 */
export function lastCommitDates(root: string, dir: string): Map<string, string> {
  const dates = new Map<string, string>();
  let log: string;
  try {
    log = execFileSync("git", ["log", "--format=@%cs", "--name-only", "--", dir], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return dates;
  }
  let current = "";
  for (const line of log.split("\n")) {
    if (line.startsWith("@")) current = line.slice(1);
    else if (line.trim() && current && !dates.has(line.trim())) dates.set(line.trim(), current);
  }
  return dates;
}

/** The short hash of the checked-out commit, or null outside a git checkout. */
export function currentCommit(root: string): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    return null;
  }
}
