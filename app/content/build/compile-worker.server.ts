import { parentPort, workerData } from "node:worker_threads";
import { sendError, type WorkerAnswer } from "./compile-pool.server";
import { pageCompiler, type CompileContext, type CompileJob } from "./page-compiler.server";

// The body of a compile worker (started by app/content/compile-worker.mjs):
// compiles each page it is sent with the context it was started with and
// answers with the body, or with the error, placed as the build reports it.

const port = parentPort!;
const compile = pageCompiler(workerData as CompileContext);

port.on("message", async ({ id, job }: { id: number; job: CompileJob }) => {
  const started = performance.now();
  let answer: WorkerAnswer;
  try {
    const body = await compile(job);
    answer = { id, ok: true, body, ms: performance.now() - started };
  } catch (error) {
    answer = { id, ok: false, error: sendError(error) };
  }
  port.postMessage(answer);
});
