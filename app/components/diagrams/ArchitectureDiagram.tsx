import type { ReactNode } from "react";

/*
 * Architecture of Smriti, drawn by us from the product facts (§1).
 * Pure presentational component: no state, no effects, no hooks.
 *
 * Two layouts are rendered and one is hidden with CSS:
 * - a wide one (viewBox 800 x 700) from the `md` breakpoint up;
 * - a tall one (viewBox 360 x 878) on narrow screens, so labels stay
 *   at least 12 px on a 390 px phone.
 * Colours come from Tailwind classes (light and `dark:` variants); the
 * presentation attributes next to them are only a fallback without CSS.
 */

type BoxTone = "primary" | "neutral" | "external" | "step";
type TextTone = "main" | "muted" | "accent";

const BOX_STYLE: Record<BoxTone, { className: string; fill: string; stroke: string; dashed: boolean }> = {
  primary: {
    className: "fill-sky-50 stroke-[#3d9ae8] dark:fill-sky-950 dark:stroke-[#3d9ae8]",
    fill: "#f0f9ff",
    stroke: "#3d9ae8",
    dashed: false,
  },
  neutral: {
    className: "fill-white stroke-slate-300 dark:fill-slate-900 dark:stroke-slate-600",
    fill: "#ffffff",
    stroke: "#cbd5e1",
    dashed: false,
  },
  external: {
    className: "fill-slate-50 stroke-slate-400 dark:fill-slate-950 dark:stroke-slate-500",
    fill: "#f8fafc",
    stroke: "#94a3b8",
    dashed: true,
  },
  step: {
    className: "fill-white stroke-sky-300 dark:fill-slate-900 dark:stroke-sky-700",
    fill: "#ffffff",
    stroke: "#7dd3fc",
    dashed: false,
  },
};

const TEXT_STYLE: Record<TextTone, { className: string; fill: string }> = {
  main: { className: "fill-slate-900 dark:fill-slate-100", fill: "#0f172a" },
  muted: { className: "fill-slate-600 dark:fill-slate-400", fill: "#475569" },
  accent: { className: "fill-sky-700 dark:fill-sky-300", fill: "#0369a1" },
};

const LINE_STYLE = {
  plain: { className: "stroke-slate-500 dark:stroke-slate-400", head: "fill-slate-500 dark:fill-slate-400", color: "#64748b" },
  brand: { className: "stroke-[#3d9ae8]", head: "fill-[#3d9ae8]", color: "#3d9ae8" },
} as const;

type LineTone = keyof typeof LINE_STYLE;
type Point = readonly [number, number];

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
      textAnchor={props.anchor ?? "middle"}
      className={props.mono ? `font-mono ${tone.className}` : tone.className}
      fill={tone.fill}
    >
      {props.children}
    </text>
  );
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** An arrowhead whose tip is at `tip`, pointing away from `from`. Returns the head polygon and the point where the line should stop. */
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

/** A straight or elbowed connector with an arrowhead at the end (and at the start when `both`). */
function Arrow(props: { points: readonly Point[]; both?: boolean; tone?: LineTone; dashed?: boolean }) {
  const style = LINE_STYLE[props.tone ?? "plain"];
  const pts = props.points.map((p) => [p[0], p[1]] as Point);
  const n = pts.length;
  if (n < 2) return null;
  const last = pts[n - 1] as Point;
  const beforeLast = pts[n - 2] as Point;
  const end = head(beforeLast, last);
  pts[n - 1] = end.base;
  let start: { points: string; base: Point } | null = null;
  if (props.both) {
    const first = pts[0] as Point;
    const second = props.points[1] as Point;
    start = head(second, first);
    pts[0] = start.base;
  }
  return (
    <g>
      <polyline
        points={pts.map((p) => `${round(p[0])},${round(p[1])}`).join(" ")}
        fill="none"
        className={style.className}
        stroke={style.color}
        strokeWidth={1.75}
        strokeLinejoin="round"
        strokeDasharray={props.dashed ? "5 4" : undefined}
      />
      <polygon points={end.points} className={style.head} fill={style.color} />
      {start ? <polygon points={start.points} className={style.head} fill={style.color} /> : null}
    </g>
  );
}

