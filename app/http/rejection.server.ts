import { REJECTION_HEADER } from "./guard-contract";

/**
 * The status the request guard (server/guard/) puts on a request the stack
 * cannot serve, which it turned into a request for the site's error page. The
 * landing route, which such requests are sent to, answers with it.
 */

export function guardRejection(request: Request): number | null {
  const value = Number(request.headers.get(REJECTION_HEADER));
  return Number.isInteger(value) && value >= 400 && value < 500 ? value : null;
}
