import { Arrows, Badges, Boxes, DiagramSvg, Label, Legend, ResponsiveDiagram, type BoxTone, type DiagramProps, type Point, type Rect } from "./primitives";

/*
 * Upload-to-ready pipeline of release 24.05.08, drawn by us from the product
 * facts (§4d, §5): a wide layout (800 × 612, steps in three rows) and a tall
 * one (one step per row).
 */

const TITLE = "Upload-to-ready processing pipeline";

const DESCRIPTION =
  "1. Upload: the client sends one file to POST /v1/mediaItems as multipart form data; the API creates the item with status PROCESSING, " +
  "writes the file to /storage/<id> and saves its SHA-256 hash. " +
  "2. The API calls the worker's MediaItemProcess over gRPC without waiting; the worker replies at once and works in the background. " +
  "3. Metadata: ExifTool metadata, preview, thumbnail and placeholder; the item becomes READY, or FAILED if this step fails. " +
  "4. Places: reverse geocoding of GPS coordinates with OpenStreetMap Nominatim. " +
  "5. Things: EfficientNet V2-S classification. 6. OCR: RapidOCR; words become keywords. " +
  "7. Faces: MTCNN detection and InceptionResnetV1 embeddings. 8. Search embeddings with CLIP ViT-B/32. " +
  "9. Finalize: keywords and embeddings are saved through the API's gRPC service (SaveMediaItemFinalResult). " +
  "Steps 4 to 8 can be switched off. Separately, every minute the worker clusters new faces into people (SaveMediaItemPeople).";

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

const t = (text: string): Line => ({ text });
const m = (text: string): Line => ({ text, mono: true });

/* Steps 1 to 9 in order; then the scheduled people clustering. API steps are "primary", worker steps "neutral". */
const STEPS: Step[] = [
  {
    badge: "1",
    title: "Upload",
    tone: "primary",
    wide: [m("POST /v1/mediaItems"), t("file → /storage/<id>"), t("SHA-256 hash saved")],
    tall: [t("POST /v1/mediaItems, one file, multipart"), t("file → /storage/<id>, SHA-256 hash saved")],
    chips: ["processing"],
  },
  {
    badge: "2",
    title: "Hand-off",
    tone: "primary",
    wide: [t("API → worker (async)"), m("MediaItemProcess"), t("replies ok at once")],
    tall: [t("async gRPC call MediaItemProcess;"), t("the worker replies ok, then works on")],
  },
  {
    badge: "3",
    title: "Metadata",
    tone: "neutral",
    wide: [t("ExifTool metadata"), t("preview, thumbnail,"), t("8 px placeholder")],
    tall: [t("ExifTool metadata; preview, thumbnail"), t("and 8 px placeholder; files to storage")],
    chips: ["ready", "failed"],
  },
  {
    badge: "4",
    title: "Places",
    tone: "neutral",
    wide: [t("GPS → Nominatim"), t("reverse geocoding"), t("postcode … country")],
    tall: [t("GPS → OpenStreetMap Nominatim"), t("postcode, town, city, state, country")],
  },
  {
    badge: "5",
    title: "Things",
    tone: "neutral",
    wide: [t("EfficientNet V2-S"), t("photos, top-1 label"), t("→ thing + keyword")],
    tall: [t("EfficientNet V2-S on photo previews"), t("top label → a thing and a keyword")],
  },
  {
    badge: "6",
    title: "OCR",
    tone: "neutral",
    wide: [t("RapidOCR running"), t("PP-OCRv3 (ONNX)"), t("words → keywords")],
    tall: [t("RapidOCR with PP-OCRv3 models (ONNX)"), t("words found → keywords")],
  },
  {
    badge: "7",
    title: "Faces",
    tone: "neutral",
    wide: [t("MTCNN detection"), t("InceptionResnetV1"), t("512-d face vectors")],
    tall: [t("MTCNN finds faces on photo previews;"), t("InceptionResnetV1: 512-d face vectors")],
  },
  {
    badge: "8",
    title: "Embeddings",
    tone: "neutral",
    wide: [t("CLIP ViT-B/32"), t("preview + keywords"), t("512-d, for search")],
    tall: [t("CLIP ViT-B/32 search embeddings, 512-d,"), t("of the preview and of the keywords")],
  },
  {
    badge: "9",
    title: "Finalize",
    tone: "neutral",
    wide: [t("keywords and search embeddings go to the API"), m("SaveMediaItemFinalResult"), t("the API writes them to the database")],
    tall: [t("keywords + embeddings → the API"), m("SaveMediaItemFinalResult")],
  },
];

const CLUSTERING: Step = {
  badge: "↻",
  title: "People clustering (scheduled)",
  tone: "scheduled",
  wide: [
    t("every minute, per user: Annoy index over faces"),
    t("of READY items; a new face joins the nearest"),
    t("person, or starts a new one"),
    m("SaveMediaItemPeople"),
  ],
  tall: [t("every minute, per user, with Annoy:"), t("a new face joins the nearest person"), t("or starts a new one"), m("SaveMediaItemPeople")],
};

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
            <Label key={line.text} x={x + 16} y={y + lineStart + i * lineGap} mono={line.mono} tone={line.mono ? "accent" : undefined}>
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