function Pill(props: { x: number; y: number; w: number; label: string; size: number }) {
  return (
    <g>
      <rect
        x={props.x}
        y={props.y}
        width={props.w}
        height={26}
        rx={13}
        className="fill-sky-100 stroke-sky-300 dark:fill-sky-900 dark:stroke-sky-700"
        fill="#e0f2fe"
        stroke="#7dd3fc"
        strokeWidth={1}
      />
      <Label x={props.x + props.w / 2} y={props.y + 17.5} size={props.size}>
        {props.label}
      </Label>
    </g>
  );
}

const WORKER_STEPS = [
  "Metadata",
  "Previews & thumbnails",
  "Places",
  "Things",
  "OCR",
  "Faces & people",
  "Search embeddings",
] as const;

const DESCRIPTION =
  "Web and mobile apps, which are not part of the repository, call the API server (Go) with REST and JSON on port 5001. " +
  "The API server talks to PostgreSQL with pgvector on port 5432, to a cache (in-memory or Redis on port 6379) " +
  "and to file storage (local disk or MinIO on port 9000). " +
  "The API server and the worker (Python) talk over plaintext gRPC in both directions: the API calls the worker's service on port 15002 " +
  "(MediaItemProcess, GenerateEmbedding) and the worker calls the API's service on port 15001 (GetWorkerConfig, GetUsers, " +
  "GetMediaItemFaceEmbeddings and the SaveMediaItem methods). " +
  "The worker runs metadata, previews and thumbnails, places, things, OCR, faces and people, and search embeddings; " +
  "it asks OpenStreetMap Nominatim on the internet for places, reads ML models from the /models folder " +
  "and reads uploads from the /storage volume it shares with the API.";

function Legend(props: { x: number; y: number; vertical: boolean; size: number }) {
  const items: { swatch: ReactNode; text: string }[] = [
    { swatch: <Box x={0} y={-11} w={22} h={14} r={4} tone="primary" />, text: "Smriti code" },
    { swatch: <Box x={0} y={-11} w={22} h={14} r={4} tone="neutral" />, text: "services and volumes you run" },
    { swatch: <Box x={0} y={-11} w={22} h={14} r={4} tone="external" />, text: "outside your deployment" },
    { swatch: <Arrow points={[[0, -4], [22, -4]]} tone="brand" />, text: "gRPC, plaintext" },
  ];
  const offsetsWide = [0, 130, 370, 570];
  return (
    <g>
      {items.map((item, i) => {
        const dx = props.vertical ? 0 : (offsetsWide[i] ?? 0);
        const dy = props.vertical ? i * 24 : 0;
        return (
          <g key={item.text} transform={`translate(${props.x + dx} ${props.y + dy})`}>
            {item.swatch}
            <Label x={30} y={0} size={props.size} tone="muted" anchor="start">
              {item.text}
            </Label>
          </g>
        );
      })}
    </g>
  );
}

