import type { ReactNode } from "react";
import { brandColors } from "~/site.config";

/*
 * The building blocks both diagrams draw with. They keep the markup lean,
 * because the diagrams are sent in the HTML of every page that shows them:
 * shapes of one kind share one group that carries their colours (a class for
 * each theme, presentation attributes as the fallback without CSS), lines get
 * their arrowheads from shared markers, and text carries only what differs
 * from the defaults set on the <svg> (13 px, centred, main colour).
 * The classes are defined in app/styles/app.css, section "Diagrams".
 * Static on purpose: the diagrams are rendered to HTML at build time.
 */

export type Point = readonly [number, number];
/** x, y, width, height */
export type Rect = readonly [number, number, number, number];

/** Light-theme colours, used when the stylesheet is missing; the classes win otherwise. */
const BOX_TONES = {
  primary: { fill: "#f0f9ff", stroke: brandColors.primary, width: 1.5, dashed: false },
  neutral: { fill: "#ffffff", stroke: "#cbd5e1", width: 1.5, dashed: false },
  external: { fill: "#f8fafc", stroke: "#94a3b8", width: 1.5, dashed: true },
  scheduled: { fill: "#ffffff", stroke: brandColors.primary, width: 1.5, dashed: true },
  pill: { fill: "#e0f2fe", stroke: "#7dd3fc", width: 1, dashed: false },
  processing: { fill: "#fffbeb", stroke: "#fbbf24", width: 1, dashed: false },
  ready: { fill: "#ecfdf5", stroke: "#10b981", width: 1, dashed: false },
  failed: { fill: "#fff1f2", stroke: "#fb7185", width: 1, dashed: false },
} as const;

export type BoxTone = keyof typeof BOX_TONES;

const LINE_COLOURS = { plain: "#64748b", brand: brandColors.primary } as const;
type LineTone = keyof typeof LINE_COLOURS;

const HEAD_LENGTH = 9;

const markerId = (diagramId: string, tone: LineTone) => `${diagramId}-head-${tone}`;

/**
 * One layout of a diagram: an SVG image named by its title and description,
 * with the arrowhead markers its lines use.
 */
