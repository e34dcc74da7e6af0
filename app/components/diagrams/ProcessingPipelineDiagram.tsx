import {
  Arrows,
  Badges,
  Boxes,
  DiagramSvg,
  Label,
  Legend,
  ResponsiveDiagram,
  type BoxTone,
  type DiagramProps,
  type Point,
  type Rect,
} from "./primitives";

import { diagramLine, type PipelineData, type PipelineStepData } from "./data";

/*
 * The upload-to-ready pipeline of one version, from that version's
 * diagrams.json (./data.ts): a wide layout (four or five steps a row, the
 * final step and the scheduled clustering below) and a tall one (one step per
 * row).
 */

type StepTone = Extract<BoxTone, "primary" | "neutral" | "scheduled">;
type Chip = Extract<BoxTone, "processing" | "ready" | "failed">;

interface Line {
  text: string;
  mono?: boolean;
}

interface Step {
  badge: string;
  title: string;
  tone: StepTone;
  wide: Line[];
  tall: Line[];
  chips?: Chip[];
}

function step(data: PipelineStepData): Step {
  return {
    badge: data.badge,
    title: data.title,
    tone: data.tone === "api" ? "primary" : "neutral",
    wide: data.wide.map(diagramLine),
    tall: data.tall.map(diagramLine),
    chips: data.chips,
  };
}

const CHIP_LABELS: Record<Chip, string> = { processing: "PROCESSING", ready: "READY", failed: "FAILED" };
const chipWidth = (chip: Chip) => Math.round(CHIP_LABELS[chip].length * 8.6 + 14);
const CHIP_OR_GAP = 22;

/** A step box at its place in one layout. */
interface Placed {
  step: Step;
  title?: string;
  rect: Rect;
  lines: Line[];
  lineStart: number;
  lineGap: number;
  /** Status chips along the bottom left, or at the top right of the box. */
  chipsAt: "bottom" | "right";
}

function chipsOf(placed: Placed) {
  const chips = placed.step.chips ?? [];
  const [x, y, w, h] = placed.rect;
  const total = chips.reduce((sum, chip) => sum + chipWidth(chip), 0) + (chips.length - 1) * CHIP_OR_GAP;
  let cx = placed.chipsAt === "bottom" ? x + 14 : x + w - 12 - total;
  const cy = placed.chipsAt === "bottom" ? y + h - 30 : y + 16;
  return chips.map((chip, i) => {
    if (i > 0) cx += CHIP_OR_GAP;
    const rect: Rect = [cx, cy, chipWidth(chip), 20];
    cx += chipWidth(chip);
    return { chip, rect, orX: i > 0 ? rect[0] - CHIP_OR_GAP / 2 : null };
  });
}

/** Every step box of a layout: boxes by tone, then badges, then all their text. */
function StepBoxes({ placed }: { placed: Placed[] }) {
  const tones: StepTone[] = ["primary", "neutral", "scheduled"];
  const chips = placed.flatMap(chipsOf);
  return (
    <>
      {tones.map((tone) => (
        <Boxes key={tone} tone={tone} rects={placed.filter((p) => p.step.tone === tone).map((p) => p.rect)} />
      ))}
      {(Object.keys(CHIP_LABELS) as Chip[]).map((chip) => (
        <Boxes key={chip} tone={chip} radius={10} rects={chips.filter((c) => c.chip === chip).map((c) => c.rect)} />
      ))}
      <Badges badges={placed.map(({ step, rect: [x, y] }) => ({ cx: x + 24, cy: y + 26, label: step.badge }))} />
      <g textAnchor="start">
        {placed.map(({ step, title, rect: [x, y], lines, lineStart, lineGap }) => [
          <Label key={step.badge} x={x + 44} y={y + 31.4} size={15} bold>
            {title ?? step.title}
          </Label>,
          ...lines.map((line, i) => (
            <Label
              key={line.text}
              x={x + 16}
              y={y + lineStart + i * lineGap}
              mono={line.mono}
              tone={line.mono ? "accent" : undefined}
            >
              {line.text}
            </Label>
          )),
        ])}
      </g>
      {chips.map(({ chip, rect: [x, y, w], orX }) => [
        orX === null ? null : (
          <Label key={`or-${chip}`} x={orX} y={y + 14.5} tone="muted">
            or
          </Label>
        ),
        <Label key={chip} x={x + w / 2} y={y + 14.5} bold className={`diagram-chip-${chip}`}>
          {CHIP_LABELS[chip]}
        </Label>,
      ])}
    </>
  );
}

