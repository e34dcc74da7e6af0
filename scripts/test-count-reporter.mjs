// node:test reporter that counts passed and failed tests (not suites) and
// writes {"passed":N,"failed":N} for scripts/test.mjs.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    if (event.data.details?.type === "suite") continue;
    if (event.type === "test:pass" && !event.data.skip && !event.data.todo) passed += 1;
    // skipped and todo tests count as failures: nothing passes by being switched off
    else failed += 1;
  }
  yield JSON.stringify({ passed, failed });
}