export function DiagramSvg(props: {
  id: string;
  title: string;
  description: string;
  width: number;
  height: number;
  className: string;
  children: ReactNode;
}) {
  const { id } = props;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${props.width} ${props.height}`}
      className={`diagram h-auto w-full ${props.className}`}
      fontSize={13}
      textAnchor="middle"
      fill="#0f172a"
    >
      <title id={`${id}-title`}>{props.title}</title>
      <desc id={`${id}-desc`}>{props.description}</desc>
      <defs>
        {(Object.keys(LINE_COLOURS) as LineTone[]).map((tone) => (
          <marker
            key={tone}
            id={markerId(id, tone)}
            viewBox={`0 0 ${HEAD_LENGTH} ${HEAD_LENGTH}`}
            refY={HEAD_LENGTH / 2}
            markerWidth={HEAD_LENGTH}
            markerHeight={HEAD_LENGTH}
            markerUnits="userSpaceOnUse"
            orient="auto-start-reverse"
          >
            <path d="M0 0L9 4.5L0 9z" className={`diagram-head-${tone}`} fill={LINE_COLOURS[tone]} />
          </marker>
        ))}
      </defs>
      {props.children}
    </svg>
  );
}

/** Rounded boxes of one tone. */
export function Boxes({ tone, rects, radius = 12 }: { tone: BoxTone; rects: readonly Rect[]; radius?: number }) {
  const style = BOX_TONES[tone];
  return (
    <g
      className={`diagram-box-${tone}`}
      fill={style.fill}
      stroke={style.stroke}
      strokeWidth={style.width}
      strokeDasharray={style.dashed ? "6 4" : undefined}
    >
      {rects.map(([x, y, width, height]) => (
        <rect key={`${x},${y}`} x={x} y={y} width={width} height={height} rx={radius} />
      ))}
    </g>
  );
}

/** Numbered circles, e.g. the step numbers of a pipeline. */
export function Badges({
  badges,
  radius = 12,
}: {
  badges: readonly { cx: number; cy: number; label: string }[];
  radius?: number;
}) {
  return (
    <>
      <g className="diagram-badge" fill="#e0f2fe" stroke={brandColors.primary} strokeWidth={1.5}>
        {badges.map((badge) => (
          <circle key={`${badge.cx},${badge.cy}`} cx={badge.cx} cy={badge.cy} r={radius} />
        ))}
      </g>
      <g className="diagram-badge-text bold">
        {badges.map((badge) => (
          <text key={`${badge.cx},${badge.cy}`} x={badge.cx} y={badge.cy + 4.7}>
            {badge.label}
          </text>
        ))}
      </g>
    </>
  );
}

function moveTowards(from: Point, to: Point, distance: number): Point {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy) || 1;
  return [round(from[0] + (dx / length) * distance), round(from[1] + (dy / length) * distance)];
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The path data of a connector through `points`, shortened at its end (and
 * at its start when `both`) by the arrowhead's length, so the head's tip
 * lands on the point. Straight segments use the short H and V commands.
 */
export function arrowPath(points: readonly Point[], both = false): string {
  const pts = [...points];
  const n = pts.length;
  if (n < 2) return "";
  pts[n - 1] = moveTowards(pts[n - 1] as Point, pts[n - 2] as Point, HEAD_LENGTH);
  if (both) pts[0] = moveTowards(pts[0] as Point, pts[1] as Point, HEAD_LENGTH);
  let d = `M${pts[0]?.[0]} ${pts[0]?.[1]}`;
  for (let i = 1; i < n; i++) {
    const [x, y] = pts[i] as Point;
    const [px, py] = pts[i - 1] as Point;
    d += y === py ? `H${x}` : x === px ? `V${y}` : `L${x} ${y}`;
  }
  return d;
}

/** Connectors of one look, each with an arrowhead at its end (and at its start when `both`). */
export function Arrows(props: {
  diagramId: string;
  lines: readonly (readonly Point[])[];
  tone?: LineTone;
  both?: boolean;
  dashed?: boolean;
}) {
  const tone = props.tone ?? "plain";
  const marker = `url(#${markerId(props.diagramId, tone)})`;
  return (
    <g
      className={`diagram-line-${tone}`}
      fill="none"
      stroke={LINE_COLOURS[tone]}
      strokeWidth={1.75}
      strokeLinejoin="round"
      strokeDasharray={props.dashed ? "5 4" : undefined}
      markerEnd={marker}
      markerStart={props.both ? marker : undefined}
    >
      {props.lines.map((points) => (
        <path key={points.join(" ")} d={arrowPath(points, props.both)} />
      ))}
    </g>
  );
}

export type TextTone = "muted" | "accent";

/** A line of text; only what differs from the diagram's defaults becomes an attribute or class. */
export function Label(props: {
  x: number;
  y: number;
  children: ReactNode;
  size?: number;
  bold?: boolean;
  mono?: boolean;
  tone?: TextTone;
  anchor?: "start" | "end";
  className?: string;
}) {
  const classes = [props.tone, props.bold && "bold", props.mono && "code", props.className].filter(Boolean).join(" ");
  return (
    <text x={props.x} y={props.y} fontSize={props.size} textAnchor={props.anchor} className={classes || undefined}>
      {props.children}
    </text>
  );
}

/** A swatch of a box tone, or of the brand-coloured line, with what it stands for; `at` is the swatch's left end on the text's baseline. */
export interface LegendItem {
  swatch: BoxTone | "brand-line";
  text: string;
  at: Point;
}

export function Legend({ diagramId, items }: { diagramId: string; items: readonly LegendItem[] }) {
  return (
    <>
      {items.map(({ swatch, at: [x, y] }) =>
        swatch === "brand-line" ? (
          <Arrows
            key={swatch}
            diagramId={diagramId}
            tone="brand"
            lines={[
              [
                [x, y - 4],
                [x + 22, y - 4],
              ],
            ]}
          />
        ) : (
          <Boxes key={swatch} tone={swatch} radius={4} rects={[[x, y - 11, 22, 14]]} />
        ),
      )}
      <g className="muted" textAnchor="start">
        {items.map(({ text, at: [x, y] }) => (
          <Label key={text} x={x + 30} y={y}>
            {text}
          </Label>
        ))}
      </g>
    </>
  );
}

export interface DiagramProps {
  /** Extra classes for the wrapping element (spacing, maximum width). */
  className?: string;
  /** Prefix for the SVG element ids; change it when the diagram appears twice on one page. */
  idPrefix?: string;
}

/**
 * A diagram drawn twice: a wide layout from the `md` breakpoint up and a tall
 * one below it, so that its text stays at least 12 px on a 390 px phone. CSS
 * shows one of them; the other is display: none and out of the accessibility tree.
 */
export function ResponsiveDiagram(props: DiagramProps & { wide: ReactNode; tall: ReactNode }) {
  return (
    <div className={["not-prose my-6", props.className].filter(Boolean).join(" ")}>
      {props.wide}
      {props.tall}
    </div>
  );
}
