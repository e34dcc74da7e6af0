import type { MetaDescriptor } from "@remix-run/node";
import type { RootData } from "./root-data";

export const SOCIAL_IMAGE = { path: "/img/social-card.png", width: 1200, height: 630 };

interface PageMetaInput {
  /** The page's own title; the brand is appended after "|". */
  title: string;
  description: string;
  /** Canonical path, e.g. "/api" (no trailing slash). */
  path: string;
  root: RootData | undefined;
  type?: "website" | "article";
  /** Error pages name no canonical address: the address they answer is not a page. */
  canonical?: boolean;
  extra?: MetaDescriptor[];
}

/** Title, description, canonical link, Open Graph and Twitter tags of a page, all with absolute URLs. */
export function pageMeta({
  title,
  description,
  path,
  root,
  type = "article",
  canonical = true,
  extra = [],
}: PageMetaInput): MetaDescriptor[] {
  const brand = root?.config.brand ?? "Smriti";
  const fullTitle = `${title} | ${brand}`;
  const origin = root?.origin ?? "";
  const url = `${origin}${path}`;
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(canonical ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    { property: "og:type", content: type },
    { property: "og:site_name", content: brand },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    ...(canonical ? [{ property: "og:url", content: url }] : []),
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: `${brand}: ${root?.config.tagline ?? ""}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...extra,
  ];
}

/** The root loader's data among a meta function's matches. */
export function rootFromMatches(matches: { id: string; data: unknown }[]): RootData | undefined {
  return matches.find((match) => match.id === "root")?.data as RootData | undefined;
}