function WideLayout({ id, data }: { id: string; data: PipelineData }) {
  const steps = data.steps.map(step);
  const gridSteps = steps.slice(0, -1);
  // Four steps a row as long as two rows hold them, five beyond (narrower boxes).
  const perRow = gridSteps.length <= 8 ? 4 : 5;
  const w = perRow === 4 ? 172 : 140;
  const gapX = Math.floor((792 - perRow * w) / (perRow - 1));
  const cols = Array.from({ length: perRow }, (_, c) => 4 + c * (w + gapX));
  const h = 128;
  const mid = 64;
  const rowCount = Math.ceil(gridSteps.length / perRow);
  const rows = Array.from({ length: rowCount + 1 }, (_, r) => 16 + r * 188);
  const lastRow = rows[rowCount] ?? 0;
  const at = (i: number) => ({ x: cols[i % perRow] ?? 0, y: rows[Math.floor(i / perRow)] ?? 0 });
  const grid: Placed[] = gridSteps.map((s, i) => ({
    step: s,
    rect: [at(i).x, at(i).y, w, h],
    lines: s.wide,
    lineStart: 56,
    lineGap: 18,
    chipsAt: "bottom",
  }));
  // The final step takes the right of the last row, the clustering the left.
  const finalX = cols[perRow - 2] ?? 0;
  const wideBox = (s: Step, x: number, width: number, lineGap: number): Placed => ({
    step: s,
    rect: [x, lastRow, width, h],
    lines: s.wide,
    lineStart: 58,
    lineGap,
    chipsAt: "bottom",
  });
  const clustering: Step = {
    badge: "↻",
    title: data.clustering.title,
    tone: "scheduled",
    wide: data.clustering.wide.map(diagramLine),
    tall: [],
  };
  const placed = [
    ...grid,
    wideBox(steps.at(-1) as Step, finalX, 796 - finalX, 20),
    wideBox(clustering, cols[0] ?? 0, finalX - gapX - 4, 19),
  ];
  const last = at(gridSteps.length - 1);
  const finalCx = last.x + w / 2 >= finalX ? last.x + w / 2 : finalX + (796 - finalX) / 2;
  const faces = at(
    Math.max(
      0,
      data.steps.findIndex((s) => s.feedsClustering),
    ),
  );
  const clusterArrowX = Math.round((finalX - gapX) * 0.78);
  const legendY = lastRow + h + 32;
  return (
    <DiagramSvg
      id={id}
      title={data.title}
      description={data.description}
      width={800}
      height={legendY + 60}
      className="hidden md:block"
    >
      <Arrows
        diagramId={id}
        lines={[
          // Along each row
          ...grid.flatMap((_, i): Point[][] =>
            i + 1 < grid.length && (i + 1) % perRow !== 0
              ? [
                  [
                    [at(i).x + w, at(i).y + mid],
                    [at(i + 1).x, at(i).y + mid],
                  ],
                ]
              : [],
          ),
          // Each full row wraps to the next
          ...grid.flatMap((_, i): Point[][] =>
            i + 1 < grid.length && (i + 1) % perRow === 0
              ? [
                  [
                    [at(i).x + w / 2, at(i).y + h],
                    [at(i).x + w / 2, at(i).y + h + 30],
                    [at(i + 1).x + w / 2, at(i).y + h + 30],
                    [at(i + 1).x + w / 2, at(i + 1).y],
                  ],
                ]
              : [],
          ),
          // The last step of the grid to the final step
          [
            [last.x + w / 2, last.y + h],
            [last.x + w / 2, last.y + h + 30],
            [finalCx, last.y + h + 30],
            [finalCx, lastRow],
          ],
        ]}
      />
      {/* Faces feed the scheduled clustering */}
      <Arrows
        diagramId={id}
        tone="brand"
        dashed
        lines={[
          [
            [faces.x + 54, faces.y + h],
            [faces.x + 54, lastRow - 30],
            [clusterArrowX, lastRow - 30],
            [clusterArrowX, lastRow],
          ],
        ]}
      />
      <Label x={Math.round((clusterArrowX + faces.x + 54) / 2)} y={lastRow - 36} tone="accent">
        faces, clustered later
      </Label>

      <StepBoxes placed={placed} />

      <Legend
        diagramId={id}
        items={[
          { swatch: "primary", text: "runs in the API", at: [4, legendY] },
          { swatch: "neutral", text: "runs in the worker", at: [170, legendY] },
          { swatch: "scheduled", text: "scheduled in the worker, not per upload", at: [360, legendY] },
        ]}
      />
      <g className="muted" textAnchor="start">
        <Label x={4} y={legendY + 28}>
          {data.notes[0]}
        </Label>
        <Label x={4} y={legendY + 46}>
          {data.notes[1]}
        </Label>
      </g>
    </DiagramSvg>
  );
}

