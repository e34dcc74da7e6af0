// Cutting a release: Next's docs and spec become the current release, and the
// release they replace moves to its versioned place (content/releases/<id>,
// spec/releases/<id>/openapi.yaml), still served at /docs/<id> and /api/<id>.
// `npm run docs:version -- <id>` runs it (scripts/docs-version.ts).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseYaml } from "yaml";
import {
  CURRENT_SPEC_FILE,
  CURRENT_TREE,
  parseVersionsFile,
  RELEASE_ID,
  releaseSpecFile,
  releaseTree,
  type VersionsFile,
} from "../../app/content/versions";

export const VERSIONS_FILE = "content/versions.json";

export class CutVersionError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "CutVersionError";
  }
}

export interface CutVersionResult {
  previous: string;
  current: string;
  /** What moved where, relative to the repository root, for the maintainer to review. */
  moves: string[];
}

/** Files under `paths` that git sees as changed or untracked; null when `root` is not a git work tree. */
function uncommitted(root: string, paths: string[]): string[] | null {
  const status = spawnSync("git", ["status", "--porcelain", "--untracked-files=all", "--", ...paths], {
    cwd: root,
    encoding: "utf8",
  });
  if (status.status !== 0) return null;
  return status.stdout.split("\n").filter(Boolean);
}

function specVersion(file: string): string | null {
  const document = parseYaml(readFileSync(file, "utf8")) as { info?: { version?: unknown } } | null;
  const version = document?.info?.version;
  return typeof version === "string" ? version : null;
}

/** Every reason not to cut `id` now; empty when it is safe. Nothing is changed. */
function problems(root: string, id: string, file: VersionsFile): string[] {
  const found: string[] = [];
  if (!RELEASE_ID.test(id)) return [`"${id}" is not a release id: write it as YY.MM.DD, e.g. 24.06.24`];
  if (id === file.current || file.releases.includes(id)) found.push(`version ${id} exists already`);
  else if (id < file.current) found.push(`version ${id} is older than the current release ${file.current}`);

  const nextDir = `content/${file.next.path}`;
  if (!existsSync(join(root, nextDir))) found.push(`${nextDir} does not exist: there is no Next to release`);
  if (!existsSync(join(root, file.next.spec))) {
    found.push(`${file.next.spec} does not exist: Next has no API spec to release`);
  } else {
    const version = specVersion(join(root, file.next.spec));
    if (version !== id)
      found.push(
        `${file.next.spec} says info.version "${version ?? "(none)"}", not "${id}": set it to the release id first`,
      );
  }
  for (const target of [`content/${releaseTree(file.current)}`, releaseSpecFile(file.current)]) {
    if (existsSync(join(root, target)))
      found.push(`${target} exists already: the release ${file.current} was archived before`);
  }

  const dirty = uncommitted(root, ["content", "spec"]);
  if (dirty === null)
    found.push(`${root} is not a git work tree: cut versions in a clone, so the change can be reviewed`);
  else if (dirty.length)
    found.push(`content/ or spec/ has uncommitted changes; commit or stash them first:\n    ${dirty.join("\n    ")}`);
  return found;
}

/**
 * Makes Next the release `id`. Checks everything first and changes nothing
 * when any check fails (CutVersionError lists every reason).
 */
export function cutVersion(root: string, id: string): CutVersionResult {
  const versionsPath = join(root, VERSIONS_FILE);
  const file = parseVersionsFile(JSON.parse(readFileSync(versionsPath, "utf8")));
  const found = problems(root, id.trim(), file);
  if (found.length) throw new CutVersionError(`cannot cut version ${id}:\n  - ${found.join("\n  - ")}`);

  const previous = file.current;
  const nextDir = `content/${file.next.path}`;
  const moves: [string, string, "move" | "copy"][] = [
    [`content/${CURRENT_TREE}`, `content/${releaseTree(previous)}`, "move"],
    [nextDir, `content/${CURRENT_TREE}`, "copy"],
    [CURRENT_SPEC_FILE, releaseSpecFile(previous), "move"],
    [file.next.spec, CURRENT_SPEC_FILE, "copy"],
  ];
  for (const [from, to, how] of moves) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    if (how === "move") renameSync(join(root, from), join(root, to));
    else cpSync(join(root, from), join(root, to), { recursive: true });
  }
  const updated: VersionsFile = { ...file, current: id, releases: [previous, ...file.releases] };
  writeFileSync(versionsPath, `${JSON.stringify(updated, null, 2)}\n`);
  return {
    previous,
    current: id,
    moves: [
      ...moves.map(([from, to, how]) => `${how === "move" ? "moved " : "copied"} ${from} -> ${to}`),
      `updated ${VERSIONS_FILE}`,
    ],
  };
}
