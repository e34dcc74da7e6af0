import type { ArchitectureData } from "./data";
import {
  Arrows,
  Boxes,
  DiagramSvg,
  Label,
  Legend,
  ResponsiveDiagram,
  type DiagramProps,
  type LegendItem,
  type Point,
  type Rect,
} from "./primitives";

/*
 * The server's components and how they talk, drawn by us from the product
 * facts (§1): a wide layout (800 × 700) and a tall one (360 × 878). The
 * labels that differ between versions come from the version's diagrams.json (./data.ts).
 */

const TITLE = "Architecture: clients, API server, worker and the services they use";

/** The worker's steps as pills, two per row; the odd last one spans both columns. */
function pills(
  workerSteps: string[],
  left: number,
  top: number,
  widths: readonly [number, number],
  gap: number,
  rowHeight: number,
) {
  const full = widths[0] + gap + widths[1];
  return workerSteps.map((step, i) => {
    const alone = i === workerSteps.length - 1 && i % 2 === 0;
    const x = i % 2 === 0 ? left : left + widths[0] + gap;
    const w = alone ? full : (widths[i % 2] ?? 0);
    return { step, rect: [x, top + Math.floor(i / 2) * rowHeight, w, 26] as Rect };
  });
}

/** The legend's entries; each layout places them. */
function legend(places: readonly Point[]): LegendItem[] {
  const entries = [
    { swatch: "primary", text: "the project's code" },
    { swatch: "neutral", text: "services and volumes you run" },
    { swatch: "external", text: "outside your deployment" },
    { swatch: "brand-line", text: "gRPC, plaintext" },
  ] as const;
  return entries.map((entry, i) => ({ ...entry, at: places[i] ?? [0, 0] }));
}

