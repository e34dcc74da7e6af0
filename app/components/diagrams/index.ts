export { ArchitectureDiagram } from "./ArchitectureDiagram";
export type { ArchitectureDiagramProps } from "./ArchitectureDiagram";
export { ProcessingPipelineDiagram } from "./ProcessingPipelineDiagram";
export type { ProcessingPipelineDiagramProps } from "./ProcessingPipelineDiagram";
