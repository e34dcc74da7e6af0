/**
 * The header server/request-guard.mjs sets (and strips from clients) when it
 * turns a request the stack cannot serve into a request for the site's error
 * page. The landing route, which such requests are sent to, answers with it.
 */
const REJECTION_HEADER = "x-smriti-rejected";

export function guardRejection(request: Request): number | null {
  const value = Number(request.headers.get(REJECTION_HEADER));
  return Number.isInteger(value) && value >= 400 && value < 500 ? value : null;
}
