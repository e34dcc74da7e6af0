// The API reference's URL scheme: where a tag's page and its overview heading
// are. Used by the build, the search index, the pages and the tests alike, so
// it lives apart from any component.

const hyphenated = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The tag's part of an address: "Media items" → "media-items" (/api/media-items). */
export function tagSlug(tag: string): string {
  return hyphenated(tag).replace(/^-+|-+$/g, "");
}

/** The id of a tag's heading on the overview; older links to the one-page reference used it too. */
export function tagAnchor(tag: string): string {
  return `tag-${hyphenated(tag)}`;
}

/** The address of a tag's page in the API reference at `apiUrl` ("/api", "/api/next"). */
export function tagPageUrl(apiUrl: string, tag: string): string {
  return `${apiUrl}/${tagSlug(tag)}`;
}
