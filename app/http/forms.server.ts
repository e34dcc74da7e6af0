import { json, redirect } from "@remix-run/node";
import { getSiteConfig } from "~/config.server";
import { publicOrigin } from "./origin.server";

/** Settings forms carry a few short fields; anything bigger is refused before parsing. */
const MAX_BODY_BYTES = 4096;

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

/**
 * The fields of a small settings form: URL-encoded (HTML forms, Remix
 * fetchers) or a JSON object (remix-themes posts one). Anything else is a 400.
 */
export async function readSettingsForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const text = await readText(request);
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
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

/** A path on this site to go back to after a form post; anything else goes home. */
export function safeRedirectPath(value: string | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return "/";
  return value;
}

/** The path of the page a form was sent from, when the browser names one on this site. */
function refererPath(request: Request, origin: string): string | undefined {
  const referer = request.headers.get("referer");
  if (!referer?.startsWith(`${origin}/`)) return undefined;
  return referer.slice(origin.length);
}

/**
 * The answer to a settings form that changed a cookie: a form post (which
 * names the page it came from, or leaves the field empty on the not-found
 * page: then its Referer says) is redirected back there; a background request
 * from JavaScript gets `result` as JSON.
 */
export function settingsSaved(
  request: Request,
  form: Record<string, string>,
  setCookie: string,
  result: Record<string, string>,
): Response {
  const headers = { "Set-Cookie": setCookie, "Cache-Control": "no-store" };
  if (form.redirectTo === undefined) return json(result, { headers });
  const origin = publicOrigin(request, getSiteConfig());
  const target = `${origin}${safeRedirectPath(form.redirectTo || refererPath(request, origin))}`;
  return redirect(target, { status: 303, headers });
}
