import { AsyncLocalStorage } from "node:async_hooks";
import type { LoaderFunction } from "@remix-run/node";
import { CACHE_OWN_INPUTS, UNCACHED_INPUTS } from "~/route-inputs";
import type { AddressInputs } from "./route-manifest.server";

/**
 * The run-time half of the declared inputs (app/route-inputs.ts): every
 * loader runs behind a request that records the query parameters, headers and
 * cookies it reads, and a read its route did not declare fails the request
 * with an error naming it. On in development and when SITE_CHECK_INPUTS=1 (the
 * test servers, playwright.config.ts); in production nothing is wrapped, and
 * the one hook left in shared code (noteCookieRead) is an empty function.
 */
export const checkingInputs = process.env.NODE_ENV !== "production" || process.env.SITE_CHECK_INPUTS === "1";

type Kind = keyof AddressInputs;

interface Recording {
  readonly routeId: string;
  readonly allowed: Record<Kind, ReadonlySet<string>>;
  readonly undeclared: Set<string>;
}

// Undefined where no loader records (outsideRecording).
const recordings = new AsyncLocalStorage<Recording | undefined>();

function note(kind: Kind, name: string): void {
  const recording = recordings.getStore();
  if (!recording) return;
  const normal = kind === "cookies" ? name : name.toLowerCase();
  if (!recording.allowed[kind].has(normal)) recording.undeclared.add(`${kind} "${normal}"`);
}

/** Called by the app's one cookie reader (app/http/cookies.server.ts cookieValue). */
export const noteCookieRead: (name: string) => void = checkingInputs ? (name) => note("cookies", name) : () => {};

/** Query parameters are read from a URL the loader makes itself, so their reads are seen where they happen. */
function recordQueryReads(): void {
  const proto = URLSearchParams.prototype;
  for (const method of ["get", "getAll", "has"] as const) {
    const original = proto[method] as (this: URLSearchParams, name: string, ...rest: unknown[]) => unknown;
    Object.defineProperty(proto, method, {
      configurable: true,
      writable: true,
      value: function recordedRead(this: URLSearchParams, name: string, ...rest: unknown[]) {
        // Remix's fetch polyfill (installGlobals, which remix-serve runs) builds Headers on URLSearchParams.
        if (!(this instanceof globalThis.Headers)) note("query", String(name));
        return original.call(this, name, ...rest);
      },
    });
  }
}

/** The request as the loader sees it: the same, but its headers record what is read. */
function recordingRequest(request: Request): Request {
  const headers = new Proxy(request.headers, {
    get(target, property) {
      if (property === "get" || property === "has")
        return (name: string) => {
          note("headers", name);
          return target[property](name);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return new Proxy(request, {
    get(target, property) {
      if (property === "headers") return headers;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Runs `work` outside the loader's recording: a request the server makes of
 * itself from a loader (app/http/not-found-page.server.ts) is a request of
 * its own, whose loaders record and check their own reads.
 */
export function outsideRecording<T>(work: () => T): T {
  // Not exit(): on Node 20 the asynchronous work it starts came back to the loader's recording.
  return recordings.run(undefined, work);
}

/** `loader`, failing loudly when it reads an input outside `declared` (its route's and its ancestors'). */
export function checkedLoader(routeId: string, declared: AddressInputs, loader: LoaderFunction): LoaderFunction {
  const allowed: Recording["allowed"] = {
    query: new Set([...declared.query, ...CACHE_OWN_INPUTS.query]),
    headers: new Set([...declared.headers, ...CACHE_OWN_INPUTS.headers, ...UNCACHED_INPUTS.headers]),
    cookies: new Set(declared.cookies),
  };
  return async function checkedInputs(args) {
    const recording: Recording = { routeId, allowed, undeclared: new Set() };
    try {
      return await recordings.run(recording, () => loader({ ...args, request: recordingRequest(args.request) }));
    } finally {
      // Also when the loader throws (a redirect, a 404): what it read to decide counts too.
      if (recording.undeclared.size > 0)
        // eslint-disable-next-line no-unsafe-finally -- the undeclared read is the failure that must surface
        throw new Error(
          `The loader of ${routeId} read ${[...recording.undeclared].join(", ")} without declaring it: ` +
            "add it to the route's handle.inputs (app/route-inputs.ts), so that the page cache keys on it.",
        );
    }
  };
}

if (checkingInputs) recordQueryReads();
