import { ArchitectureDiagram, ProcessingPipelineDiagram } from "~/components/diagrams";
import type { DiagramData } from "~/components/diagrams/data";
import type { DiagramProps } from "~/components/diagrams/primitives";
import { TabItem, Tabs } from "./mdx/Tabs";

/** The diagrams: self-closing components with no Markdown of their own, drawn from a version's diagrams.json. */
export const MDX_COMPONENT_NAMES = ["ArchitectureDiagram", "ProcessingPipelineDiagram"] as const;

export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];

/** Components that need nothing of the version (Docusaurus's tabs): all a version without diagrams.json gets. */
export const versionlessComponents = { Tabs, TabItem };

/** Every component a page may use as JSX, for the compiler's unknown-component message. */
export const KNOWN_COMPONENT_NAMES: readonly string[] = [...MDX_COMPONENT_NAMES, ...Object.keys(versionlessComponents)];

/**
 * The components of one version's pages. They are rendered to static HTML at
 * build time, so they must not rely on state or effects. The diagrams draw
 * that version's labels and steps (its diagrams.json), so a page of Next
 * shows Next's facts without any prop in its text.
 */
export function mdxComponentsFor(diagrams: DiagramData) {
  return {
    ...versionlessComponents,
    ArchitectureDiagram: (props: DiagramProps) => <ArchitectureDiagram {...props} data={diagrams.architecture} />,
    ProcessingPipelineDiagram: (props: DiagramProps) => <ProcessingPipelineDiagram {...props} data={diagrams.pipeline} />,
  } satisfies Record<MdxComponentName, unknown> & typeof versionlessComponents;
}

/** What a component says in the Markdown version of a page, where SVG cannot go: the diagram's own text alternative. */
export function mdxComponentText(diagrams: DiagramData): Record<MdxComponentName, string> {
  return {
    ArchitectureDiagram: `Diagram: ${diagrams.architecture.description}`,
    ProcessingPipelineDiagram: `Diagram: ${diagrams.pipeline.description}`,
  };
}
