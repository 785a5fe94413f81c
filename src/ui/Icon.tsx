// Quay's icon set (public/assets/img/icons, product.md#constants) drawn inline, so every icon shows offline with no download.
// Stroke icons on a 24x24 grid: the stroke takes the CSS `color`; decorative unless given a `title`.

/** One element of an icon: a path's `d`, a circle (cx, cy, r), a rect (x, y, width, height, rx), or a path with its own stroke width. */
type Shape =
  | string
  | { readonly circle: readonly [number, number, number] }
  | { readonly rect: readonly [number, number, number, number, number] }
  | { readonly d: string; readonly strokeWidth: number };

// Copied from the SVG files (all: fill none, stroke-width 1.75, round caps and joins); keep the two in step.
const ICONS = {
  alarm: [{ circle: [12, 13, 7.5] }, 'M12 9v4.5l2.5 2', 'M3 5.5 6 3M21 5.5 18 3M6.5 19 5 21M17.5 19l1.5 2'],
  back: ['M19.5 12h-15M11 5.5 4.5 12l6.5 6.5'],
  'bell-settings': [
    'M12.5 18H3.5L5 16v-5a6 6 0 0 1 9.5-4.9',
    'M8 20.5a2 2 0 0 0 3.5 1',
    { circle: [18, 15, 2] },
    'M18 10.5v1.5M18 18v1.5M13.5 15H15M21 15h1.5M14.8 11.8l1.1 1.1M20.1 17.1l1.1 1.1M14.8 18.2l1.1-1.1M20.1 12.9l1.1-1.1',
  ],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z', 'M10 20.5a2 2 0 0 0 4 0'],
  calendar: [
    { rect: [3.5, 5, 17, 15.5, 2] },
    'M3.5 10h17M8 3v4M16 3v4',
    { d: 'M8 14h.01M12 14h.01M16 14h.01M8 17.5h.01M12 17.5h.01', strokeWidth: 2.25 },
  ],
  camera: [
    'M3 8.5A1.5 1.5 0 0 1 4.5 7h3L9 4.5h6L16.5 7h3A1.5 1.5 0 0 1 21 8.5v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z',
    { circle: [12, 13.5, 3.5] },
  ],
  chat: [
    'M3 4.5A1.5 1.5 0 0 1 4.5 3h9A1.5 1.5 0 0 1 15 4.5v6a1.5 1.5 0 0 1-1.5 1.5H8l-3.5 3V12A1.5 1.5 0 0 1 3 10.5z',
    'M18 8h1.5A1.5 1.5 0 0 1 21 9.5v6a1.5 1.5 0 0 1-1.5 1.5V20L16 17h-5.5A1.5 1.5 0 0 1 9 15.5V15',
  ],
  clock: [{ circle: [12, 12, 9] }, 'M12 7v5l3.5 2'],
  close: ['M6 6l12 12M18 6 6 18'],
  'dashboard-map-morning': [
    { circle: [10, 13, 8] },
    'M2 13h16M10 5c-2.5 2.2-3.5 5-3.5 8s1 5.8 3.5 8c2.5-2.2 3.5-5 3.5-8s-1-5.8-3.5-8',
    { circle: [19, 5, 2] },
    'M19 1.2v.1M22.8 5h-.1M21.7 2.3l-.1.1M16.3 2.3l.1.1M21.7 7.7l-.1-.1',
  ],
  'dashboard-map-night': [
    { circle: [10, 13, 8] },
    'M2 13h16M10 5c-2.5 2.2-3.5 5-3.5 8s1 5.8 3.5 8c2.5-2.2 3.5-5 3.5-8s-1-5.8-3.5-8',
    'M19.5 1.8a3.2 3.2 0 1 0 3 4.3 2.6 2.6 0 0 1-3-4.3z',
  ],
  download: ['M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5', 'M4 16v2.5A2 2 0 0 0 6 20.5h12a2 2 0 0 0 2-2V16'],
  email: [{ rect: [3, 5, 18, 14, 2] }, 'm3.5 6.5 8.5 6.5 8.5-6.5'],
  filter: ['M3 4.5h18l-7 8.5v6l-4 2v-8z'],
  flag: ['M5 21V4', 'M5 4.5c2.5-1.5 4.5-1.5 7 0s4.5 1.5 7 0v9c-2.5 1.5-4.5 1.5-7 0s-4.5-1.5-7 0'],
  menu: ['M4 6.5h16M4 12h16M4 17.5h16'],
  message: [
    'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-4 3.5V17a2 2 0 0 1-2-2z',
    'M8 9h8M8 12.5h5',
  ],
  'move-less': ['M6.5 13.5H21L18.5 18h-10z', 'M9.5 13.5v-3H13v3M13 13.5V7.5h3.5v6', 'M2.5 15.5h1.5'],
  move: ['M7.5 13.5h14.5l-2.5 4.5h-10z', 'M10.5 13.5v-3H14v3M14 13.5V7.5h3.5v6', 'M2 9h5M3 12.5h2.5M2 16h4'],
  port: [
    'M5 21V8M10 21V8M5 14.5h5M5 8l5 6.5',
    'M2 8h20M5 8l2.5-5L10 8M7.5 3 22 8',
    'M17 8v4M15 12h4v3h-4z',
    'M2.5 21h10',
  ],
  refresh: ['M20 11a8 8 0 0 0-14.5-4.5M4 13a8 8 0 0 0 14.5 4.5', 'M5 2.5v4h4M19 21.5v-4h-4'],
  search: [{ circle: [10.5, 10.5, 6.5] }, 'm15.5 15.5 5 5'],
  'send-message': ['M21 3 3 10.5l7 2.5 2.5 7z', 'm21 3-11 10'],
  service: [
    { circle: [5, 18, 2.5] },
    { circle: [19, 6, 2.5] },
    'M7.5 18H14a3 3 0 0 0 0-6h-4a3 3 0 0 1 0-6h6.5',
  ],
  settings: [
    { circle: [12, 12, 3] },
    'M10.3 3h3.4l.5 2.4 1.6.9 2.3-.8 1.7 2.9-1.8 1.6v1.9l1.8 1.6-1.7 2.9-2.3-.8-1.6.9-.5 2.4h-3.4l-.5-2.4-1.6-.9-2.3.8-1.7-2.9 1.8-1.6v-1.9L4.2 8.4l1.7-2.9 2.3.8 1.6-.9z',
  ],
  stop: ['M2 13.5h14.5L14 18H4z', 'M5 13.5v-3h3.5v3M8.5 13.5V7.5H12v6', 'M20.5 6v14'],
  user: [{ circle: [12, 8, 4] }, 'M4.5 20.5a7.5 7.5 0 0 1 15 0'],
  vessel: [
    'M2 14h20l-2.5 5.5h-15z',
    'M4 14V8.5h3V14M7 14v-3.5h3V14M10 14v-3.5h3V14M10 10.5V7.5h3v3',
    'M15.5 14V6h3.5v8M15.5 9h3.5M17 6V4',
  ],
} satisfies Record<string, readonly Shape[]>;

export type IconName = keyof typeof ICONS;

interface Props {
  name: IconName;
  className?: string;
  /** Names the icon for assistive technology (role="img"); without it the icon is hidden from it. */
  title?: string;
}

export function Icon({ name, className, title }: Props) {
  const shapes: readonly Shape[] = ICONS[name];
  const a11y = title
    ? ({ role: 'img', 'aria-label': title } as const)
    : ({ 'aria-hidden': true, focusable: false } as const);
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...a11y}
    >
      {title && <title>{title}</title>}
      {shapes.map(renderShape)}
    </svg>
  );
}

function renderShape(shape: Shape, key: number) {
  if (typeof shape === 'string') return <path key={key} d={shape} />;
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle key={key} cx={cx} cy={cy} r={r} />;
  }
  if ('rect' in shape) {
    const [x, y, width, height, rx] = shape.rect;
    return <rect key={key} x={x} y={y} width={width} height={height} rx={rx} />;
  }
  return <path key={key} d={shape.d} strokeWidth={shape.strokeWidth} />;
}
