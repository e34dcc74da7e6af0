import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { parseDiagramData, type DiagramData } from "~/components/diagrams/data";
import { readAuthorFile } from "../author-file.server";
import { ContentError } from "../content-error.server";

/** The file in each docs tree that holds its diagrams' labels and steps. */
export const DIAGRAMS_FILE = "diagrams.json";

/**
 * A version's diagram data (content/<tree>/diagrams.json), checked, with its
 * text (part of the compile cache key of the pages that draw a diagram);
 * null data when the tree has none (then none of its pages may draw one).
 */
export function readDiagramData(root: string, treeDir: string): { data: DiagramData | null; raw: string; sourcePath: string } {
  const file = join(treeDir, DIAGRAMS_FILE);
  const sourcePath = relative(root, file).split(sep).join("/");
  if (!existsSync(file)) return { data: null, raw: "", sourcePath };
  const raw = readAuthorFile(file);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new ContentError(sourcePath, 1, 1, `not valid JSON: ${(error as Error).message}`);
  }
  const parsed = parseDiagramData(value);
  if ("error" in parsed) throw new ContentError(sourcePath, 1, 1, parsed.error);
  return { data: parsed.data, raw, sourcePath };
}

/** Whether a page draws a diagram, so that its compiled form depends on the diagram data. */
export const drawsDiagram = (raw: string) => /<[A-Z][A-Za-z]*Diagram\b/.test(raw);