function WideLayout({ id, data }: { id: string; data: ArchitectureData }) {
  const steps = pills(data.workerSteps, 184, 412, [186, 186], 12, 31);
  return (
    <DiagramSvg
      id={id}
      title={TITLE}
      description={data.description}
      width={800}
      height={700}
      className="hidden md:block"
    >
      <Boxes
        tone="external"
        rects={[
          [12, 74, 168, 100],
          [636, 392, 152, 84],
        ]}
      />
      <Boxes
        tone="primary"
        rects={[
          [276, 20, 208, 208],
          [168, 330, 416, 210],
        ]}
      />
      <Boxes
        tone="neutral"
        rects={[
          [584, 20, 204, 60],
          [584, 94, 204, 60],
          [584, 168, 204, 60],
          [184, 588, 184, 58],
          [384, 588, 184, 58],
        ]}
      />
      <Boxes tone="pill" radius={13} rects={steps.map((s) => s.rect)} />

      <Arrows
        diagramId={id}
        lines={[
          [
            [180, 124],
            [276, 124],
          ],
          [
            [584, 434],
            [636, 434],
          ],
          [
            [276, 540],
            [276, 588],
          ],
          [
            [476, 540],
            [476, 588],
          ],
        ]}
      />
      <Arrows
        diagramId={id}
        both
        lines={[
          [
            [484, 50],
            [584, 50],
          ],
          [
            [484, 124],
            [584, 124],
          ],
          [
            [484, 198],
            [584, 198],
          ],
        ]}
      />
      <Arrows
        diagramId={id}
        tone="brand"
        lines={[
          [
            [340, 228],
            [340, 330],
          ],
          [
            [420, 330],
            [420, 228],
          ],
        ]}
      />

      {/* Clients */}
      <Label x={96} y={106} size={15} bold>
        Clients
      </Label>
      <Label x={96} y={128}>
        curl, scripts, apps
      </Label>
      <Label x={96} y={150} tone="muted">
        not in the repository
      </Label>
      <Label x={228} y={114} tone="accent" bold>
        REST / JSON
      </Label>
      <Label x={228} y={142} tone="muted" mono>
        :5001
      </Label>

      {/* API server */}
      <Label x={380} y={62} size={17} bold>
        API server
      </Label>
      <Label x={380} y={84}>
        {data.apiStack}
      </Label>
      <Label x={380} y={124} tone="muted">
        HTTP
      </Label>
      <Label x={380} y={142} mono>
        :5001
      </Label>
      <Label x={380} y={168} tone="muted">
        gRPC
      </Label>
      <Label x={380} y={186} mono>
        :15001
      </Label>
      <Label x={380} y={212} tone="muted">
        owns the database
      </Label>

      {/* Data stores */}
      <Label x={686} y={45} size={14} bold>
        {data.database.wide[0]}
      </Label>
      <Label x={686} y={66} tone="muted">
        {data.database.wide[1]}
      </Label>
      <Label x={686} y={119} size={14} bold>
        Cache
      </Label>
      <Label x={686} y={140} tone="muted">
        in-memory or Redis :6379
      </Label>
      <Label x={686} y={193} size={14} bold>
        File storage
      </Label>
      <Label x={686} y={214} tone="muted">
        disk or MinIO :9000
      </Label>
      <Label x={534} y={42} tone="muted">
        SQL
      </Label>
      <Label x={534} y={116} tone="muted">
        tokens, URLs
      </Label>
      <Label x={534} y={190} tone="muted">
        files
      </Label>

      {/* gRPC, both directions */}
      <Label x={330} y={262} tone="accent" bold anchor="end">
        gRPC to the worker :15002
      </Label>
      <Label x={330} y={281} tone="muted" anchor="end" mono>
        MediaItemProcess
      </Label>
      <Label x={330} y={298} tone="muted" anchor="end" mono>
        GenerateEmbedding
      </Label>
      <Label x={430} y={262} tone="accent" bold anchor="start">
        gRPC to the API :15001
      </Label>
      <Label x={430} y={281} tone="muted" anchor="start" mono>
        GetWorkerConfig, GetUsers,
      </Label>
      <Label x={430} y={298} tone="muted" anchor="start" mono>
        GetMediaItemFaceEmbeddings, Save…
      </Label>

      {/* Worker */}
      <Label x={376} y={358} size={17} bold>
        Worker
      </Label>
      <Label x={376} y={379}>
        Python 3.12 · asyncio gRPC · PyTorch
      </Label>
      <Label x={376} y={398} tone="muted">
        serves gRPC :15002 · metrics :5002
      </Label>
      {steps.map(({ step, rect: [x, y, w] }) => (
        <Label key={step} x={x + w / 2} y={y + 17.5}>
          {step}
        </Label>
      ))}

      {/* Around the worker */}
      <Label x={712} y={420} size={14} bold>
        Nominatim
      </Label>
      <Label x={712} y={439}>
        OpenStreetMap
      </Label>
      <Label x={712} y={460} tone="muted">
        on the internet
      </Label>
      <Label x={610} y={426} tone="muted">
        places
      </Label>
      <Label x={284} y={569} tone="muted" anchor="start">
        reads
      </Label>
      <Label x={484} y={569} tone="muted" anchor="start">
        reads
      </Label>
      <Label x={276} y={612} size={14} bold mono>
        /models
      </Label>
      <Label x={276} y={632} tone="muted">
        ML model files
      </Label>
      <Label x={476} y={612} size={14} bold mono>
        /storage
      </Label>
      <Label x={476} y={632} tone="muted">
        shared with the API
      </Label>

      <Legend
        diagramId={id}
        items={legend([
          [12, 686],
          [172, 686],
          [402, 686],
          [600, 686],
        ])}
      />
    </DiagramSvg>
  );
}

/** The stores of the tall layout; the database's lines come from the version's data. */
const STORES = [
  { x: 8, lines: ["PostgreSQL"], port: ":5432" },
  { x: 132, lines: ["Cache", "in-memory", "or Redis"], port: ":6379" },
  { x: 256, lines: ["Storage", "disk or", "MinIO"], port: ":9000" },
] as const;

const BELOW_WORKER = [
  { x: 8, w: 124, title: "Nominatim", lines: ["OpenStreetMap", "internet"], arrow: "places", mono: false },
  { x: 142, w: 96, title: "/models", lines: ["ML model", "files"], arrow: "reads", mono: true },
  { x: 248, w: 104, title: "/storage", lines: ["shared with", "the API"], arrow: "reads", mono: true },
] as const;

