// node:test reporter that counts passed, failed and skipped tests (not suites)
// and writes {"passed":N,"failed":N,"skipped":N} for scripts/test.mjs.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    if (event.data.details?.type === "suite") continue;
    // Skipped and todo tests did not run: reported as skipped, never as passed (and they fail the run).
    if (event.data.skip || event.data.todo) skipped += 1;
    else if (event.type === "test:pass") passed += 1;
    else failed += 1;
  }
  yield JSON.stringify({ passed, failed, skipped });
}
