/** Distinct failures remembered; past this, repeats may be logged again rather than memory grow. */
const MAX_REMEMBERED = 1000;
const logged = new Set<string>();

/**
 * Logs a failure the first time it happens for `subject` (a file path, a
 * request path): a missing file asked for thousands of times is one line.
 */
export function logOnce(subject: string, message: string, error?: unknown): void {
  if (logged.has(subject)) return;
  if (logged.size >= MAX_REMEMBERED) logged.clear();
  logged.add(subject);
  const reason =
    error instanceof Error ? `: ${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : "";
  console.error(`[smriti-site] ${message} (${subject})${reason}`);
}
