import type { ReactNode } from "react";

/*
 * Upload-to-ready pipeline of Smriti 24.05.08, drawn by us from the product
 * facts (§4d, §5). Pure presentational component: no state, no effects, no hooks.
 *
 * Two layouts are rendered and one is hidden with CSS:
 * - a wide one (viewBox 800 x 612, steps in three rows) from the `md` breakpoint up;
 * - a tall one (viewBox 360 x 1300, one step per row) on narrow screens, so labels
 *   stay at least 12 px on a 390 px phone.
 * Colours come from Tailwind classes (light and `dark:` variants); the
 * presentation attributes next to them are only a fallback without CSS.
 */

type BoxTone = "api" | "worker" | "scheduled";
type TextTone = "main" | "muted" | "accent";
type ChipKind = "processing" | "ready" | "failed";

const BOX_STYLE: Record<BoxTone, { className: string; fill: string; stroke: string; dashed: boolean }> = {
  api: {
    className: "fill-sky-50 stroke-[#3d9ae8] dark:fill-sky-950 dark:stroke-[#3d9ae8]",
    fill: "#f0f9ff",
    stroke: "#3d9ae8",
    dashed: false,
  },
  worker: {
    className: "fill-white stroke-slate-300 dark:fill-slate-900 dark:stroke-slate-600",
    fill: "#ffffff",
    stroke: "#cbd5e1",
    dashed: false,
  },
  scheduled: {
    className: "fill-white stroke-[#3d9ae8] dark:fill-slate-900 dark:stroke-[#3d9ae8]",
    fill: "#ffffff",
    stroke: "#3d9ae8",
    dashed: true,
  },
};

const TEXT_STYLE: Record<TextTone, { className: string; fill: string }> = {
  main: { className: "fill-slate-900 dark:fill-slate-100", fill: "#0f172a" },
  muted: { className: "fill-slate-600 dark:fill-slate-400", fill: "#475569" },
  accent: { className: "fill-sky-700 dark:fill-sky-300", fill: "#0369a1" },
};

const CHIP_STYLE: Record<ChipKind, { label: string; box: string; text: string; fill: string; stroke: string; color: string }> = {
  processing: {
    label: "PROCESSING",
    box: "fill-amber-50 stroke-amber-400 dark:fill-amber-950 dark:stroke-amber-600",
    text: "fill-amber-900 dark:fill-amber-200",
    fill: "#fffbeb",
    stroke: "#fbbf24",
    color: "#78350f",
  },
  ready: {
    label: "READY",
    box: "fill-emerald-50 stroke-emerald-500 dark:fill-emerald-950 dark:stroke-emerald-600",
    text: "fill-emerald-900 dark:fill-emerald-200",
    fill: "#ecfdf5",
    stroke: "#10b981",
    color: "#064e3b",
  },
  failed: {
    label: "FAILED",
    box: "fill-rose-50 stroke-rose-400 dark:fill-rose-950 dark:stroke-rose-600",
    text: "fill-rose-900 dark:fill-rose-200",
    fill: "#fff1f2",
    stroke: "#fb7185",
    color: "#881337",
  },
};

type Point = readonly [number, number];

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function Box(props: { x: number; y: number; w: number; h: number; tone: BoxTone; r?: number }) {
  const style = BOX_STYLE[props.tone];
  return (
    <rect
      x={props.x}
      y={props.y}
      width={props.w}
      height={props.h}
      rx={props.r ?? 12}
      className={style.className}
      fill={style.fill}
      stroke={style.stroke}
      strokeWidth={1.5}
      strokeDasharray={style.dashed ? "6 4" : undefined}
    />
  );
}

function Label(props: {
  x: number;
  y: number;
  children: ReactNode;
  size?: number;
  bold?: boolean;
  mono?: boolean;
  tone?: TextTone;
  anchor?: "start" | "middle" | "end";
}) {
  const tone = TEXT_STYLE[props.tone ?? "main"];
  return (
    <text
      x={props.x}
      y={props.y}
      fontSize={props.size ?? 13}
      fontWeight={props.bold ? 700 : 400}
      textAnchor={props.anchor ?? "start"}
      className={props.mono ? `font-mono ${tone.className}` : tone.className}
      fill={tone.fill}
    >
      {props.children}
    </text>
  );
}