function TallLayout({ id, data }: { id: string; data: ArchitectureData }) {
  const steps = pills(data.workerSteps, 18, 502, [130, 186], 8, 32);
  const stores = [{ ...STORES[0], lines: data.database.tall }, STORES[1], STORES[2]];
  const [nominatim, ...volumes] = BELOW_WORKER.map((b): Rect => [b.x, 690, b.w, 76]);
  return (
    <DiagramSvg
      id={id}
      title={TITLE}
      description={data.description}
      width={360}
      height={878}
      className="mx-auto block max-w-md md:hidden"
    >
      <Boxes tone="external" rects={[[40, 8, 280, 76], nominatim as Rect]} />
      <Boxes
        tone="primary"
        rects={[
          [8, 128, 344, 92],
          [8, 424, 344, 216],
        ]}
      />
      <Boxes tone="neutral" rects={[...stores.map((s): Rect => [s.x, 266, 96, 90]), ...volumes]} />
      <Boxes tone="pill" radius={13} rects={steps.map((s) => s.rect)} />

      <Arrows
        diagramId={id}
        lines={[
          [
            [180, 84],
            [180, 128],
          ],
          ...BELOW_WORKER.map((b): Point[] => [
            [b.x + b.w / 2, 640],
            [b.x + b.w / 2, 690],
          ]),
        ]}
      />
      <Arrows
        diagramId={id}
        both
        lines={stores.map((s): Point[] => [
          [s.x + 48, 220],
          [s.x + 48, 266],
        ])}
      />
      {/* gRPC, both directions, through the gaps between the stores */}
      <Arrows
        diagramId={id}
        tone="brand"
        lines={[
          [
            [118, 220],
            [118, 424],
          ],
          [
            [242, 424],
            [242, 220],
          ],
        ]}
      />

      {/* Clients */}
      <Label x={180} y={33} size={15} bold>
        Clients
      </Label>
      <Label x={180} y={53}>
        curl, scripts, apps
      </Label>
      <Label x={180} y={72} tone="muted">
        not in the repository
      </Label>
      <Label x={190} y={111} tone="accent" bold anchor="start">
        REST / JSON
      </Label>
      <Label x={290} y={111} tone="muted" anchor="start" mono>
        :5001
      </Label>

      {/* API server */}
      <Label x={180} y={156} size={17} bold>
        API server
      </Label>
      <Label x={180} y={178}>
        {data.apiStack}
      </Label>
      <Label x={180} y={200} tone="muted">
        HTTP :5001 · gRPC :15001
      </Label>

      {stores.map((s) => [
        ...s.lines.map((line, i) => (
          <Label key={line} x={s.x + 48} y={289 + i * 18} bold={i === 0}>
            {line}
          </Label>
        )),
        <Label key={s.port} x={s.x + 48} y={345} tone="muted" mono>
          {s.port}
        </Label>,
      ])}

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
      <Label x={180} y={451} size={17} bold>
        Worker
      </Label>
      <Label x={180} y={471}>
        Python 3.12 · PyTorch
      </Label>
      <Label x={180} y={490} tone="muted">
        gRPC :15002 · metrics :5002
      </Label>
      {steps.map(({ step, rect: [x, y, w] }) => (
        <Label key={step} x={x + w / 2} y={y + 17.5}>
          {step}
        </Label>
      ))}

      {BELOW_WORKER.map((b) => [
        <Label key={b.arrow + b.x} x={b.x + b.w / 2 + 8} y={670} tone="muted" anchor="start">
          {b.arrow}
        </Label>,
        <Label key={b.title} x={b.x + b.w / 2} y={714} size={14} bold mono={b.mono}>
          {b.title}
        </Label>,
        ...b.lines.map((line, i) => (
          <Label key={line} x={b.x + b.w / 2} y={734 + i * 18} tone={i === 0 ? undefined : "muted"}>
            {line}
          </Label>
        )),
      ])}

      <Legend
        diagramId={id}
        items={legend([
          [12, 800],
          [12, 824],
          [12, 848],
          [12, 872],
        ])}
      />
    </DiagramSvg>
  );
}

export interface ArchitectureDiagramProps extends DiagramProps {
  /** The version's architecture (its diagrams.json). */
  data: ArchitectureData;
}

/** The server's components and how they talk: clients, API, worker, database, cache, storage. */
export function ArchitectureDiagram({ className, idPrefix = "architecture-diagram", data }: ArchitectureDiagramProps) {
  return (
    <ResponsiveDiagram
      className={className}
      wide={<WideLayout id={`${idPrefix}-wide`} data={data} />}
      tall={<TallLayout id={`${idPrefix}-tall`} data={data} />}
    />
  );
}

export default ArchitectureDiagram;
