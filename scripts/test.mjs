#!/usr/bin/env node
// The README's test commands, in tiers (docs/decisions/032-test-tiers.md):
//   unit         node:test files that run in milliseconds to a few seconds each (tests/unit)
//   integration  node:test files that build content or start processes, seconds each (tests/integration)
//   http         Playwright against the production servers, no browser (tests/http)
//   browser      Playwright in Chromium (tests/e2e); the default run takes the tests marked CORE
//   long         minutes each: the rolling deploy and the 300-page store run (tests/long)
// The strict type check beside lint comes first, the production build before the Playwright tiers
// ("http" and "browser" share one Playwright run, so the three site servers start once). It prints
// one summary line at the very end, "N passed, N failed, N skipped", which CI reads; flaky tests
// (passed on a retry) get a line of their own above it and are not counted as passed.
//
//   node scripts/test.mjs            the default run (npm test, within five minutes on two cores):
//                                    checks, unit, build, http, the CORE browser tests with axe on one
//                                    page per template, theme and width
//   node scripts/test.mjs --all      what CI runs: every tier and every test, the accessibility sweep
//                                    over every page of the sitemap, then the long tier
//   node scripts/test.mjs --unit     type check, lint, the unit and integration tiers
//   node scripts/test.mjs --e2e      build + the http and every browser test
//   node scripts/test.mjs --long     build + the long tier only
//   node scripts/test.mjs --no-browser   checks, unit, integration, build, http (CI's Node 20 run)
//   extra arguments after -- go to Playwright (e.g. -- tests/e2e/theme.spec.ts), in the tiers holding
//   them; a spec named this way runs whole, marked or not
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const passthrough = args.includes("--") ? args.slice(args.indexOf("--") + 1) : [];
const flags = new Set(args.includes("--") ? args.slice(0, args.indexOf("--")) : args);
const all = flags.has("--all");
const runUnit = !flags.has("--e2e") && !flags.has("--long");
const runIntegration = runUnit && (all || flags.has("--unit") || flags.has("--no-browser"));
const runE2e = !flags.has("--unit");
// Every browser test, or only those marked CORE (the default run, unless spec files are named).
const everyBrowserTest = all || flags.has("--e2e") || passthrough.some((arg) => arg.startsWith("tests/"));
// The tiers of the Playwright run(s), in order; "http" and "browser" share one run.
const tiers = flags.has("--long")
  ? ["long"]
  : flags.has("--no-browser")
    ? ["http"]
    : all
      ? ["http", "browser", "long"]
      : ["http", "browser"];
// The long tier: the rolling deploy (two builds behind nginx) and the 300-page store run, minutes
// each; one worker, since each drives several servers (and a browser) itself.
const LONG_TIER_ARGS = ["--workers=1"];
const resultsDir = join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
let setupFailed = false;
/** How long each phase took, printed before the summary: the suite's time is part of what it reports. */
const phaseTimes = [];
/** Runs a phase (sync or async) and notes its time under `name`; returns what the phase returned. */
async function timed(name, phase) {
  const started = performance.now();
  const result = await phase();
  phaseTimes.push(`${name} ${Math.round((performance.now() - started) / 1000)} s`);
  return result;
}

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** Runs a command with its output held back, so that two can run at once and print one after the other. */
function runQuiet(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, env: process.env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ status: 1, output: `${output}${error.message}\n` }));
    child.on("close", (status) => resolve({ status: status ?? 1, output }));
  });
}

