import type { IncomingMessage, ServerResponse } from "node:http";
import { permanentRedirect } from "../../app/http/guard-contract";

// An address with repeated slashes in its path ("/docs/user-guide//installation":
// a relative link gone wrong, a proxy that joins two paths) is sent on to the
// same address with each run of slashes made one. Backslashes count as slashes,
// as the URL parser reads them ("/api/\/albums" is "/api//albums" to it). Left
// to the stack, React Router matched such a path all the same but warned on
// every request, writing the address into the log; the answers differed by
// route (a docs page 404, an API page 200); and a results page was rendered
// whole, twice, on each request, because its frame could not be cut from a page
// at that address.

const REPEATED_SLASHES = /[/\\]{2,}/;
const SLASHES = /[/\\]+/g;
/** What a Location header must not carry as it is: a backslash (browsers read "/\x" as "//x", another host), spaces, controls and anything beyond ASCII. */
const UNSAFE_IN_LOCATION = /[^\x21-\x5b\x5d-\x7e]/g;

const percentEncoded = (character: string) => {
  const code = character.charCodeAt(0);
  // Node reads the request line as Latin-1: each such character stands for the byte the client sent.
  return code <= 0xff ? `%${code.toString(16).toUpperCase().padStart(2, "0")}` : encodeURIComponent(character);
};

/** `target` with each run of slashes in its path made one (and each backslash a slash), safe to send back as a Location; null when its path has no run. */
export function collapsedTarget(target: string): string | null {
  // The path ends where the query or a fragment (which browsers never send) begins.
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (!REPEATED_SLASHES.test(path)) return null;
  const rest = end === -1 ? "" : target.slice(end);
  return `${path.replace(SLASHES, "/")}${rest}`.replace(UNSAFE_IN_LOCATION, percentEncoded);
}

/**
 * Redirects a request whose path has repeated slashes, permanently, and returns
 * true; false for any other. The request target was checked before this
 * (inspect-request): it starts with a slash, and its decoded form not with
 * "/\"; made one, a leading run of slashes ("//docs//x", "//evil.example")
 * leaves one, so the answer is a path on this site, never "//host".
 */
export function redirectRepeatedSlashes(req: IncomingMessage, res: ServerResponse): boolean {
  const location = collapsedTarget(req.url ?? "");
  if (location === null) return false;
  const { status, headers } = permanentRedirect(req.method, location);
  res.writeHead(status, headers);
  res.end();
  return true;
}
