// `npm run docs:version -- 24.06.24`: releases Next as 24.06.24 (see
// scripts/lib/cut-version.ts and docs/authoring.md, "Versions").
import { join } from "node:path";
import { VersionsFileError } from "../app/content/versions";
import { CutVersionError, cutVersion } from "./lib/cut-version";

const root = join(import.meta.dirname, "..");
const [id, ...extra] = process.argv.slice(2);

if (!id || extra.length) {
  console.error("usage: npm run docs:version -- <release id, e.g. 24.06.24>");
  process.exit(2);
}

try {
  const result = cutVersion(root, id);
  console.log(
    `Released Next as ${result.current}; ${result.previous} is now served at /docs/${result.previous} and /api/${result.previous}.`,
  );
  for (const line of result.moves) console.log(`  ${line}`);
  console.log("Next: review with `git status`, run `npm run build:content`, then commit.");
} catch (error) {
  const known = error instanceof CutVersionError || error instanceof VersionsFileError;
  console.error(known ? `error: ${error.message}` : error);
  process.exit(1);
}