function listFiles(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** A node:test tier: every `*.test.ts` under tests/<tier>, two files at a time. */
function nodeTests(tier) {
  const files = listFiles(join(root, "tests", tier), ".test.ts").sort();
  const countsFile = join(resultsDir, `${tier}-counts.json`);
  rmSync(countsFile, { force: true });
  console.log(`\n== ${tier} tier (${files.length} files) ==\n`);
  const status = run(process.execPath, [
    "--import",
    "tsx",
    "--test",
    // Two files at a time: on two cores most files wait on a child process or the disk part of the time.
    "--test-concurrency=2",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=./scripts/test-count-reporter.mjs",
    `--test-reporter-destination=${countsFile}`,
    ...files.map((f) => relative(root, f)),
  ]);
  if (!existsSync(countsFile)) {
    console.error(`${tier} tests did not report their results`);
    setupFailed = true;
    return;
  }
  const counts = JSON.parse(readFileSync(countsFile, "utf8"));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  console.log(`${tier} tier: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped ?? 0} skipped`);
  if (status !== 0 && counts.failed === 0) setupFailed = true;
}

function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

function onPath(command) {
  return (process.env.PATH ?? "").split(":").some((dir) => dir && existsSync(join(dir, command)));
}

/**
 * Debian packages the end-to-end tests drive: Chromium for every test, nginx
 * and openssl for the reverse-proxy test (deploy/nginx.conf with a
 * self-signed certificate), and the Liberation fonts: the system faces the
 * metric-matched fallbacks of DM Sans and Fira Code name on Linux
 * (app/styles/font-fallbacks.ts), which the font-shift test measures; Chromium
 * only recommends them, and a machine without them falls back to DejaVu, which
 * no fallback face matches. Missing ones are installed with apt when running
 * as root; otherwise we say what to install.
 */
function ensureDebianPackages() {
  const missing = [];
  if (!existsSync(chromiumPath())) missing.push("chromium");
  if (!onPath("nginx") && !existsSync("/usr/sbin/nginx")) missing.push("nginx");
  if (!onPath("openssl")) missing.push("openssl");
  if (!existsSync("/usr/share/fonts/truetype/liberation")) missing.push("fonts-liberation");
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The end-to-end tests need Debian packages that are missing: ${missing.join(", ")}. Install them first:\n` +
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(" ")}\n` +
        "(CHROMIUM_PATH may point at another Chromium binary).",
    );
    return false;
  }
  console.log(`Installing Debian packages with apt (running as root): ${missing.join(", ")}…`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update"], env) !== 0) return false;
  return (
    run("apt-get", ["install", "-y", "--no-install-recommends", ...missing], env) === 0 && existsSync(chromiumPath())
  );
}

/** Playwright's JSON report, counted per project (tier): expected, unexpected, flaky and skipped tests. */
function countByProject(report) {
  const counts = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const tier = (counts[test.projectName] ??= { expected: 0, unexpected: 0, flaky: 0, skipped: 0 });
        tier[test.status] = (tier[test.status] ?? 0) + 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

/** One Playwright run over the given tiers (projects); each tier's counts are added to the totals. */
async function playwrightRun(runTiers, tierArgs, env) {
  const label = runTiers.join(" and ");
  const reportFile = join(resultsDir, `e2e-${runTiers.join("-")}-report.json`);
  rmSync(reportFile, { force: true });
  console.log(`\n== Playwright, ${label} tier${runTiers.length > 1 ? "s" : ""} ==\n`);
  const status = await timed(label, () =>
    run(
      join(root, "node_modules/.bin/playwright"),
      ["test", ...runTiers.map((tier) => `--project=${tier}`), "--reporter=list,json", ...tierArgs],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, ...env },
    ),
  );
  if (!existsSync(reportFile)) {
    console.error("Playwright did not write its report");
    setupFailed = true;
    return;
  }
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const counts = countByProject(report);
  let unexpected = 0;
  let flaky = 0;
  for (const tier of runTiers) {
    const tierCounts = counts[tier] ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    totals.passed += tierCounts.expected;
    totals.failed += tierCounts.unexpected;
    // A flaky test passed only on a retry: reported on its own line, never as passed.
    totals.flaky += tierCounts.flaky;
    // A skipped test did not run (after a failure in a serial group, Playwright
    // skips the rest): reported as skipped, so one failure counts once.
    totals.skipped += tierCounts.skipped;
    unexpected += tierCounts.unexpected;
    flaky += tierCounts.flaky;
    const marked = tier === "browser" && env.BROWSER_TESTS === "core" ? " (the tests marked CORE)" : "";
    console.log(
      `${tier} tier${marked}: ${tierCounts.expected} passed, ${tierCounts.unexpected} failed, ${tierCounts.skipped} skipped, ${tierCounts.flaky} flaky`,
    );
  }
  // Errors outside any test (a web server that did not start, a spec that does not load).
  if (report.errors?.length) setupFailed = true;
  if (status !== 0 && unexpected === 0 && flaky === 0) setupFailed = true;
}

