// Small inline SVG icons (no icon font: glyphs such as 🗑 are missing from many system fonts).

const paths = {
  plus: 'M8 3v10M3 8h10',
  pencil: 'M10.5 2.5l3 3L6 13H3v-3z',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  play: 'M5 3.5v9l7-4.5z',
  stop: 'M4.5 4.5h7v7h-7z',
  folder: 'M2 4.5h4l1.5 1.5H14v6.5H2z',
  external: 'M9.5 2.5h4v4M13.5 2.5 7.5 8.5M11.5 9.5v4h-9v-9h4',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  const filled = name === 'play' || name === 'stop';
  return (
    <svg
      className="icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={filled ? 1 : 1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
