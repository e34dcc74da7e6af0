/* Line icons for the feature cards, drawn by us on a 24-unit grid. Decorative: the card's heading names the feature. */

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const FEATURE_ICONS = {
  albums: "M8 3h12v12H8zM4 7v13h13M8 12l3-3 3 3 2-2 4 4",
  explore: `${circle(12, 12, 9)}M15.5 8.5l-2 5-5 2 2-5z`,
  people: `${circle(12, 8, 4)}M4 21c0-4 3.6-7 8-7s8 3 8 7`,
  places: `M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12z${circle(12, 10, 2.5)}`,
  things: `M3 12V3h9l9 9-9 9z${circle(7.5, 7.5, 1.5)}`,
  search: `${circle(11, 11, 7)}M21 21l-5-5`,
  metadata: `M3 8h4l2-3h6l2 3h4v12H3z${circle(12, 13.5, 3.5)}`,
  library: "M12 3l2.8 5.9 6.2.8-4.5 4.3 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.7l6.2-.8z",
  sharing: `${circle(18, 5, 2.5)}${circle(6, 12, 2.5)}${circle(18, 19, 2.5)}M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4`,
} as const;

export type FeatureIconName = keyof typeof FEATURE_ICONS;

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-brand-strong dark:bg-sky-950 dark:text-brand">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={FEATURE_ICONS[name]} />
      </svg>
    </span>
  );
}
