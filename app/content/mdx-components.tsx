import { ArchitectureDiagram, ProcessingPipelineDiagram } from "~/components/diagrams";
import { TabItem, Tabs } from "./mdx/Tabs";

/**
 * The components a page may use as JSX (e.g. `<ArchitectureDiagram />`). They
 * are rendered to static HTML at build time, so they must not rely on state or
 * effects.
 */
export const mdxComponents = {
  ArchitectureDiagram,
  ProcessingPipelineDiagram,
  Tabs,
  TabItem,
};

/** The diagrams: self-closing components with no Markdown of their own. */
export type MdxComponentName = "ArchitectureDiagram" | "ProcessingPipelineDiagram";

/** What a diagram says in the Markdown version of a page, where SVG cannot go. */
export const mdxComponentText: Record<MdxComponentName, string> = {
  ArchitectureDiagram:
    "Diagram: clients call the API (Go) over REST on port 5001; the API stores metadata in PostgreSQL with pgvector, " +
    "tokens in an in-memory or Redis cache and files on disk or in MinIO, and exchanges gRPC calls with the worker " +
    "(Python; ports 15001 and 15002), which reads the shared /storage volume and the /models folder and asks " +
    "OpenStreetMap Nominatim for places.",
  ProcessingPipelineDiagram:
    "Diagram: an upload is saved with status PROCESSING and handed to the worker, which runs metadata and previews " +
    "(then READY or FAILED), places, things, OCR, faces and search embeddings, and finally sends keywords and " +
    "embeddings back to the API; people are clustered from faces on a schedule.",
};