function WideLayout({ id }: { id: string }) {
  const cols = [4, 210, 416, 622] as const;
  const rows = [16, 204, 392] as const;
  const w = 172;
  const h = 128;
  const mid = 64;
  const grid: Placed[] = STEPS.slice(0, 8).map((step, i) => ({
    step,
    rect: [cols[i % 4] ?? 0, rows[Math.floor(i / 4)] ?? 0, w, h],
    lines: step.wide,
    lineStart: 56,
    lineGap: 18,
    chipsAt: "bottom",
  }));
  const wideBox = (step: Step, x: number, lineGap: number): Placed => ({
    step,
    rect: [x, rows[2], 378, h],
    lines: step.wide,
    lineStart: 58,
    lineGap,
    chipsAt: "bottom",
  });
  const placed = [...grid, wideBox(STEPS[8] as Step, cols[2], 20), wideBox(CLUSTERING, cols[0], 19)];
  return (
    <DiagramSvg id={id} title={TITLE} description={DESCRIPTION} width={800} height={612} className="hidden md:block">
      <Arrows
        diagramId={id}
        lines={[
          // Along rows 1 and 2
          ...[rows[0], rows[1]].flatMap((ry) => [0, 1, 2].map((c): Point[] => [[(cols[c] ?? 0) + w, ry + mid], [cols[c + 1] ?? 0, ry + mid]])),
          // Row 1 wraps to row 2
          [[cols[3] + w / 2, rows[0] + h], [cols[3] + w / 2, rows[0] + h + 30], [cols[0] + w / 2, rows[0] + h + 30], [cols[0] + w / 2, rows[1]]],
          // Step 8 to finalize
          [[cols[3] + w / 2, rows[1] + h], [cols[3] + w / 2, rows[2]]],
        ]}
      />
      {/* Faces feed the scheduled clustering */}
      <Arrows diagramId={id} tone="brand" dashed lines={[[[cols[2] + 54, rows[1] + h], [cols[2] + 54, rows[1] + h + 30], [300, rows[1] + h + 30], [300, rows[2]]]]} />
      <Label x={386} y={rows[1] + h + 24} tone="accent">
        faces, clustered later
      </Label>

      <StepBoxes placed={placed} />

      <Legend
        diagramId={id}
        items={[
          { swatch: "primary", text: "runs in the API", at: [4, 552] },
          { swatch: "neutral", text: "runs in the worker", at: [170, 552] },
          { swatch: "scheduled", text: "scheduled in the worker, not per upload", at: [360, 552] },
        ]}
      />
      <g className="muted" textAnchor="start">
        <Label x={4} y={580}>
          Steps 4 to 8 can be switched off (SMRITI_ML_* settings on the API); steps 1 to 3 always run.
        </Label>
        <Label x={4} y={598}>
          The worker saves every result through the API&apos;s gRPC service; it never writes to the database itself.
        </Label>
      </g>
    </DiagramSvg>
  );
}

function TallLayout({ id }: { id: string }) {
  const x = 8;
  const w = 318;
  const h = 86;
  const gap = 30;
  const top = 8;
  const ys = STEPS.map((_, i) => top + i * (h + gap));
  const clusterY = (ys[ys.length - 1] ?? 0) + h + 36;
  const clusterH = 132;
  const facesY = ys[6] ?? 0;
  const legendY = clusterY + clusterH + 34;
  const placed: Placed[] = [
    ...STEPS.map((step, i): Placed => ({ step, rect: [x, ys[i] ?? 0, w, h], lines: step.tall, lineStart: 57, lineGap: 18, chipsAt: "right" })),
    { step: CLUSTERING, title: "People clustering", rect: [x, clusterY, w, clusterH], lines: CLUSTERING.tall, lineStart: 57, lineGap: 19, chipsAt: "right" },
  ];
  return (
    <DiagramSvg id={id} title={TITLE} description={DESCRIPTION} width={360} height={legendY + 100} className="mx-auto block max-w-md md:hidden">
      <Arrows diagramId={id} lines={ys.slice(0, -1).map((y): Point[] => [[x + w / 2, y + h], [x + w / 2, y + h + gap]])} />
      {/* Faces feed the scheduled clustering, along the right gutter */}
      <Arrows
        diagramId={id}
        tone="brand"
        dashed
        lines={[[[x + w, facesY + h / 2], [346, facesY + h / 2], [346, clusterY + clusterH / 2], [x + w, clusterY + clusterH / 2]]]}
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
        Steps 4 to 8 can be switched off.
      </Label>
    </DiagramSvg>
  );
}

/** What happens to a photo or video between upload and READY, step by step. */
export function ProcessingPipelineDiagram({ className, idPrefix = "pipeline-diagram" }: DiagramProps) {
  return (
    <ResponsiveDiagram
      className={className}
      wide={<WideLayout id={`${idPrefix}-wide`} />}
      tall={<TallLayout id={`${idPrefix}-tall`} />}
    />
  );
}

export type { DiagramProps as ProcessingPipelineDiagramProps };

export default ProcessingPipelineDiagram;
