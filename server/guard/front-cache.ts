import type { IncomingMessage, ServerResponse } from "node:http";
import { FRONT_CACHE, type FrontCache } from "../../app/http/guard-contract";
import { lastResort } from "./crash-policy";

/**
 * Pages the app already rendered and stored, and scripts and styles
 * compressed at build time, answered before Express and Remix: the server
 * build registers them (app/http/front-cache.server.ts). The front cache
 * catches its own errors; anything it misses is caught here, and the request
 * goes on to the app unless an answer had already begun.
 */
export function answerFromFrontCache(req: IncomingMessage, res: ServerResponse, passOn: () => void): boolean {
  const frontCache = (globalThis as Record<symbol, FrontCache | undefined>)[FRONT_CACHE];
  try {
    return frontCache?.answer(req, res, passOn) === true;
  } catch (error) {
    lastResort("the front cache threw", error);
    if (res.headersSent) {
      res.destroy();
      return true;
    }
    return false;
  }
}
