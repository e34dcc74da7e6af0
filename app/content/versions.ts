// The docs versions named by content/versions.json, and how each maps onto
// URLs and files. Shared by the content build, the server and the browser
// (the version menu), so nothing here may import server code.

/** content/versions.json as maintainers write it (`npm run docs:version` rewrites it). */
export interface VersionsFile {
  /** Id of the current release, served at /docs and /api. */
  current: string;
  /** The main branch: its docs in content/next, served at /docs/<path>. */
  next: { label: string; path: string; ref: string; spec: string };
  /** Older releases, newest first: content/releases/<id>, spec/releases/<id>/openapi.yaml. */
  releases: string[];
}

export interface DocsVersion {
  /** "next", or a release id ("24.05.08"). Also the value of search's `version` parameter. */
  id: string;
  /** What the version menu shows: "Next", "24.05.08". */
  label: string;
  status: "next" | "current" | "release";
  /** Where its docs live: "/docs/next", "/docs", "/docs/24.01.15". */
  docsBase: string;
  /** Its API reference: "/api/next", "/api", "/api/24.01.15". */
  apiUrl: string;
  /** Prefix of its spec downloads: "/next" (/next/openapi.yaml), "" for the current release. */
  specBase: string;
  /** Its docs tree, relative to the content folder: "docs", "next", "releases/24.01.15". */
  tree: string;
  /** Its spec, relative to the repository root. */
  specFile: string;
  /** The commit Next documents; null for releases. */
  ref: string | null;
}

/** A release id: year, month and day of the release, "24.05.08". */
export const RELEASE_ID = /^\d{2}\.\d{2}\.\d{2}$/;
/** A URL path segment for Next: lower-case letters, digits and dashes. */
const PATH_SEGMENT = /^[a-z][a-z0-9-]*$/;

export const CURRENT_TREE = "docs";
export const CURRENT_SPEC_FILE = "spec/openapi.yaml";
export const releaseTree = (id: string) => `releases/${id}`;
export const releaseSpecFile = (id: string) => `spec/releases/${id}/openapi.yaml`;

export class VersionsFileError extends Error {
  constructor(reason: string) {
    super(`content/versions.json: ${reason}`);
    this.name = "VersionsFileError";
  }
}

function text(value: unknown, name: string): string {
  if (typeof value !== "string" || !value.trim()) throw new VersionsFileError(`"${name}" must be non-empty text`);
  return value.trim();
}

function releaseId(value: unknown, name: string): string {
  const id = text(value, name);
  if (!RELEASE_ID.test(id)) throw new VersionsFileError(`"${name}" must be a release id like 24.05.08, got "${id}"`);
  return id;
}

/** Checks the file's shape; throws a VersionsFileError naming the first problem. */
export function parseVersionsFile(data: unknown): VersionsFile {
  if (!data || typeof data !== "object") throw new VersionsFileError("must be a JSON object");
  const record = data as Record<string, unknown>;
  const next = record.next as Record<string, unknown> | undefined;
  if (!next || typeof next !== "object") throw new VersionsFileError(`"next" must be an object`);
  const path = text(next.path, "next.path");
  if (!PATH_SEGMENT.test(path) || RELEASE_ID.test(path)) {
    throw new VersionsFileError(`"next.path" must be one lower-case path segment, got "${path}"`);
  }
  if (!Array.isArray(record.releases)) throw new VersionsFileError(`"releases" must be a list of release ids`);
  const current = releaseId(record.current, "current");
  const releases = record.releases.map((id, i) => releaseId(id, `releases[${i}]`));
  const all = [current, ...releases];
  const repeated = all.find((id, i) => all.indexOf(id) !== i);
  if (repeated) throw new VersionsFileError(`release "${repeated}" is listed twice`);
  return {
    current,
    next: { label: text(next.label, "next.label"), path, ref: text(next.ref, "next.ref"), spec: text(next.spec, "next.spec") },
    releases,
  };
}

/** Every version in menu order: Next, the current release, then older releases, newest first. */
export function docsVersions(file: VersionsFile): DocsVersion[] {
  const release = (id: string): DocsVersion => ({
    id,
    label: id,
    status: "release",
    docsBase: `/docs/${id}`,
    apiUrl: `/api/${id}`,
    specBase: `/${id}`,
    tree: releaseTree(id),
    specFile: releaseSpecFile(id),
    ref: null,
  });
  return [
    {
      id: file.next.path,
      label: file.next.label,
      status: "next",
      docsBase: `/docs/${file.next.path}`,
      apiUrl: `/api/${file.next.path}`,
      specBase: `/${file.next.path}`,
      tree: file.next.path,
      specFile: file.next.spec,
      ref: file.next.ref,
    },
    {
      ...release(file.current),
      status: "current",
      docsBase: "/docs",
      apiUrl: "/api",
      specBase: "",
      tree: CURRENT_TREE,
      specFile: CURRENT_SPEC_FILE,
    },
    ...file.releases.map(release),
  ];
}

/** The path inside a version: "/docs/next/user-guide/x" → "/user-guide/x"; null when `url` is outside it. */
function pathInside(url: string, base: string): string | null {
  if (url === base) return "";
  return url.startsWith(`${base}/`) ? url.slice(base.length) : null;
}

/**
 * The version a docs or API address belongs to. Versioned prefixes are tried
 * before the current release's "/docs" and "/api", which hold everything else.
 */
export function versionOfUrl(versions: DocsVersion[], url: string): DocsVersion | undefined {
  const path = url.split(/[?#]/)[0] ?? url;
  const ordered = [...versions].sort((a, b) => (a.status === "current" ? 1 : 0) - (b.status === "current" ? 1 : 0));
  return ordered.find((version) => pathInside(path, version.docsBase) !== null || pathInside(path, version.apiUrl) !== null);
}

/**
 * The same address in another version: "/docs/user-guide/x" → "/docs/next/user-guide/x",
 * "/api#op" → "/api/next#op". Addresses outside the docs and the API are returned as they are.
 */
export function mapUrlToVersion(url: string, from: DocsVersion, to: DocsVersion): string {
  const docs = pathInside(url.split(/[?#]/)[0] ?? url, from.docsBase);
  if (docs !== null) return to.docsBase + url.slice(from.docsBase.length);
  const api = pathInside(url.split(/[?#]/)[0] ?? url, from.apiUrl);
  if (api !== null) return to.apiUrl + url.slice(from.apiUrl.length);
  return url;
}

/**
 * Maps a link written in a docs tree (written as for the current site:
 * "/docs/…", "/api#…", "/openapi.yaml") into the URL space of the version
 * the tree belongs to. A link that names another version on purpose
 * ("/docs/next/…" from the current release) and any other link are returned
 * unchanged.
 */
export function mapLinkIntoVersion(href: string, current: DocsVersion, version: DocsVersion, all: DocsVersion[] = [current, version]): string {
  if (version.status === "current" || !href.startsWith("/")) return href;
  const path = href.split(/[?#]/)[0] ?? href;
  const named = versionOfUrl(all, path);
  if (named && named.status !== "current") return href;
  if (/^\/openapi\.(yaml|json)$/.test(path)) return version.specBase + href;
  return mapUrlToVersion(href, current, version);
}
