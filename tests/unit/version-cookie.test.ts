// The remembered docs version (app/lib/version-cookie.ts): what the cookie
// holds, when a page answer changes it, and how the version menu follows it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { versionMenu, type SiteVersion } from "../../app/docs/route-data";
import { chosenVersion, rememberVersion, versionCookie, versionCookieKey } from "../../app/lib/version-cookie";
import { versionedHref } from "../../app/lib/versioned-links";

const site: SiteVersion[] = [
  {
    id: "next",
    label: "Next",
    status: "next",
    entry: "/docs/next/dev-guide/introduction",
    guide: "/docs/next/user-guide/introduction",
    docsBase: "/docs/next",
    apiUrl: "/api/next",
  },
  {
    id: "24.05.08",
    label: "24.05.08",
    status: "current",
    entry: "/docs/dev-guide/introduction",
    guide: "/docs/user-guide/introduction",
    docsBase: "/docs",
    apiUrl: "/api",
  },
  {
    id: "24.01.15",
    label: "24.01.15",
    status: "release",
    entry: "/docs/24.01.15/dev-guide/introduction",
    guide: "/docs/24.01.15/dev-guide/introduction",
    docsBase: "/docs/24.01.15",
    apiUrl: "/api",
  },
];
const [next, current, older] = site as [SiteVersion, SiteVersion, SiteVersion];

describe("the cookie", () => {
  test("names a version other than the current release; anything else is no choice", () => {
    assert.equal(chosenVersion("next", site)?.id, "next");
    assert.equal(chosenVersion("24.01.15", site)?.id, "24.01.15");
    assert.equal(chosenVersion("24.05.08", site), undefined, "the current release needs no cookie");
    assert.equal(chosenVersion("nope", site), undefined);
    assert.equal(chosenVersion(undefined, site), undefined);
  });

  test("counts in the page cache's key only when it looks like a version id", () => {
    assert.equal(versionCookieKey("next"), "next");
    assert.equal(versionCookieKey("24.05.08"), "24.05.08");
    for (const value of ["", "<b>", "NEXT", "x".repeat(40), "a;b", undefined])
      assert.equal(versionCookieKey(value), "", String(value));
  });
});

describe("reading a page of a version", () => {
  test("of Next or an older release stores it, unless the cookie says so already", () => {
    assert.match(
      rememberVersion(next, undefined, false) ?? "",
      /^docs-version=next; Max-Age=31536000; Path=\/; SameSite=Lax$/,
    );
    assert.match(rememberVersion(older, "next", true) ?? "", /^docs-version=24\.01\.15; .*; Secure$/);
    assert.equal(rememberVersion(next, "next", false), null);
  });

  test("of the current release clears a cookie, and sets none where there is none", () => {
    assert.match(rememberVersion(current, "next", false) ?? "", /^docs-version=; Max-Age=0; Path=\/; SameSite=Lax$/);
    assert.equal(rememberVersion(current, undefined, false), null);
    assert.equal(rememberVersion(current, "", false), null);
  });

  test("the browser writes the same cookie, storing or clearing", () => {
    assert.equal(versionCookie("next", false), rememberVersion(next, undefined, false));
    assert.equal(versionCookie(null, true), "docs-version=; Max-Age=0; Path=/; SameSite=Lax; Secure");
  });
});

describe("links on pages of no version", () => {
  test("follow the chosen version; a page's own version always wins", () => {
    assert.equal(versionMenu(site, null)?.version.id, "24.05.08");
    const chosen = versionMenu(site, null, "next")!;
    assert.equal(chosen.version.id, "next");
    assert.equal(chosen.ownVersion, false, "no version banner on a page of no version");
    const own = versionMenu(
      site,
      { version: "24.05.08", alternates: { "24.05.08": "/docs/x", next: "/docs/next/x" } },
      "next",
    )!;
    assert.equal(own.version.id, "24.05.08");
    assert.equal(own.ownVersion, true);
    // An unknown choice reads the current release.
    assert.equal(versionMenu(site, null, "gone")?.version.id, "24.05.08");
  });

  test("server-kept links are pointed into a version by their slug", () => {
    assert.equal(versionedHref("user-guide/installation", next), "/docs/next/user-guide/installation");
    assert.equal(versionedHref("api", next), "/api/next");
    assert.equal(versionedHref("api", older), "/api");
  });
});