function head(from: Point, tip: Point): { points: string; base: Point } {
  const dx = tip[0] - from[0];
  const dy = tip[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const length = 9;
  const half = 4.5;
  const bx = tip[0] - ux * length;
  const by = tip[1] - uy * length;
  const points = [
    [tip[0], tip[1]],
    [bx - uy * half, by + ux * half],
    [bx + uy * half, by - ux * half],
  ]
    .map(([px, py]) => `${round(px ?? 0)},${round(py ?? 0)}`)
    .join(" ");
  return { points, base: [bx, by] };
}

/** A straight or elbowed connector with an arrowhead at its end. */
function Arrow(props: { points: readonly Point[]; dashed?: boolean; brand?: boolean }) {
  const line = props.brand ? "stroke-[#3d9ae8]" : "stroke-slate-500 dark:stroke-slate-400";
  const fill = props.brand ? "fill-[#3d9ae8]" : "fill-slate-500 dark:fill-slate-400";
  const color = props.brand ? "#3d9ae8" : "#64748b";
  const pts = props.points.map((p) => [p[0], p[1]] as Point);
  const n = pts.length;
  if (n < 2) return null;
  const end = head(pts[n - 2] as Point, pts[n - 1] as Point);
  pts[n - 1] = end.base;
  return (
    <g>
      <polyline
        points={pts.map((p) => `${round(p[0])},${round(p[1])}`).join(" ")}
        fill="none"
        className={line}
        stroke={color}
        strokeWidth={1.75}
        strokeLinejoin="round"
        strokeDasharray={props.dashed ? "5 4" : undefined}
      />
      <polygon points={end.points} className={fill} fill={color} />
    </g>
  );
}

function chipWidth(kind: ChipKind): number {
  return Math.round(CHIP_STYLE[kind].label.length * 8.6 + 14);
}

/** A status chip whose top-left corner is at (x, y). */
function Chip(props: { x: number; y: number; kind: ChipKind }) {
  const style = CHIP_STYLE[props.kind];
  const w = chipWidth(props.kind);
  return (
    <g>
      <rect
        x={props.x}
        y={props.y}
        width={w}
        height={20}
        rx={10}
        className={style.box}
        fill={style.fill}
        stroke={style.stroke}
        strokeWidth={1}
      />
      <text
        x={props.x + w / 2}
        y={props.y + 14.5}
        fontSize={13}
        fontWeight={700}
        textAnchor="middle"
        className={style.text}
        fill={style.color}
      >
        {style.label}
      </text>
    </g>
  );
}

function Badge(props: { cx: number; cy: number; label: string; size: number }) {
  return (
    <g>
      <circle
        cx={props.cx}
        cy={props.cy}
        r={12}
        className="fill-sky-100 stroke-[#3d9ae8] dark:fill-sky-900"
        fill="#e0f2fe"
        stroke="#3d9ae8"
        strokeWidth={1.5}
      />
      <text
        x={props.cx}
        y={props.cy + props.size * 0.36}
        fontSize={props.size}
        fontWeight={700}
        textAnchor="middle"
        className="fill-sky-900 dark:fill-sky-100"
        fill="#0c4a6e"
      >
        {props.label}
      </text>
    </g>
  );
}

interface Line {
  text: string;
  mono?: boolean;
}

interface Step {
  badge: string;
  title: string;
  tone: BoxTone;
  wide: Line[];
  tall: Line[];
  chips?: ChipKind[];
}

const t = (text: string): Line => ({ text });
const m = (text: string): Line => ({ text, mono: true });

/* Steps 1 to 9 in order, then the scheduled people clustering. */
const STEPS: Step[] = [
  {
    badge: "1",
    title: "Upload",
    tone: "api",
    wide: [m("POST /v1/mediaItems"), t("file → /storage/<id>"), t("SHA-256 hash saved")],
    tall: [t("POST /v1/mediaItems, one file, multipart"), t("file → /storage/<id>, SHA-256 hash saved")],
    chips: ["processing"],
  },
  {
    badge: "2",
    title: "Hand-off",
    tone: "api",
    wide: [t("API → worker (async)"), m("MediaItemProcess"), t("replies ok at once")],
    tall: [t("async gRPC call MediaItemProcess;"), t("the worker replies ok, then works on")],
  },
  {
    badge: "3",
    title: "Metadata",
    tone: "worker",
    wide: [t("ExifTool metadata"), t("preview, thumbnail,"), t("8 px placeholder")],
    tall: [t("ExifTool metadata; preview, thumbnail"), t("and 8 px placeholder; files to storage")],
    chips: ["ready", "failed"],
  },
  {
    badge: "4",
    title: "Places",
    tone: "worker",
    wide: [t("GPS → Nominatim"), t("reverse geocoding"), t("postcode … country")],
    tall: [t("GPS → OpenStreetMap Nominatim"), t("postcode, town, city, state, country")],
  },
  {
    badge: "5",
    title: "Things",
    tone: "worker",
    wide: [t("EfficientNet V2-S"), t("photos, top-1 label"), t("→ thing + keyword")],
    tall: [t("EfficientNet V2-S on photo previews"), t("top label → a thing and a keyword")],
  },
  {
    badge: "6",
    title: "OCR",
    tone: "worker",
    wide: [t("RapidOCR running"), t("PP-OCRv3 (ONNX)"), t("words → keywords")],
    tall: [t("RapidOCR with PP-OCRv3 models (ONNX)"), t("words found → keywords")],
  },
  {
    badge: "7",
    title: "Faces",
    tone: "worker",
    wide: [t("MTCNN detection"), t("InceptionResnetV1"), t("512-d face vectors")],
    tall: [t("MTCNN finds faces on photo previews;"), t("InceptionResnetV1: 512-d face vectors")],
  },
  {
    badge: "8",
    title: "Embeddings",
    tone: "worker",
    wide: [t("CLIP ViT-B/32"), t("preview + keywords"), t("512-d, for search")],
    tall: [t("CLIP ViT-B/32 search embeddings, 512-d,"), t("of the preview and of the keywords")],
  },
  {
    badge: "9",
    title: "Finalize",
    tone: "worker",
    wide: [t("keywords and search embeddings go to the API"), m("SaveMediaItemFinalResult"), t("the API writes them to the database")],
    tall: [t("keywords + embeddings → the API"), m("SaveMediaItemFinalResult")],
  },
];

const CLUSTERING = {
  badge: "↻",
  title: "People clustering (scheduled)",
  wide: [
    t("every minute, per user: Annoy index over faces"),
    t("of READY items; a new face joins the nearest"),
    t("person, or starts a new one"),
    m("SaveMediaItemPeople"),
  ],
  tall: [t("every minute, per user, with Annoy:"), t("a new face joins the nearest person"), t("or starts a new one"), m("SaveMediaItemPeople")],
};

const DESCRIPTION =
  "1. Upload: the client sends one file to POST /v1/mediaItems as multipart form data; the API creates the item with status PROCESSING, " +
  "writes the file to /storage/<id> and saves its SHA-256 hash. " +
  "2. The API calls the worker's MediaItemProcess over gRPC without waiting; the worker replies at once and works in the background. " +
  "3. Metadata: ExifTool metadata, preview, thumbnail and placeholder; the item becomes READY, or FAILED if this step fails. " +
  "4. Places: reverse geocoding of GPS coordinates with OpenStreetMap Nominatim. " +
  "5. Things: EfficientNet V2-S classification. 6. OCR: RapidOCR; words become keywords. " +
  "7. Faces: MTCNN detection and InceptionResnetV1 embeddings. 8. Search embeddings with CLIP ViT-B/32. " +
  "9. Finalize: keywords and embeddings are saved through the API's gRPC service (SaveMediaItemFinalResult). " +
  "Steps 4 to 8 run only when switched on. Separately, every minute the worker clusters new faces into people (SaveMediaItemPeople).";

function StepBox(props: {
  x: number;
  y: number;
  w: number;
  h: number;
  step: { badge: string; title: string; tone: BoxTone; chips?: ChipKind[] };
  lines: Line[];
  titleSize: number;
  lineSize: number;
  lineStart: number;
  lineGap: number;
  chipsAt: "bottom" | "right";
}) {
  const { x, y, w, h, step } = props;
  const chips = step.chips ?? [];
  let chipNodes: ReactNode = null;
  if (chips.length > 0) {
    const widths = chips.map(chipWidth);
    const orWidth = chips.length > 1 ? 22 : 0;
    const total = widths.reduce((a, b) => a + b, 0) + orWidth;
    let cx = props.chipsAt === "bottom" ? x + 14 : x + w - 12 - total;
    const cy = props.chipsAt === "bottom" ? y + h - 30 : y + 16;
    const nodes: ReactNode[] = [];
    chips.forEach((kind, i) => {
      if (i > 0) {
        nodes.push(
          <Label key={`or-${kind}`} x={cx + 11} y={cy + 14.5} size={13} tone="muted" anchor="middle">
            or
          </Label>,
        );
        cx += orWidth;
      }
      nodes.push(<Chip key={kind} x={cx} y={cy} kind={kind} />);
      cx += widths[i] ?? 0;
    });
    chipNodes = nodes;
  }
  return (
    <g>
      <Box x={x} y={y} w={w} h={h} tone={step.tone} />
      <Badge cx={x + 24} cy={y + 26} label={step.badge} size={13} />
      <Label x={x + 44} y={y + 26 + props.titleSize * 0.36} size={props.titleSize} bold>
        {step.title}
      </Label>
      {props.lines.map((line, i) => (
        <Label
          key={line.text}
          x={x + 16}
          y={y + props.lineStart + i * props.lineGap}
          size={props.lineSize}
          mono={line.mono}
          tone={line.mono ? "accent" : "main"}
        >
          {line.text}
        </Label>
      ))}
      {chipNodes}
    </g>
  );
}

function LegendItem(props: { x: number; y: number; tone: BoxTone; text: string; size: number }) {
  return (
    <g>
      <Box x={props.x} y={props.y - 11} w={22} h={14} r={4} tone={props.tone} />
      <Label x={props.x + 30} y={props.y} size={props.size} tone="muted">
        {props.text}
      </Label>
    </g>
  );
}

function WideLayout(props: { titleId: string; descId: string }) {
  const cols = [4, 210, 416, 622];
  const rows = [16, 204, 392];
  const w = 172;
  const h = 128;
  const mid = 64;
  const grid: { step: Step; x: number; y: number }[] = STEPS.slice(0, 8).map((step, i) => ({
    step,
    x: cols[i % 4] ?? 0,
    y: rows[Math.floor(i / 4)] ?? 0,
  }));
  const finalize = STEPS[8] as Step;
  const row1 = rows[0] ?? 0;
  const row2 = rows[1] ?? 0;
  const row3 = rows[2] ?? 0;
  return (
    <svg
      role="img"
      aria-labelledby={`${props.titleId} ${props.descId}`}
      viewBox="0 0 800 612"
      width="100%"
      preserveAspectRatio="xMidYMid meet"
      className="hidden h-auto w-full md:block"
    >
      <title id={props.titleId}>Upload-to-ready processing pipeline</title>
      <desc id={props.descId}>{DESCRIPTION}</desc>

      {/* Arrows inside rows 1 and 2 */}
      {[row1, row2].map((ry) =>
        [0, 1, 2].map((c) => (
          <Arrow
            key={`${ry}-${c}`}
            points={[
              [(cols[c] ?? 0) + w, ry + mid],
              [cols[c + 1] ?? 0, ry + mid],
            ]}
          />
        )),
      )}
      {/* Row 1 wraps to row 2 */}
      <Arrow
        points={[
          [(cols[3] ?? 0) + w / 2, row1 + h],
          [(cols[3] ?? 0) + w / 2, row1 + h + 30],
          [(cols[0] ?? 0) + w / 2, row1 + h + 30],
          [(cols[0] ?? 0) + w / 2, row2],
        ]}
      />
      {/* Step 8 to finalize */}
      <Arrow
        points={[
          [(cols[3] ?? 0) + w / 2, row2 + h],
          [(cols[3] ?? 0) + w / 2, row3],
        ]}
      />
      {/* Faces feed the scheduled clustering */}
      <Arrow
        dashed
        brand
        points={[
          [(cols[2] ?? 0) + 54, row2 + h],
          [(cols[2] ?? 0) + 54, row2 + h + 30],
          [300, row2 + h + 30],
          [300, row3],
        ]}
      />
      <Label x={386} y={row2 + h + 24} size={13} tone="accent" anchor="middle">
        faces, clustered later
      </Label>

      {grid.map(({ step, x, y }) => (
        <StepBox
          key={step.badge}
          x={x}
          y={y}
          w={w}
          h={h}
          step={step}
          lines={step.wide}
          titleSize={15}
          lineSize={13}
          lineStart={56}
          lineGap={18}
          chipsAt="bottom"
        />
      ))}

      <StepBox
        x={cols[2] ?? 0}
        y={row3}
        w={378}
        h={h}
        step={finalize}
        lines={finalize.wide}
        titleSize={15}
        lineSize={13}
        lineStart={58}
        lineGap={20}
        chipsAt="bottom"
      />
      <StepBox
        x={cols[0] ?? 0}
        y={row3}
        w={378}
        h={h}
        step={{ badge: CLUSTERING.badge, title: CLUSTERING.title, tone: "scheduled" }}
        lines={CLUSTERING.wide}
        titleSize={15}
        lineSize={13}
        lineStart={58}
        lineGap={19}
        chipsAt="bottom"
      />

      <LegendItem x={4} y={552} tone="api" text="runs in the API" size={13} />
      <LegendItem x={170} y={552} tone="worker" text="runs in the worker" size={13} />
      <LegendItem x={360} y={552} tone="scheduled" text="scheduled in the worker, not per upload" size={13} />
      <Label x={4} y={580} size={13} tone="muted">
        Steps 4 to 8 run only when switched on (SMRITI_ML_* settings on the API); steps 1 to 3 always run.
      </Label>
      <Label x={4} y={598} size={13} tone="muted">
        The worker saves every result through the API&apos;s gRPC service; it never writes to the database itself.
      </Label>
    </svg>
  );
}

function TallLayout(props: { titleId: string; descId: string }) {
  const x = 8;
  const w = 318;
  const h = 86;
  const gap = 30;
  const top = 8;
  const ys = STEPS.map((_, i) => top + i * (h + gap));
  const lastY = ys[ys.length - 1] ?? 0;
  const clusterY = lastY + h + 36;
  const clusterH = 132;
  const facesY = ys[6] ?? 0;
  const legendY = clusterY + clusterH + 34;
  const height = legendY + 100;
  return (
    <svg
      role="img"
      aria-labelledby={`${props.titleId} ${props.descId}`}
      viewBox={`0 0 360 ${height}`}
      width="100%"
      preserveAspectRatio="xMidYMid meet"
      className="mx-auto block h-auto w-full max-w-md md:hidden"
    >
      <title id={props.titleId}>Upload-to-ready processing pipeline</title>
      <desc id={props.descId}>{DESCRIPTION}</desc>

      {ys.slice(0, -1).map((y) => (
        <Arrow
          key={`arrow-${y}`}
          points={[
            [x + w / 2, y + h],
            [x + w / 2, y + h + gap],
          ]}
        />
      ))}
      {/* Faces feed the scheduled clustering, along the right gutter */}
      <Arrow
        dashed
        brand
        points={[
          [x + w, facesY + h / 2],
          [346, facesY + h / 2],
          [346, clusterY + clusterH / 2],
          [x + w, clusterY + clusterH / 2],
        ]}
      />

      {STEPS.map((step, i) => (
        <StepBox
          key={step.badge}
          x={x}
          y={ys[i] ?? 0}
          w={w}
          h={h}
          step={step}
          lines={step.tall}
          titleSize={15}
          lineSize={13}
          lineStart={57}
          lineGap={18}
          chipsAt="right"
        />
      ))}

      <StepBox
        x={x}
        y={clusterY}
        w={w}
        h={clusterH}
        step={{ badge: CLUSTERING.badge, title: "People clustering", tone: "scheduled" }}
        lines={CLUSTERING.tall}
        titleSize={15}
        lineSize={13}
        lineStart={57}
        lineGap={19}
        chipsAt="right"
      />

      <LegendItem x={12} y={legendY} tone="api" text="runs in the API" size={13} />
      <LegendItem x={12} y={legendY + 24} tone="worker" text="runs in the worker" size={13} />
      <LegendItem x={12} y={legendY + 48} tone="scheduled" text="scheduled, not per upload" size={13} />
      <Label x={12} y={legendY + 76} size={13} tone="muted">
        Steps 4 to 8 run only when switched on.
      </Label>
    </svg>
  );
}

export interface ProcessingPipelineDiagramProps {
  /** Extra classes for the wrapping element (spacing, maximum width). */
  className?: string;
  /** Prefix for the SVG element ids; change it when the diagram appears twice on one page. */
  idPrefix?: string;
}

/** What happens to a photo or video between upload and READY, step by step. */
export function ProcessingPipelineDiagram({ className, idPrefix = "pipeline-diagram" }: ProcessingPipelineDiagramProps) {
  return (
    <div className={["not-prose my-6", className].filter(Boolean).join(" ")}>
      <WideLayout titleId={`${idPrefix}-wide-title`} descId={`${idPrefix}-wide-desc`} />
      <TallLayout titleId={`${idPrefix}-tall-title`} descId={`${idPrefix}-tall-desc`} />
    </div>
  );
}

export default ProcessingPipelineDiagram;