function WideLayout(props: { titleId: string; descId: string }) {
  return (
    <svg
      role="img"
      aria-labelledby={`${props.titleId} ${props.descId}`}
      viewBox="0 0 800 700"
      width="100%"
      preserveAspectRatio="xMidYMid meet"
      className="hidden h-auto w-full md:block"
    >
      <title id={props.titleId}>Smriti architecture</title>
      <desc id={props.descId}>{DESCRIPTION}</desc>

      {/* Clients */}
      <Box x={12} y={74} w={168} h={100} tone="external" />
      <Label x={96} y={106} size={15} bold>
        Clients
      </Label>
      <Label x={96} y={128}>
        web and mobile apps
      </Label>
      <Label x={96} y={150} size={13} tone="muted">
        not part of this repo
      </Label>

      {/* Clients -> API */}
      <Arrow points={[[180, 124], [276, 124]]} />
      <Label x={228} y={114} size={13} tone="accent" bold>
        REST / JSON
      </Label>
      <Label x={228} y={142} size={13} tone="muted" mono>
        :5001
      </Label>

      {/* API server */}
      <Box x={276} y={20} w={208} h={208} tone="primary" />
      <Label x={380} y={62} size={17} bold>
        API server
      </Label>
      <Label x={380} y={84}>
        Go 1.22 · Echo · GORM
      </Label>
      <Label x={380} y={124} size={13} tone="muted">
        HTTP
      </Label>
      <Label x={380} y={142} size={13} mono>
        :5001
      </Label>
      <Label x={380} y={168} size={13} tone="muted">
        gRPC
      </Label>
      <Label x={380} y={186} size={13} mono>
        :15001
      </Label>
      <Label x={380} y={212} size={13} tone="muted">
        owns the database
      </Label>

      {/* Data stores */}
      <Box x={584} y={20} w={204} h={60} tone="neutral" />
      <Label x={686} y={45} size={14} bold>
        PostgreSQL + pgvector
      </Label>
      <Label x={686} y={66} size={13} tone="muted">
        :5432 · metadata, vectors
      </Label>

      <Box x={584} y={94} w={204} h={60} tone="neutral" />
      <Label x={686} y={119} size={14} bold>
        Cache
      </Label>
      <Label x={686} y={140} size={13} tone="muted">
        in-memory or Redis :6379
      </Label>

      <Box x={584} y={168} w={204} h={60} tone="neutral" />
      <Label x={686} y={193} size={14} bold>
        File storage
      </Label>
      <Label x={686} y={214} size={13} tone="muted">
        disk or MinIO :9000
      </Label>

      <Arrow points={[[484, 50], [584, 50]]} both />
      <Label x={534} y={42} size={13} tone="muted">
        SQL
      </Label>
      <Arrow points={[[484, 124], [584, 124]]} both />
      <Label x={534} y={116} size={13} tone="muted">
        tokens, URLs
      </Label>
      <Arrow points={[[484, 198], [584, 198]]} both />
      <Label x={534} y={190} size={13} tone="muted">
        files
      </Label>

      {/* gRPC, both directions */}
      <Arrow points={[[340, 228], [340, 330]]} tone="brand" />
      <Label x={330} y={262} size={13} tone="accent" bold anchor="end">
        gRPC to the worker :15002
      </Label>
      <Label x={330} y={281} size={13} tone="muted" anchor="end" mono>
        MediaItemProcess
      </Label>
      <Label x={330} y={298} size={13} tone="muted" anchor="end" mono>
        GenerateEmbedding
      </Label>

      <Arrow points={[[420, 330], [420, 228]]} tone="brand" />
      <Label x={430} y={262} size={13} tone="accent" bold anchor="start">
        gRPC to the API :15001
      </Label>
      <Label x={430} y={281} size={13} tone="muted" anchor="start" mono>
        GetWorkerConfig, GetUsers,
      </Label>
      <Label x={430} y={298} size={13} tone="muted" anchor="start" mono>
        GetMediaItemFaceEmbeddings, Save…
      </Label>

      {/* Worker */}
      <Box x={168} y={330} w={416} h={210} tone="primary" />
      <Label x={376} y={358} size={17} bold>
        Worker
      </Label>
      <Label x={376} y={379}>
        Python 3.12 · asyncio gRPC · PyTorch
      </Label>
      <Label x={376} y={398} size={13} tone="muted">
        serves gRPC :15002 · metrics :5002
      </Label>
      {WORKER_STEPS.map((step, i) => {
        const lastAlone = i === WORKER_STEPS.length - 1 && WORKER_STEPS.length % 2 === 1;
        const col = i % 2;
        const row = Math.floor(i / 2);
        return (
          <Pill
            key={step}
            x={lastAlone ? 184 : 184 + col * 198}
            y={412 + row * 31}
            w={lastAlone ? 384 : 186}
            label={step}
            size={13}
          />
        );
      })}

      {/* Worker -> Nominatim */}
      <Box x={636} y={392} w={152} h={84} tone="external" />
      <Label x={712} y={420} size={14} bold>
        Nominatim
      </Label>
      <Label x={712} y={439} size={13}>
        OpenStreetMap
      </Label>
      <Label x={712} y={460} size={13} tone="muted">
        on the internet
      </Label>
      <Arrow points={[[584, 434], [636, 434]]} />
      <Label x={610} y={426} size={13} tone="muted">
        places
      </Label>

      {/* Worker -> /models and /storage */}
      <Arrow points={[[276, 540], [276, 588]]} />
      <Label x={284} y={569} size={13} tone="muted" anchor="start">
        reads
      </Label>
      <Arrow points={[[476, 540], [476, 588]]} />
      <Label x={484} y={569} size={13} tone="muted" anchor="start">
        reads
      </Label>
      <Box x={184} y={588} w={184} h={58} tone="neutral" />
      <Label x={276} y={612} size={14} bold mono>
        /models
      </Label>
      <Label x={276} y={632} size={13} tone="muted">
        ML model files
      </Label>
      <Box x={384} y={588} w={184} h={58} tone="neutral" />
      <Label x={476} y={612} size={14} bold mono>
        /storage
      </Label>
      <Label x={476} y={632} size={13} tone="muted">
        shared with the API
      </Label>

      <Legend x={12} y={686} vertical={false} size={13} />
    </svg>
  );
}

