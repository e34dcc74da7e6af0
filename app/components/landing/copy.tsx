import type { ReactNode } from "react";
import type { FeatureIconName } from "./FeatureIcon";
import type { TitledText } from "./titled-text";
import { InlineCode } from "./parts";

/*
 * Every word of the landing page, in one place. Its readers are deciding
 * whether to trust their family's pictures to the product, so each sentence
 * states what release 24.05.08 does, as the user guide documents it,
 * including what it does not do yet.
 */

export const HERO = {
  lede:
    "A photo and video library for people who run their own server. It keeps your originals, reads their metadata, " +
    "groups your pictures by place, subject and face, and makes them searchable, with the machine learning running on your own hardware.",
  // Into the docs version the reader chose: a page inside any version, and the version's API reference.
  getStarted: { label: "Get started", slug: "user-guide/installation" },
  apiReference: { label: "API reference" },
  facts: ["Release 24.05.08", "REST API and worker, no app yet", "Apache License 2.0"],
};

export interface Feature {
  title: string;
  /** The feature's page in the user guide. */
  href: string;
  icon: FeatureIconName;
  text: ReactNode;
}

export const FEATURES = {
  title: "What it does",
  intro:
    "Every upload is processed on your server, and everything below is reached through the REST API. " +
    "Each feature links to its page in the user guide, with the calls and the known gaps.",
  items: [
    {
      title: "Albums",
      icon: "albums",
      href: "/docs/user-guide/features/albums",
      text: "Gather photos and videos into albums with a name, a description and a cover. An item can be in several albums; taking it out of one never deletes it.",
    },
    {
      title: "Explore",
      icon: "explore",
      href: "/docs/user-guide/features/explore",
      text: "Collections made for you without any tagging: places, things and people, and the pictures taken on this calendar day in other years.",
    },
    {
      title: "People and faces",
      icon: "people",
      href: "/docs/user-guide/features/people",
      text: "Faces are found in every photo, and faces that look alike are grouped into people you can name, hide or give a cover. No face data leaves your server.",
    },
    {
      title: "Places",
      icon: "places",
      href: "/docs/user-guide/features/places",
      text: "A GPS position in a file becomes a place: its city, town or state. The address comes from OpenStreetMap's Nominatim service, over the internet.",
    },
    {
      title: "Things",
      icon: "things",
      href: "/docs/user-guide/features/things",
      text: "An image classifier names the main subject of each photo, such as Pizza or Golden Retriever, and groups photos by it.",
    },
    {
      title: "Search by text and meaning",
      icon: "search",
      href: "/docs/user-guide/features/search",
      text: "Search by meaning with a CLIP model, or by keywords from the places, things and text found in your pictures. At 24.05.08 both have known gaps, such as results not limited to your own items: read the page before you rely on it.",
    },
    {
      title: "Metadata",
      icon: "metadata",
      href: "/docs/user-guide/features/metadata",
      text: "Date, camera, exposure and GPS position are read from each file, and every item gets a preview and a thumbnail. RAW and HEIC photos and MP4, MOV and AVI videos are read.",
    },
    {
      title: "Favourites, hidden and trash",
      icon: "library",
      href: "/docs/user-guide/features/library",
      text: "Star what you love, keep items out of everyday views, move items to the trash and restore them. No call deletes an item for good.",
    },
    {
      title: "Sharing",
      icon: "sharing",
      href: "/docs/user-guide/features/albums#sharing-an-album",
      text: "Mark an album as shared and anyone with its link can view it without an account. It is link sharing only: no invitations, no per-person rights.",
    },
  ] satisfies Feature[],
};

