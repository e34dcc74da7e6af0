/*
 * What a version's diagrams say: their labels, steps and text alternatives.
 * They are content, not code: each docs tree has a `diagrams.json`
 * (content/docs/diagrams.json, content/next/diagrams.json) that the build
 * reads and hands to the diagrams of that version's pages, and that
 * `npm run docs:version` carries along with the tree (docs/decisions/027).
 *
 * Lines are plain text; a line written in backticks ("`MediaItemProcess`")
 * is drawn in the code face.
 */

export interface ArchitectureData {
  /** Under "API server", e.g. "Go 1.22 · Echo · GORM". */
  apiStack: string;
  /** The database box: two lines in the wide layout, three in the tall one. */
  database: { wide: [string, string]; tall: [string, string, string] };
  /** The worker's processing steps, drawn as pills. */
  workerSteps: string[];
  /** The text alternative (the SVG's description and the Markdown twin's text). */
  description: string;
}

export interface PipelineStepData {
  badge: string;
  title: string;
  /** Where the step runs. */
  tone: "api" | "worker";
  wide: string[];
  tall: string[];
  /** Status chips the step sets. */
  chips?: ("processing" | "ready" | "failed")[];
  /** The step whose output the scheduled people clustering reads (a dashed arrow). */
  feedsClustering?: boolean;
}

export interface PipelineData {
  title: string;
  description: string;
  /** In order; the last one is drawn as the wide final box. */
  steps: PipelineStepData[];
  clustering: { title: string; shortTitle: string; wide: string[]; tall: string[] };
  /** Two lines under the wide layout, one under the tall one. */
  notes: [string, string];
  tallNote: string;
}

export interface DiagramData {
  architecture: ArchitectureData;
  pipeline: PipelineData;
}

/** A line as drawn: its text and whether it is code. */
export const diagramLine = (line: string) => {
  const code = /^`(.+)`$/.exec(line);
  return code ? { text: code[1] ?? "", mono: true } : { text: line, mono: false };
};

/**
 * Checks a diagrams.json against the shape above and returns it, or the first
 * thing wrong with it (a path such as "pipeline.steps[3].wide").
 */
export function parseDiagramData(value: unknown): { data: DiagramData } | { error: string } {
  const problems: string[] = [];
  const isText = (v: unknown) => typeof v === "string" && v.trim() !== "";
  const texts = (v: unknown, path: string, length?: number) => {
    if (!Array.isArray(v) || !v.every(isText) || (length !== undefined ? v.length !== length : v.length === 0)) {
      problems.push(`${path} must be a list of ${length ?? "one or more"} lines of text`);
    }
  };
  const text = (v: unknown, path: string) => {
    if (!isText(v)) problems.push(`${path} must be text`);
  };
  const record = (v: unknown): Record<string, unknown> =>
    typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  const root = record(value);
  const arch = record(root.architecture);
  text(arch.apiStack, "architecture.apiStack");
  texts(record(arch.database).wide, "architecture.database.wide", 2);
  texts(record(arch.database).tall, "architecture.database.tall", 3);
  texts(arch.workerSteps, "architecture.workerSteps");
  text(arch.description, "architecture.description");
  const pipe = record(root.pipeline);
  text(pipe.title, "pipeline.title");
  text(pipe.description, "pipeline.description");
  const steps = Array.isArray(pipe.steps) ? pipe.steps : [];
  if (steps.length < 2 || steps.length > 12) problems.push("pipeline.steps must list 2 to 12 steps");
  steps.forEach((raw, i) => {
    const step = record(raw);
    const path = `pipeline.steps[${i}]`;
    text(step.badge, `${path}.badge`);
    text(step.title, `${path}.title`);
    if (step.tone !== "api" && step.tone !== "worker") problems.push(`${path}.tone must be "api" or "worker"`);
    texts(step.wide, `${path}.wide`);
    texts(step.tall, `${path}.tall`);
    const chips = step.chips;
    if (
      chips !== undefined &&
      !(Array.isArray(chips) && chips.every((c) => c === "processing" || c === "ready" || c === "failed"))
    ) {
      problems.push(`${path}.chips must list "processing", "ready" or "failed"`);
    }
  });
  if (steps.filter((s) => record(s).feedsClustering === true).length !== 1)
    problems.push("exactly one of pipeline.steps must have feedsClustering: true");
  const clustering = record(pipe.clustering);
  text(clustering.title, "pipeline.clustering.title");
  text(clustering.shortTitle, "pipeline.clustering.shortTitle");
  texts(clustering.wide, "pipeline.clustering.wide");
  texts(clustering.tall, "pipeline.clustering.tall");
  texts(pipe.notes, "pipeline.notes", 2);
  text(pipe.tallNote, "pipeline.tallNote");
  return problems.length ? { error: problems[0] ?? "" } : { data: value as DiagramData };
}
