import { ArchitectureDiagram, ProcessingPipelineDiagram } from "~/components/diagrams";
import type { DiagramProps } from "~/components/diagrams/primitives";
import type { DiagramData } from "~/components/diagrams/data";

/** The components a page may use as JSX (e.g. `<ArchitectureDiagram />`). */
export const MDX_COMPONENT_NAMES = ["ArchitectureDiagram", "ProcessingPipelineDiagram"] as const;

export type MdxComponentName = (typeof MDX_COMPONENT_NAMES)[number];

/**
 * The components of one version's pages. They are rendered to static HTML at
 * build time, so they must not rely on state or effects. The diagrams draw
 * that version's labels and steps (its diagrams.json), so a page of Next
 * shows Next's facts without any prop in its text.
 */
export function mdxComponentsFor(diagrams: DiagramData) {
  return {
    ArchitectureDiagram: (props: DiagramProps) => <ArchitectureDiagram {...props} data={diagrams.architecture} />,
    ProcessingPipelineDiagram: (props: DiagramProps) => <ProcessingPipelineDiagram {...props} data={diagrams.pipeline} />,
  } satisfies Record<MdxComponentName, unknown>;
}

/** What a component says in the Markdown version of a page, where SVG cannot go: the diagram's own text alternative. */
export function mdxComponentText(diagrams: DiagramData): Record<MdxComponentName, string> {
  return {
    ArchitectureDiagram: `Diagram: ${diagrams.architecture.description}`,
    ProcessingPipelineDiagram: `Diagram: ${diagrams.pipeline.description}`,
  };
}
