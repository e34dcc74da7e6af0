// Nothing a request does may stop the process (docs/decisions/011-failure-containment.md).
// The process holds no state a half-finished request could leave inconsistent
// (the content is read-only, cache entries are stored whole), so an exception
// nobody caught is logged and the process keeps serving rather than drop every
// open connection. Before the server listens, though, such an error is a failed
// start (a port in use, a build that does not load): the process exits as Node
// would, rather than linger serving nothing.

const reported = new Map<string, number>();
let listening = false;

/**
 * Logs an error no handler caught. Repeats of one message are counted and
 * logged again only at 10, 100, 1000…, so a failing path cannot flood the log.
 */
export function lastResort(what: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const key = `${what}\n${message}`;
  const count = (reported.get(key) ?? 0) + 1;
  if (reported.size > 1000) reported.clear();
  reported.set(key, count);
  if (count === 1 || Number.isInteger(Math.log10(count))) {
    console.error(
      `[request-guard] ${what} (kept serving; seen ${count} time${count === 1 ? "" : "s"}):`,
      error instanceof Error ? error.stack : error,
    );
  }
}

/** From now on an uncaught error is logged, not fatal. */
export function markListening(): void {
  listening = true;
}

/** An error of the machine rather than the code (a file that is not there, a permission): its message says it all. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}

function uncaught(what: string) {
  return (error: unknown) => {
    if (!listening) {
      // Started where no build is (build/index.js missing) or cannot be read: one line for the
      // operator, as a bad setting gets; a stack for a mistake in the code, which needs one.
      if (isSystemError(error)) console.error(`[request-guard] the server could not start: ${error.message}`);
      else console.error(`[request-guard] ${what} before the server started:`, error);
      process.exit(1);
    }
    lastResort(what, error);
  };
}

export function installCrashPolicy(): void {
  process.on("uncaughtException", uncaught("uncaught exception"));
  process.on("unhandledRejection", uncaught("unhandled promise rejection"));
}
