#!/usr/bin/env node
// The README's test command: the strict type check, lint, and the unit tests
// (node:test through tsx), then the production build and the Playwright
// tests against it in two tiers: "http" (servers spoken to over HTTP, no
// browser) and "browser" (Chromium). It prints one summary line at the very
// end, "N passed, N failed, N skipped", which CI reads; flaky tests (passed on
// a retry) get a line of their own above it and are not counted as passed.
//
//   node scripts/test.mjs            everything
//   node scripts/test.mjs --unit     type check and unit tests only
//   node scripts/test.mjs --e2e      build + end-to-end tests only
//   node scripts/test.mjs --no-browser   everything but the browser and rolling-deploy tiers (CI's Node 20 run)
//   extra arguments after -- go to Playwright (e.g. -- tests/e2e/theme.spec.ts), in the tiers holding them
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const passthrough = args.includes("--") ? args.slice(args.indexOf("--") + 1) : [];
const only = args.find((a) => a === "--unit" || a === "--e2e");
const runUnit = only !== "--e2e";
const runE2e = only !== "--unit";
const tiers = args.includes("--no-browser") ? ["http"] : ["http", "browser", "long"];
// The long tier runs the rolling deploy (two builds behind nginx, minutes): one
// worker, since it drives two replicas, nginx and a browser itself. The
// 300-page store run beside it in tests/long is not part of npm test yet.
const LONG_TIER_SPECS = ["tests/long/rolling-deploy.spec.ts", "--workers=1"];
const resultsDir = join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
let setupFailed = false;

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function listFiles(dir, suffix) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

function unitTests() {
  const files = listFiles(join(root, "tests/unit"), ".test.ts").sort();
  const countsFile = join(resultsDir, "unit-counts.json");
  rmSync(countsFile, { force: true });
  console.log(`\n== Unit tests (${files.length} files) ==\n`);
  const status = run(process.execPath, [
    "--import",
    "tsx",
    "--test",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=./scripts/test-count-reporter.mjs",
    `--test-reporter-destination=${countsFile}`,
    ...files.map((f) => relative(root, f)),
  ]);
  if (!existsSync(countsFile)) {
    console.error("unit tests did not report their results");
    setupFailed = true;
    return;
  }
  const counts = JSON.parse(readFileSync(countsFile, "utf8"));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped ?? 0;
  console.log(`unit tier: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped ?? 0} skipped`);
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
 * self-signed certificate). Missing ones are installed with apt when running
 * as root; otherwise we say what to install.
 */
function ensureDebianPackages() {
  const missing = [];
  if (!existsSync(chromiumPath())) missing.push("chromium");
  if (!onPath("nginx") && !existsSync("/usr/sbin/nginx")) missing.push("nginx");
  if (!onPath("openssl")) missing.push("openssl");
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

function e2eTests() {
  console.log("\n== Production build ==\n");
  if (run("npm", ["run", "build", "--", "--strict"]) !== 0) {
    console.error("the production build failed; end-to-end tests not run");
    setupFailed = true;
    return;
  }
  if (!ensureDebianPackages()) {
    setupFailed = true;
    return;
  }
  for (const tier of tiers) {
    // Spec files named after `--` run in the tier whose folder holds them; other tiers are left out.
    const named = passthrough.filter((arg) => arg.startsWith("tests/"));
    if (named.length && !named.some((arg) => arg.startsWith(`tests/${tier === "browser" ? "e2e" : tier}/`))) continue;
    const tierArgs = tier === "long" && !named.length ? [...LONG_TIER_SPECS, ...passthrough] : passthrough;
    const reportFile = join(resultsDir, `e2e-${tier}-report.json`);
    rmSync(reportFile, { force: true });
    console.log(`\n== Playwright, ${tier} tier ==\n`);
    const status = run(
      join(root, "node_modules/.bin/playwright"),
      ["test", `--project=${tier}`, "--reporter=list,json", ...tierArgs],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
    );
    if (!existsSync(reportFile)) {
      console.error("Playwright did not write its report");
      setupFailed = true;
      continue;
    }
    const { stats } = JSON.parse(readFileSync(reportFile, "utf8"));
    totals.passed += stats.expected;
    totals.failed += stats.unexpected;
    // A flaky test passed only on a retry: reported on its own line, never as passed.
    totals.flaky += stats.flaky;
    // A skipped test did not run (after a failure in a serial group, Playwright
    // skips the rest): reported as skipped, so one failure counts once.
    totals.skipped += stats.skipped;
    console.log(
      `${tier} tier: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.skipped} skipped, ${stats.flaky} flaky`,
    );
    if (status !== 0 && stats.unexpected === 0 && stats.flaky === 0) setupFailed = true;
  }
}

/** TypeScript in strict mode over the app, scripts and tests: one check, counted as one test. */
function typeCheck() {
  console.log("\n== Type check (tsc --noEmit, strict) ==\n");
  const status = run(join(root, "node_modules/.bin/tsc"), ["--noEmit"]);
  if (status === 0) {
    console.log("types: no errors");
    totals.passed += 1;
  } else {
    totals.failed += 1;
  }
}

/** ESLint, then Prettier's check: one check, counted as one test. */
function lint() {
  console.log("\n== Lint (eslint, prettier --check) ==\n");
  const eslint = run(join(root, "node_modules/.bin/eslint"), ["."]);
  const prettier = run(join(root, "node_modules/.bin/prettier"), ["--check", "--log-level=warn", "."]);
  if (eslint === 0 && prettier === 0) {
    console.log("lint: clean");
    totals.passed += 1;
  } else {
    totals.failed += 1;
  }
}

if (runUnit) typeCheck();
if (runUnit) lint();
if (runUnit) unitTests();
if (runE2e) e2eTests();
if (setupFailed) totals.failed += 1;
if (totals.flaky > 0) console.log(`\n${totals.flaky} flaky (failed, then passed on a retry): not counted as passed`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// Nothing may pass by being switched off or by passing on a second try.
process.exit(totals.failed === 0 && totals.skipped === 0 && totals.flaky === 0 ? 0 : 1);