async function e2eTests() {
  console.log("\n== Production build ==\n");
  const built = await timed("build", () => run("npm", ["run", "build", "--", "--strict"]));
  if (built !== 0) {
    console.error("the production build failed; end-to-end tests not run");
    setupFailed = true;
    return;
  }
  if (!ensureDebianPackages()) {
    setupFailed = true;
    return;
  }
  // Spec files named after `--` run in the tier whose folder holds them; other tiers are left out.
  const named = passthrough.filter((arg) => arg.startsWith("tests/"));
  const holds = (tier) =>
    !named.length || named.some((arg) => arg.startsWith(`tests/${tier === "browser" ? "e2e" : tier}/`));
  // With --all the accessibility sweep covers every page of the sitemap, not one per template.
  const sweep = all ? { AXE_SWEEP: "all" } : {};
  const scope = everyBrowserTest ? {} : { BROWSER_TESTS: "core" };
  const shared = tiers.filter((tier) => tier !== "long" && holds(tier));
  if (shared.length) await playwrightRun(shared, passthrough, { ...sweep, ...scope });
  if (tiers.includes("long") && holds("long")) await playwrightRun(["long"], [...LONG_TIER_ARGS, ...passthrough], {});
}

/**
 * The strict type check (TypeScript over the app, scripts and tests) and lint (ESLint, then
 * Prettier's check), side by side: each is one process on one core. Each counts as one test.
 */
async function checks() {
  console.log("\n== Type check (tsc --noEmit, strict) and lint (eslint, prettier --check), side by side ==\n");
  const bin = (name) => join(root, "node_modules/.bin", name);
  // Each tool keeps what it learned under .cache/ and checks only what changed since: a repeat run
  // takes seconds instead of 25 s. The caches key on file contents, so a checkout or a rebase
  // that only touches timestamps does not fool them.
  const lintBoth = async () => {
    const eslint = await runQuiet(bin("eslint"), [
      "--cache",
      "--cache-strategy=content",
      "--cache-location=.cache/eslint/",
      ".",
    ]);
    const prettier = await runQuiet(bin("prettier"), [
      "--check",
      "--log-level=warn",
      "--cache",
      "--cache-strategy=content",
      "--cache-location=.cache/prettier",
      ".",
    ]);
    return { status: eslint.status || prettier.status, output: eslint.output + prettier.output };
  };
  const types = runQuiet(bin("tsc"), ["--noEmit", "--incremental", "--tsBuildInfoFile", ".cache/tsc.tsbuildinfo"]);
  const [typesResult, lint] = await Promise.all([types, lintBoth()]);
  for (const [name, result, clean] of [
    ["types", typesResult, "no errors"],
    ["lint", lint, "clean"],
  ]) {
    if (result.output.trim()) process.stdout.write(result.output);
    if (result.status === 0) {
      console.log(`${name}: ${clean}`);
      totals.passed += 1;
    } else {
      console.log(`${name}: failed`);
      totals.failed += 1;
    }
  }
}

if (runUnit) await timed("type check and lint", checks);
if (runUnit) await timed("unit", () => nodeTests("unit"));
if (runIntegration) await timed("integration", () => nodeTests("integration"));
if (runE2e) await e2eTests();
console.log(`\ntime: ${phaseTimes.join(", ")}`);
if (setupFailed) totals.failed += 1;
if (totals.flaky > 0) console.log(`\n${totals.flaky} flaky (failed, then passed on a retry): not counted as passed`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// Nothing may pass by being switched off or by passing on a second try.
process.exit(totals.failed === 0 && totals.skipped === 0 && totals.flaky === 0 ? 0 : 1);
