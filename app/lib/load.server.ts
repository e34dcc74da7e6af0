import { json } from "@remix-run/node";

/**
 * Runs a loader's work so that an unexpected failure reaches the page as a
 * 503 "could not load" (which the error page offers to retry) rather than as a
 * crash. Thrown Responses (redirects, 404s) pass through unchanged.
 */
export async function load<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    throw json({ message: "The page's data could not be loaded." }, { status: 503 });
  }
}
