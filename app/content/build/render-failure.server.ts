import { ContentError } from "../content-error.server";
import type { CodePlace } from "./plugins/code-places.server";

// A page that compiles can still fail when it is rendered to HTML: an
// expression naming a variable that does not exist (`{titel}`), reading a
// property of nothing, or a component given what it cannot use. React's error
// names no file or line, and it stopped the whole build (every page of the dev
// server showed only "titel is not defined"). It is placed here instead.

/** What a JavaScript error's message names: "x is not defined", "x.y is not a function", "(reading 'y')". */
const NAMED = [/^([\w$.]+) is not defined/, /^([\w$.]+) is not a function/, /^([\w$.]+) is not iterable/, /\(reading '([^']+)'\)/];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The place whose code the message names, else the only place that runs code, else none. */
function placeOf(message: string, places: CodePlace[]): CodePlace | null {
  for (const pattern of NAMED) {
    const name = message.match(pattern)?.[1];
    if (!name) continue;
    const word = new RegExp(`(^|[^\\w$])${escape(name)}($|[^\\w$])`);
    const found = places.find((place) => word.test(place.text));
    if (found) return found;
  }
  return places.length === 1 ? places[0]! : null;
}

/** The author's place of an error thrown while the page rendered; line 0 when it cannot be told. */
export function renderFailure(sourcePath: string, error: unknown, places: CodePlace[]): ContentError {
  const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  const place = placeOf(message, places);
  return new ContentError(sourcePath, place?.line ?? 0, place?.column ?? 0, `the page failed to render: ${message}`);
}
