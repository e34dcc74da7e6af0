// Content checks for Next (content/next/, the main branch at 6b8b599) against
// release 24.05.08 (content/docs/): the same tree plus the Jobs page, every
// difference marked in place, and the facts of product-facts.md section 9
// (tests/fixtures/facts.ts) on the right side of the version line.
//
//   node --import tsx --test tests/unit/next-content.test.ts
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { FRONTMATTER } from "../../app/content/build/source.server";
import { ENV_VARS, HEAD_ENV_VARS } from "../fixtures/facts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const docsDir = join(root, "content", "docs");
const nextDir = join(root, "content", "next");
/** Next's settings reference: the configuration page (machine learning and the worker included). */
const nextConfiguration = ["configuration.mdx"].map((file) => join(nextDir, "user-guide", file));
const readConfiguration = () => nextConfiguration.map(read).join("\n");
const jobsPage = join(nextDir, "user-guide", "features", "jobs.mdx");

/** Every file of a docs tree (pages and `_category_.json`), relative to the tree, sorted. */
function treeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".mdx") || entry.name === "_category_.json"
        ? [relative(dir, path).split(sep).join("/")]
        : [];
    });
  return walk(dir).sort();
}

const docsFiles = treeFiles(docsDir);
const nextFiles = treeFiles(nextDir);
const nextPages = nextFiles.filter((f) => f.endsWith(".mdx"));
const read = (path: string) => readFileSync(path, "utf8");
/** Page text with MDX escapes undone, so `\{id\}` and `&lt;id&gt;` read as written. */
const plain = (text: string) =>
  text
    .replace(/\\([{}<>])/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const mentions = (text: string, name: string) => new RegExp(`\\b${name}\\b`).test(text);

test("Next is the 24.05.08 tree plus the Jobs page", () => {
  assert.ok(nextPages.length > 0, "content/next holds no page");
  const missing = docsFiles.filter((f) => !nextFiles.includes(f));
  assert.deepEqual(missing, [], `files of content/docs missing from content/next: ${missing.join(", ")}`);
  const extra = nextFiles.filter((f) => !docsFiles.includes(f));
  assert.deepEqual(extra, ["user-guide/features/jobs.mdx"], "only the Jobs page is new in Next");
});

test("sidebar categories are the same in both versions", () => {
  for (const file of docsFiles.filter((f) => f.endsWith("_category_.json"))) {
    assert.deepEqual(JSON.parse(read(join(nextDir, file))), JSON.parse(read(join(docsDir, file))), file);
  }
});

for (const file of nextPages) {
  test(`content/next/${file} has a title, a description and an h2`, () => {
    const raw = read(join(nextDir, file));
    const frontmatter = FRONTMATTER.exec(raw);
    assert.ok(frontmatter, "front matter missing");
    const data = (parseYaml(frontmatter[1] ?? "") ?? {}) as Record<string, unknown>;
    assert.ok(typeof data.title === "string" && data.title.trim() !== "", "title");
    assert.ok(typeof data.description === "string" && data.description.trim() !== "", "description");
    assert.match(raw.slice(frontmatter[0].length), /^##[ \t]+\S/m, "no h2");
  });
}

test("every page that differs from 24.05.08 says so in place", () => {
  const unmarked = docsFiles
    .filter((f) => f.endsWith(".mdx"))
    .filter((f) => read(join(nextDir, f)) !== read(join(docsDir, f)))
    .filter((f) => !/(?:Changed|New) since 24\.05\.08|\(changed since 24\.05\.08/i.test(read(join(nextDir, f))));
  assert.deepEqual(unmarked, [], `pages that differ without a "Changed since 24.05.08" note: ${unmarked.join(", ")}`);
});

test("Next's configuration pages list every variable of the main branch", () => {
  const text = plain(readConfiguration());
  const current = ENV_VARS.filter((name) => name !== "SMRITI_ML_METADATA_PARAMS");
  const missing = [...current, ...HEAD_ENV_VARS].filter((name) => !mentions(text, name));
  assert.deepEqual(missing, [], `Next's configuration pages do not mention: ${missing.join(", ")}`);
  for (const [name, fallback] of [
    ["SMRITI_FEATURE_JOBS", "`true`"],
    ["SMRITI_JOB_QUEUE_INTERVAL", "`5s`"],
    ["SMRITI_JOB_CONCURRENCY", "`10`"],
    ["SMRITI_ML_PREVIEW_THUMBNAIL_PARAMS", '`{"thumbnail_size":"512"}`'],
    ["SMRITI_WORKER_CONCURRENT_RPCS", "`5`"],
  ] as const) {
    const row = text.split("\n").find((line) => line.startsWith(`| \`${name}\``));
    assert.ok(row, `${name} has no table row`);
    assert.ok(row.includes(fallback), `${name} row should give the default ${fallback}: ${row}`);
  }
});

test("no page of 24.05.08 names a variable that only the main branch has", () => {
  const found = docsFiles
    .filter((f) => f.endsWith(".mdx"))
    .flatMap((f) =>
      HEAD_ENV_VARS.filter((name) => mentions(plain(read(join(docsDir, f))), name)).map((name) => `${f}: ${name}`),
    );
  assert.deepEqual(found, [], `24.05.08 pages name Next-only variables:\n${found.join("\n")}`);
});

test("the renamed SMRITI_ML_METADATA_PARAMS appears on Next's configuration pages only as replaced", () => {
  const lines = plain(readConfiguration())
    .split("\n")
    .filter((line) => mentions(line, "SMRITI_ML_METADATA_PARAMS"));
  assert.ok(lines.length > 0, "the page should say what became of SMRITI_ML_METADATA_PARAMS");
  for (const line of lines) assert.match(line, /[Rr]eplace|[Rr]ename/, line);
});

test("model file stamps: Next names v240624, and v240508 only when comparing", () => {
  const stale: string[] = [];
  for (const file of nextPages) {
    read(join(nextDir, file))
      .split("\n")
      .forEach((line, index) => {
        if (line.includes("v240508") && !/v240624|24\.05\.08/.test(line)) stale.push(`${file}:${index + 1}`);
      });
  }
  assert.deepEqual(stale, [], "lines that present v240508 files as Next's defaults");
  for (const file of [
    "user-guide/configuration.mdx",
    "user-guide/installation.mdx",
    "user-guide/features/things.mdx",
    "dev-guide/notes.mdx",
  ]) {
    assert.match(read(join(nextDir, file)), /classification_v240624\.pt/, file);
  }
});

test("the Jobs page covers the feature", () => {
  assert.ok(existsSync(jobsPage), "content/next/user-guide/features/jobs.mdx is missing");
  const text = plain(read(jobsPage));
  for (const needle of [
    "METADATA",
    "PREVIEW_THUMBNAIL",
    "PLACES",
    "CLASSIFICATION",
    "FACES",
    "OCR",
    "SEARCH",
    "SCHEDULED",
    "RUNNING",
    "PAUSED",
    "COMPLETED",
    "STOPPED",
    "job already exists",
    "SMRITI_FEATURE_JOBS",
    "SMRITI_JOB_QUEUE_INTERVAL",
    "SMRITI_JOB_CONCURRENCY",
    "GET",
    "POST",
    "PUT",
    "/v1/jobs/{id}",
    "curl -i -X POST http://localhost:5001/v1/jobs",
    "unverified",
  ]) {
    assert.ok(text.includes(needle), `Jobs page should mention ${needle}`);
  }
});

test("installation and deployment name the main branch's images, compose and Swarm apart", () => {
  const install = read(join(nextDir, "user-guide", "installation.mdx"));
  for (const image of [
    "pgvector/pgvector:0.8.0-pg17",
    "redis:8.0-M03-alpine",
    "minio/minio:RELEASE.2025-02-28T09-55-16Z",
  ]) {
    assert.ok(install.includes(image), `installation should name ${image}`);
  }
  // Swarm has a page of its own beside Deployment.
  const deploy = ["deployment.mdx", "docker-swarm.mdx"]
    .map((file) => read(join(nextDir, "user-guide", file)))
    .join("\n");
  for (const image of [
    "pgvector/pgvector:0.7.2-pg16",
    "redis:7.2.5-alpine",
    "minio/minio:RELEASE.2024-06-13T22-53-53Z",
    "pgvector/pgvector:0.8.0-pg17",
    "smritihq/api:master",
  ]) {
    assert.ok(deploy.includes(image), `deployment or Docker Swarm should name ${image}`);
  }
  // The stack file of Next runs the Swarm images, not the 24.05.08 ones.
  assert.doesNotMatch(
    deploy,
    /image: (?:pgvector\/pgvector:0\.7\.0-pg16|redis:7\.2\.4-alpine|smritihq\/api:24\.05\.08)/,
  );
});

test("the developer guide gives the main branch's tool versions", () => {
  const environment = read(join(nextDir, "dev-guide", "environment.mdx"));
  for (const version of ["1.24", "1.64.6", "3.3.4", "distroless"]) assert.ok(environment.includes(version), version);
  const contribution = read(join(nextDir, "dev-guide", "contribution.mdx"));
  for (const version of ["1.64.6", "3.3.4"]) assert.ok(contribution.includes(version), version);
});

test("the notes page's feature table shows the main branch's statuses", () => {
  const rows = read(join(nextDir, "dev-guide", "notes.mdx")).split("\n");
  const status = (feature: string) => rows.find((row) => row.startsWith(`| ${feature} |`))?.split("|")[2] ?? "";
  assert.match(status("Demo"), /In progress/);
  for (const feature of ["Sharing", "Search", "Duplicate handling", "Geolocation"])
    assert.match(status(feature), /Done/, feature);
  for (const feature of ["Slideshow", "Existing folders", "User tags", "Auth providers"])
    assert.match(status(feature), /In progress/, feature);
});

test("processing pages carry the section 9 changes", () => {
  const metadata = ["metadata.mdx", "media-items.mdx"]
    .map((file) => read(join(nextDir, "user-guide", "features", file)))
    .join("\n");
  assert.match(metadata, /`exif_data`/);
  assert.match(metadata, /PREVIEW_THUMBNAIL/);
  assert.match(metadata, /Absent or any other value: `READY` only/);
  assert.match(metadata, /same user/);
  assert.match(
    read(join(nextDir, "user-guide", "features", "library.mdx")),
    /only items whose processing status is `READY`/,
  );
  assert.match(read(join(nextDir, "dev-guide", "design-document.mdx")), /idx_mediaitems_user_id_hash/);
});

test("links in Next are written as for the current site (the build maps them)", () => {
  const versioned = nextPages.filter((file) => /\]\(\/(?:docs|api)\/next\b/.test(read(join(nextDir, file))));
  assert.deepEqual(versioned, [], "write /docs/... and /api links; the build moves them into Next's URL space");
});