function TallLayout(props: { titleId: string; descId: string }) {
  const stores = [
    { x: 8, lines: ["PostgreSQL", "16 with", "pgvector"], port: ":5432" },
    { x: 132, lines: ["Cache", "in-memory", "or Redis"], port: ":6379" },
    { x: 256, lines: ["Storage", "disk or", "MinIO"], port: ":9000" },
  ];
  const below = [
    { x: 8, w: 124, title: "Nominatim", lines: ["OpenStreetMap", "internet"], arrow: "places", mono: false, tone: "external" as const },
    { x: 142, w: 96, title: "/models", lines: ["ML model", "files"], arrow: "reads", mono: true, tone: "neutral" as const },
    { x: 248, w: 104, title: "/storage", lines: ["shared with", "the API"], arrow: "reads", mono: true, tone: "neutral" as const },
  ];
  return (
    <svg
      role="img"
      aria-labelledby={`${props.titleId} ${props.descId}`}
      viewBox="0 0 360 878"
      width="100%"
      preserveAspectRatio="xMidYMid meet"
      className="mx-auto block h-auto w-full max-w-md md:hidden"
    >
      <title id={props.titleId}>Smriti architecture</title>
      <desc id={props.descId}>{DESCRIPTION}</desc>

      {/* Clients */}
      <Box x={40} y={8} w={280} h={76} tone="external" />
      <Label x={180} y={33} size={15} bold>
        Clients
      </Label>
      <Label x={180} y={53}>
        web and mobile apps
      </Label>
      <Label x={180} y={72} tone="muted">
        not part of this repo
      </Label>

      <Arrow points={[[180, 84], [180, 128]]} />
      <Label x={190} y={111} tone="accent" bold anchor="start">
        REST / JSON
      </Label>
      <Label x={290} y={111} tone="muted" anchor="start" mono>
        :5001
      </Label>

      {/* API server */}
      <Box x={8} y={128} w={344} h={92} tone="primary" />
      <Label x={180} y={156} size={17} bold>
        API server
      </Label>
      <Label x={180} y={178}>
        Go 1.22 · Echo · GORM
      </Label>
      <Label x={180} y={200} tone="muted">
        HTTP :5001 · gRPC :15001
      </Label>

      {/* Data stores */}
      {stores.map((s) => (
        <g key={s.port}>
          <Arrow points={[[s.x + 48, 220], [s.x + 48, 266]]} both />
          <Box x={s.x} y={266} w={96} h={90} tone="neutral" />
          {s.lines.map((line, i) => (
            <Label key={line} x={s.x + 48} y={289 + i * 18} bold={i === 0}>
              {line}
            </Label>
          ))}
          <Label x={s.x + 48} y={345} tone="muted" mono>
            {s.port}
          </Label>
        </g>
      ))}

      {/* gRPC, both directions, through the gaps between the stores */}
      <Arrow points={[[118, 220], [118, 424]]} tone="brand" />
      <Arrow points={[[242, 424], [242, 220]]} tone="brand" />
      <Label x={110} y={382} tone="accent" bold anchor="end">
        gRPC
      </Label>
      <Label x={110} y={400} tone="muted" anchor="end" mono>
        :15002
      </Label>
      <Label x={180} y={382} tone="muted">
        plaintext,
      </Label>
      <Label x={180} y={400} tone="muted">
        both ways
      </Label>
      <Label x={250} y={382} tone="accent" bold anchor="start">
        gRPC
      </Label>
      <Label x={250} y={400} tone="muted" anchor="start" mono>
        :15001
      </Label>

      {/* Worker */}
      <Box x={8} y={424} w={344} h={216} tone="primary" />
      <Label x={180} y={451} size={17} bold>
        Worker
      </Label>
      <Label x={180} y={471}>
        Python 3.12 · PyTorch
      </Label>
      <Label x={180} y={490} tone="muted">
        gRPC :15002 · metrics :5002
      </Label>
      {WORKER_STEPS.map((step, i) => {
        const lastAlone = i === WORKER_STEPS.length - 1 && WORKER_STEPS.length % 2 === 1;
        const col = i % 2;
        const row = Math.floor(i / 2);
        return (
          <Pill
            key={step}
            x={lastAlone ? 18 : col === 0 ? 18 : 156}
            y={502 + row * 32}
            w={lastAlone ? 324 : col === 0 ? 130 : 186}
            label={step}
            size={13}
          />
        );
      })}

      {/* Below the worker */}
      {below.map((b) => (
        <g key={b.title}>
          <Arrow points={[[b.x + b.w / 2, 640], [b.x + b.w / 2, 690]]} />
          <Label x={b.x + b.w / 2 + 8} y={670} tone="muted" anchor="start">
            {b.arrow}
          </Label>
          <Box x={b.x} y={690} w={b.w} h={76} tone={b.tone} />
          <Label x={b.x + b.w / 2} y={714} size={14} bold mono={b.mono}>
            {b.title}
          </Label>
          {b.lines.map((line, i) => (
            <Label key={line} x={b.x + b.w / 2} y={734 + i * 18} tone={i === 0 ? "main" : "muted"}>
              {line}
            </Label>
          ))}
        </g>
      ))}

      <Legend x={12} y={800} vertical size={13} />
    </svg>
  );
}

export interface ArchitectureDiagramProps {
  /** Extra classes for the wrapping element (spacing, maximum width). */
  className?: string;
  /** Prefix for the SVG element ids; change it when the diagram appears twice on one page. */
  idPrefix?: string;
}

/** Smriti's components and how they talk: clients, API, worker, database, cache, storage. */
export function ArchitectureDiagram({ className, idPrefix = "architecture-diagram" }: ArchitectureDiagramProps) {
  return (
    <div className={["not-prose my-6", className].filter(Boolean).join(" ")}>
      <WideLayout titleId={`${idPrefix}-wide-title`} descId={`${idPrefix}-wide-desc`} />
      <TallLayout titleId={`${idPrefix}-tall-title`} descId={`${idPrefix}-tall-desc`} />
    </div>
  );
}

export default ArchitectureDiagram;
