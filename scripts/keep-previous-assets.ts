// Part of `npm run build:app`, around `remix build`, which empties public/build/:
//
//   tsx scripts/keep-previous-assets.ts save      before: copy public/build/ aside
//   tsx scripts/keep-previous-assets.ts restore   after: put back the previous builds' files
//
// so that a server of the new build still serves the scripts and styles of the
// last SITE_KEEP_BUILDS - 1 builds (default: the 2 before it). During a rolling
// deploy a page rendered by an old replica, or kept by the proxy's page cache,
// asks for the old build's fingerprinted files; a new replica has them, so no
// page loses its scripts (docs/decisions/030-node-24-install-scripts-replicas.md).
// Which file belongs to which build is kept in public/build/.builds.json
// (a dotfile: remix-serve does not serve it).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface BuildRecord {
  /** The Remix manifest's version: the name of build/manifest-<id>.js. */
  id: string;
  builtAt: string;
  /** Paths under public/build/, compressed copies not included. */
  files: string[];
}

export const HISTORY_FILE = ".builds.json";
const COMPRESSED = [".br", ".gz"];

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => String(name).split("\\").join("/"))
    .filter(
      (name) =>
        name !== HISTORY_FILE &&
        !COMPRESSED.some((suffix) => name.endsWith(suffix)) &&
        statSync(join(dir, name)).isFile(),
    );
}

/** The build's id, from its manifest's file name (null when there is no manifest). */
export function buildIdOf(files: string[]): string | null {
  const manifest = files.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  return manifest ? manifest.slice("manifest-".length, -".js".length) : null;
}

export function readHistory(dir: string): BuildRecord[] {
  const file = join(dir, HISTORY_FILE);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as BuildRecord[];
  // A build from before this script: all its files are one build.
  const files = listFiles(dir);
  const id = buildIdOf(files);
  return id ? [{ id, builtAt: statSync(dir).mtime.toISOString(), files }] : [];
}

/**
 * Copies the previous builds' files (and their compressed copies) from `saved`
 * into `current`, newest first, until `keep` builds are there in all; writes
 * the history. Returns it, the new build first.
 */
export function restorePrevious(saved: string, current: string, keep: number): BuildRecord[] {
  const files = listFiles(current);
  const id = buildIdOf(files);
  if (!id) throw new Error(`${current} has no manifest-*.js: run remix build first`);
  const previous = readHistory(saved).filter((record) => record.id !== id);
  const kept = previous.slice(0, Math.max(0, keep - 1));
  const present = new Set(files);
  for (const record of kept) {
    for (const name of record.files) {
      if (present.has(name)) continue;
      for (const suffix of ["", ...COMPRESSED]) {
        const from = join(saved, name + suffix);
        if (existsSync(from)) cpSync(from, join(current, name + suffix));
      }
      present.add(name);
    }
  }
  const history = [{ id, builtAt: new Date().toISOString(), files }, ...kept];
  writeFileSync(join(current, HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  return history;
}

/**
 * How many builds' files public/build keeps (SITE_KEEP_BUILDS, 3 unless set).
 * The whole value counts: "2x" is refused, not read as 2.
 */
export function keptBuilds(env: Record<string, string | undefined>): number {
  const setting = env.SITE_KEEP_BUILDS?.trim() || "3";
  if (!/^\d+$/.test(setting) || Number(setting) < 1)
    throw new Error(`SITE_KEEP_BUILDS must be a whole number of at least 1, not "${setting}"`);
  return Number(setting);
}

function main() {
  const root = join(import.meta.dirname, "..");
  const current = join(root, "public/build");
  const saved = join(root, ".cache/previous-assets");
  let keep: number;
  try {
    keep = keptBuilds(process.env);
  } catch (error) {
    // A setting's mistake: one line, as the content build reports its own settings.
    console.error(`assets: ${(error as Error).message}`);
    process.exit(2);
  }
  const phase = process.argv[2];
  if (phase === "save") {
    rmSync(saved, { recursive: true, force: true });
    if (existsSync(current)) cpSync(current, saved, { recursive: true });
    return;
  }
  if (phase === "restore") {
    const history = restorePrevious(saved, current, keep);
    console.log(
      `assets: build ${history[0]!.id}, plus the files of ${history.length - 1} previous build(s) (${
        history
          .slice(1)
          .map((record) => record.id)
          .join(", ") || "none"
      })`,
    );
    return;
  }
  throw new Error("usage: tsx scripts/keep-previous-assets.ts save|restore");
}

if (process.argv[1] === import.meta.filename) main();