export const SELF_HOST = {
  title: "Why host it yourself",
  intro:
    "Your family's pictures stay yours: where they live, who sees them and how long you keep them are your decisions.",
  items: [
    {
      title: "Your data stays home",
      text: (
        <>
          Files, database and machine learning all run on machines you control; no cloud service receives your pictures.
          One exception: for items with a GPS position, the coordinates are sent to OpenStreetMap to look up an address.
          Set <InlineCode>SMRITI_ML_PLACES</InlineCode> to <InlineCode>false</InlineCode> to keep them home, at the cost
          of places.
        </>
      ),
      link: { label: "Privacy and trust", to: "/docs/user-guide/introduction#privacy-and-trust" },
    },
    {
      title: "No vendor lock-in",
      text: (
        <>
          Originals are kept as uploaded, in a folder or in MinIO, and the metadata sits in an ordinary PostgreSQL
          database, so standard tools back them up. The code is open source under the Apache License 2.0, and every
          feature is a documented REST call.
        </>
      ),
      link: { label: "Backing up your library", to: "/docs/user-guide/backups-and-upgrades#backups" },
    },
    {
      title: "Yours to run, and to secure",
      text: (
        <>
          Self-hosting makes the care yours. The defaults include public passwords and plain HTTP: change the passwords
          before the first start, and put a proxy with TLS in front before you open it to the internet.
        </>
      ),
      link: { label: "Reverse proxy and TLS", to: "/docs/user-guide/deployment#reverse-proxy-and-tls" },
    },
  ] satisfies TitledText[],
};

export const ARCHITECTURE = {
  title: "Architecture at a glance",
  intro:
    "The project's two programs, the API server (Go) and the worker (Python), run with PostgreSQL, a cache and file storage under " +
    "Docker Compose. Clients talk to the API only; the worker processes each upload and reports back to the API.",
  links: [
    { label: "How the parts fit together", to: "/docs/user-guide/introduction#how-it-fits-together" },
    { label: "Design document", to: "/docs/dev-guide/design-document" },
  ],
};

export const QUICK_START = {
  title: "Quick start",
  intro: (
    <>
      On one machine with Docker Engine and Compose v2, Git, Python 3 and <InlineCode>curl</InlineCode> (plan for at
      least 2 CPU cores and 4 GB of memory), these commands fetch release 24.05.08 and the model files made for it:
    </>
  ),
  notes: [
    {
      title: "Model files of your release",
      text: (
        <>
          The upstream helper (<InlineCode>make setup-models</InlineCode>, which <InlineCode>make start</InlineCode>{" "}
          also runs) fetches the newest release&apos;s model files, and 24.05.08 cannot load them. Use the files of your
          release, as above.
        </>
      ),
    },
    {
      title: "Passwords before the first start",
      text: (
        <>
          The default passwords are public. Replace them before the first <InlineCode>docker compose up -d</InlineCode>:
          the database keeps the password it is first started with.
        </>
      ),
    },
  ] satisfies TitledText[],
  next: {
    label: "Continue with the installation guide",
    to: "/docs/user-guide/installation#change-the-default-credentials",
  },
};

export const STATUS = {
  title: "Project status",
  intro: "Under active development. Read this before you move your library.",
  items: [
    {
      title: "API first",
      text: (
        <>
          The repository holds the server only: the REST API and the processing worker. There is no web, desktop or
          mobile app yet; upstream lists them as in progress. Today you use it with <InlineCode>curl</InlineCode>,
          scripts, or a client you write.
        </>
      ),
      link: { label: "What works today", to: "/docs/user-guide/introduction#what-works-today" },
    },
    {
      title: "Release 24.05.08",
      text: (
        <>
          These pages describe release 24.05.08 of May 2024. The newest tag is 24.06.24 and work has continued since, so
          features and calls may still change. Notes in the guide mark what newer code does differently.
        </>
      ),
      link: { label: "Versions and newer code", to: "/docs/user-guide/introduction#versions" },
    },
    {
      title: "Known limitations",
      text: (
        <>
          Reading the 24.05.08 code turned up gaps that matter when several people share a server: search is not limited
          to the caller&apos;s items, passwords are stored as unsalted hashes, and the items of any album can be read by
          whoever knows its id.
        </>
      ),
      link: { label: "All known limitations", to: "/docs/user-guide/introduction#known-limitations" },
    },
  ] satisfies TitledText[],
  links: [
    { label: "Roadmap", to: "/docs/dev-guide/roadmap" },
    { label: "Help build it", to: "/docs/dev-guide/contribution" },
  ],
  sourceLabel: "Source code on GitHub",
};
