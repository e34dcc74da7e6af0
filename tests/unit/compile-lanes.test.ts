import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { lanes } from "../../app/content/build/compile-pool.server";
import { allInOrder } from "../../app/lib/all-in-order";

// The build's thread compiles several pages at once (decision 053): at most
// COMPILE_LANES in hand, started in source order, and a failure reported as
// one page at a time reported it.

/** A job that finishes when told to, and records when it starts. */
function controlled() {
  const started: number[] = [];
  const finish = new Map<number, { resolve: (value: number) => void; reject: (error: Error) => void }>();
  const run = (job: number) =>
    new Promise<number>((resolve, reject) => {
      started.push(job);
      finish.set(job, { resolve, reject });
    });
  return { started, finish, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("compile lanes", () => {
  test("runs at most `count` jobs at once, starting the next in order as each ends", async () => {
    const { started, finish, run } = controlled();
    const queue = lanes(run, 3);
    const results = [1, 2, 3, 4, 5, 6].map((job) => queue.run(job));
    await settle();
    assert.deepEqual(started, [1, 2, 3]);
    finish.get(2)!.resolve(20);
    await settle();
    assert.deepEqual(started, [1, 2, 3, 4]);
    const firstRefused = assert.rejects(results[0]!, /page 1 is broken/);
    finish.get(1)!.reject(new Error("page 1 is broken"));
    finish.get(3)!.resolve(30);
    await settle();
    assert.deepEqual(started, [1, 2, 3, 4, 5, 6]);
    for (const job of [4, 5, 6]) finish.get(job)!.resolve(job * 10);
    assert.equal(await results[1], 20);
    await firstRefused;
    assert.deepEqual(await Promise.all(results.slice(2)), [30, 40, 50, 60]);
  });

  test("one lane runs one job after another", async () => {
    const { started, finish, run } = controlled();
    const queue = lanes(run, 1);
    const results = [1, 2].map((job) => queue.run(job));
    await settle();
    assert.deepEqual(started, [1]);
    finish.get(1)!.resolve(1);
    await settle();
    assert.deepEqual(started, [1, 2]);
    finish.get(2)!.resolve(2);
    assert.deepEqual(await Promise.all(results), [1, 2]);
  });

  test("closing refuses the jobs not started and any given after; those running finish", async () => {
    const { started, finish, run } = controlled();
    const queue = lanes(run, 2);
    const results = [1, 2, 3, 4].map((job) => queue.run(job));
    await settle();
    queue.close();
    await Promise.all(results.slice(2).map((result) => assert.rejects(result, /closed before this page was compiled/)));
    await assert.rejects(queue.run(5), /closed/);
    finish.get(1)!.resolve(1);
    finish.get(2)!.resolve(2);
    assert.deepEqual(await Promise.all(results.slice(0, 2)), [1, 2]);
    await settle();
    assert.deepEqual(started, [1, 2]);
  });
});

describe("all in order", () => {
  test("gives every value in the list's order", async () => {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve("a"), 20));
    assert.deepEqual(await allInOrder([late, Promise.resolve("b")]), ["a", "b"]);
  });

  test("reports the first rejection in the list's order, even when a later one rejects first", async () => {
    let rejectFirst!: (error: Error) => void;
    const first = new Promise<string>((_, reject) => (rejectFirst = reject));
    const second = Promise.reject(new Error("second.mdx is broken"));
    const all = allInOrder([Promise.resolve("zero"), first, second]);
    await settle();
    rejectFirst(new Error("first.mdx is broken"));
    await assert.rejects(all, /first\.mdx is broken/);
  });

  test("waits for the promises before a rejection, which may still reject first", async () => {
    let resolveFirst!: (value: string) => void;
    const first = new Promise<string>((resolve) => (resolveFirst = resolve));
    let rejected = false;
    const all = allInOrder([first, Promise.reject(new Error("later"))]).catch((error: Error) => {
      rejected = true;
      throw error;
    });
    await settle();
    assert.equal(rejected, false, "reported before the first page was done");
    resolveFirst("done");
    await assert.rejects(all, /later/);
  });

  test("leaves no rejection unhandled", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const all = allInOrder([Promise.reject(new Error("one")), Promise.reject(new Error("two"))]);
      await assert.rejects(all, /one/);
      await settle();
      await settle();
      assert.deepEqual(unhandled, []);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