function TallLayout({ id, data }: { id: string; data: PipelineData }) {
  const steps = data.steps.map(step);
  const x = 8;
  const w = 318;
  const h = 86;
  const gap = 30;
  const top = 8;
  const ys = steps.map((_, i) => top + i * (h + gap));
  const clusterY = (ys[ys.length - 1] ?? 0) + h + 36;
  const clusterH = 132;
  const facesY =
    ys[
      Math.max(
        0,
        data.steps.findIndex((s) => s.feedsClustering),
      )
    ] ?? 0;
  const clustering: Step = {
    badge: "↻",
    title: data.clustering.shortTitle,
    tone: "scheduled",
    wide: [],
    tall: data.clustering.tall.map(diagramLine),
  };
  const legendY = clusterY + clusterH + 34;
  const placed: Placed[] = [
    ...steps.map((s, i): Placed => ({
      step: s,
      rect: [x, ys[i] ?? 0, w, h],
      lines: s.tall,
      lineStart: 57,
      lineGap: 18,
      chipsAt: "right",
    })),
    {
      step: clustering,
      rect: [x, clusterY, w, clusterH],
      lines: clustering.tall,
      lineStart: 57,
      lineGap: 19,
      chipsAt: "right",
    },
  ];
  return (
    <DiagramSvg
      id={id}
      title={data.title}
      description={data.description}
      width={360}
      height={legendY + 100}
      className="mx-auto block max-w-md md:hidden"
    >
      <Arrows
        diagramId={id}
        lines={ys.slice(0, -1).map((y): Point[] => [
          [x + w / 2, y + h],
          [x + w / 2, y + h + gap],
        ])}
      />
      {/* Faces feed the scheduled clustering, along the right gutter */}
      <Arrows
        diagramId={id}
        tone="brand"
        dashed
        lines={[
          [
            [x + w, facesY + h / 2],
            [346, facesY + h / 2],
            [346, clusterY + clusterH / 2],
            [x + w, clusterY + clusterH / 2],
          ],
        ]}
      />

      <StepBoxes placed={placed} />

      <Legend
        diagramId={id}
        items={[
          { swatch: "primary", text: "runs in the API", at: [12, legendY] },
          { swatch: "neutral", text: "runs in the worker", at: [12, legendY + 24] },
          { swatch: "scheduled", text: "scheduled, not per upload", at: [12, legendY + 48] },
        ]}
      />
      <Label x={12} y={legendY + 76} tone="muted" anchor="start">
        {data.tallNote}
      </Label>
    </DiagramSvg>
  );
}

export interface ProcessingPipelineDiagramProps extends DiagramProps {
  /** The version's pipeline (its diagrams.json). */
  data: PipelineData;
}

/** What happens to a photo or video between upload and READY, step by step. */
export function ProcessingPipelineDiagram({
  className,
  idPrefix = "pipeline-diagram",
  data,
}: ProcessingPipelineDiagramProps) {
  return (
    <ResponsiveDiagram
      className={className}
      wide={<WideLayout id={`${idPrefix}-wide`} data={data} />}
      tall={<TallLayout id={`${idPrefix}-tall`} data={data} />}
    />
  );
}

export default ProcessingPipelineDiagram;
