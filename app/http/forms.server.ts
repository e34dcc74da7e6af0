import { json, redirect } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { publicOrigin } from "./origin.server";

/** Settings forms carry a few short fields; anything bigger is refused before parsing. */
const MAX_BODY_BYTES = 4096;
const FORM_TYPE = "application/x-www-form-urlencoded";

async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > MAX_BODY_BYTES) throw json({ message: "Form too large" }, { status: 413 });
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw json({ message: "Form too large" }, { status: 413 });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function contentType(request: Request): string {
  return request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Whether the body is what an HTML form (not a script) sends. */
function isHtmlForm(request: Request): boolean {
  return contentType(request) === FORM_TYPE;
}

/**
 * The fields of a small settings form: URL-encoded (HTML forms) or a JSON
 * object (remix-themes and the announcement bar's fetcher post one). Anything
 * else is a 400.
 */
export async function readSettingsForm(request: Request): Promise<Record<string, string>> {
  const type = contentType(request);
  const text = await readText(request);
  if (type === FORM_TYPE) return Object.fromEntries(new URLSearchParams(text));
  if (type === "application/json" || type === "text/plain" || type === "") {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) {
        return Object.fromEntries(
          Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        );
      }
    } catch {
      // fall through to the 400 below
    }
  }
  throw json({ message: "Unreadable form" }, { status: 400 });
}

/**
 * What a Location header may carry as it is: RFC 3986's unreserved and reserved characters but the
 * brackets, and "%" when it starts an escape. Anything else (beyond ASCII, "<", a quote, a stray "%")
 * is percent-encoded: a raw byte beyond ASCII is not a valid header value, and the Fetch API threw on
 * one (a 503 with no cookie set).
 */
const NEEDS_ENCODING = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]|%(?![0-9A-Fa-f]{2})/gu;

/** Each byte of the character's UTF-8 form as an escape (a lone surrogate, which JSON can carry, as U+FFFD's). */
const percentEncoded = (character: string) =>
  [...Buffer.from(character, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");

/** A path on this site to go back to after a form post, percent-encoded where it must be; anything else goes home. */
export function safeRedirectPath(value: string | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return "/";
  return value.replace(NEEDS_ENCODING, percentEncoded);
}

/** The path of the page a form was sent from, when the browser names one on this site. */
function refererPath(request: Request, origin: string): string | undefined {
  const referer = request.headers.get("referer");
  if (!referer?.startsWith(`${origin}/`)) return undefined;
  return referer.slice(origin.length);
}

/**
 * The answer to a settings form that changed a cookie. An HTML form's post
 * (URL-encoded) is a navigation: it is redirected back to the page it names,
 * or when it names none (the not-found page leaves the field empty) to the
 * page its Referer names, or else to the settings page itself, so that the
 * page the reader sees is drawn with the new cookie; rendered in answer to
 * the post itself, it would be drawn with the old one. A background request
 * from JavaScript (a JSON body: remix-themes, the announcement bar's fetcher)
 * gets `result` as JSON.
 */
export function settingsSaved(
  request: Request,
  form: Record<string, string>,
  setCookie: string,
  result: Record<string, string>,
): Response {
  const headers = { "Set-Cookie": setCookie, "Cache-Control": "no-store" };
  if (!isHtmlForm(request)) return json(result, { headers });
  const origin = publicOrigin(request, getSiteConfig());
  const back = form.redirectTo || refererPath(request, origin) || new URL(request.url).pathname;
  return redirect(`${origin}${safeRedirectPath(back)}`, { status: 303, headers });
}
