// The offline world map (DESIGN.md §6): Natural Earth's land drawn as SVG in Web Mercator, with vessels as arrows
// turned to their heading, their recent tracks and the ports ahead, panned and zoomed by finger, mouse, wheel or
// the +/- buttons. Loaded lazily (see LazyWorldMap.tsx): the outline stays out of the first page's JavaScript.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { placeLabels } from './labels.ts';
import { landPath } from './land.ts';
import { project, unwrapLons, WORLD, type Point } from './projection.ts';
import {
  clampView,
  fitView,
  panBy,
  pinch,
  toScreen,
  zoomAt,
  ZOOM_STEP,
  type Size,
  type View,
} from './view.ts';

export interface MapMarker {
  id: string;
  lat: number;
  lon: number;
  heading?: number | null;
  label: string;
  highlight?: boolean;
}
export interface MapTrack {
  id: string;
  points: [lat: number, lon: number][];
}
export interface MapPort {
  code: string;
  lat: number;
  lon: number;
  label?: string;
}
export interface WorldMapProps {
  markers: MapMarker[];
  tracks?: MapTrack[];
  ports?: MapPort[];
  /** The map's accessible name, e.g. "Map: QUAY HORIZON at 33.5° N 124.2° E, heading 164°". */
  label: string;
}

const LAND_ID = 'quay-map-land';
/** The world is drawn three times side by side, so panning across the antimeridian never meets an edge. */
const COPIES = [-1, 0, 1] as const;

interface Scene {
  markers: (MapMarker & { at: Point })[];
  tracks: { id: string; line: Point[] }[];
  ports: (MapPort & { at: Point })[];
  /** What the first view shows: the vessels, their tracks and the first port (all ports when there is no vessel). */
  fit: Point[];
}

/** Everything in world units, longitudes unwrapped around the first marker so nothing jumps across the world. */
function buildScene(markers: MapMarker[], tracks: MapTrack[], ports: MapPort[]): Scene {
  const ref = markers[0]?.lon ?? ports[0]?.lon ?? tracks[0]?.points[0]?.[1];
  const near = (lon: number) => (ref === undefined ? lon : (unwrapLons([lon], ref)[0] ?? lon));
  const m = markers.map((x) => ({ ...x, at: project(x.lat, near(x.lon)) }));
  const t = tracks.map((tr) => {
    const lons = unwrapLons(
      tr.points.map((p) => p[1]),
      tr.points[0] ? near(tr.points[0][1]) : undefined,
    );
    return { id: tr.id, line: tr.points.map((p, i): Point => project(p[0], lons[i] ?? p[1])) };
  });
  const p = ports.map((x) => ({ ...x, at: project(x.lat, near(x.lon)) }));
  const fitPorts = m.length > 0 ? p.slice(0, 1) : p;
  return {
    markers: m,
    tracks: t,
    ports: p,
    fit: [...m.map((x) => x.at), ...t.flatMap((x) => x.line), ...fitPorts.map((x) => x.at)],
  };
}

type Pointers = Map<number, Point>;

function useGestures(
  svgRef: React.RefObject<SVGSVGElement | null>,
  sizeRef: React.RefObject<Size | null>,
  setView: React.Dispatch<React.SetStateAction<View | null>>,
) {
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const pointers: Pointers = new Map();
    const local = (e: { clientX: number; clientY: number }): Point => {
      const r = svg.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    const update = (f: (v: View, size: Size) => View) =>
      setView((v) => (v && sizeRef.current ? f(v, sizeRef.current) : v));

    // The page's pull-to-refresh must not take a drag that moves the map.
    const stop = (e: Event) => e.stopPropagation();
    const down = (e: PointerEvent) => {
      e.stopPropagation();
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      svg.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
    };
    const move = (e: PointerEvent) => {
      const before = pointers.get(e.pointerId);
      if (!before) return;
      const now = local(e);
      const others = [...pointers.entries()].filter(([id]) => id !== e.pointerId);
      const other = others[0]?.[1];
      if (pointers.size === 1) update((v, s) => panBy(v, s, now[0] - before[0], now[1] - before[1]));
      else if (other) update((v, s) => pinch(v, s, [before, other], [now, other]));
      pointers.set(e.pointerId, now);
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const at = local(e);
      const factor = Math.exp(-Math.max(-200, Math.min(200, e.deltaY)) * 0.0025);
      update((v, s) => zoomAt(v, s, factor, at));
    };
    svg.addEventListener('pointerdown', down);
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('touchstart', stop, { passive: true });
    svg.addEventListener('touchmove', stop, { passive: true });
    svg.addEventListener('wheel', wheel, { passive: false });
    return () => {
      svg.removeEventListener('pointerdown', down);
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', up);
      svg.removeEventListener('pointercancel', up);
      svg.removeEventListener('touchstart', stop);
      svg.removeEventListener('touchmove', stop);
      svg.removeEventListener('wheel', wheel);
    };
  }, [svgRef, sizeRef, setView]);
}

export default function WorldMap({ markers, tracks = [], ports = [], label }: WorldMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const sizeRef = useRef<Size | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<View | null>(null);
  const scene = useMemo(() => buildScene(markers, tracks, ports), [markers, tracks, ports]);
  const land = useMemo(() => landPath(), []);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const next = { width: box.clientWidth, height: box.clientHeight };
      if (next.width === 0 || next.height === 0) return;
      sizeRef.current = next;
      setSize(next);
      setView((v) => (v ? clampView(v, next) : v));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // Fit to what is shown when the map first has a size, and again when other vessels or ports are shown; a
  // refreshed position of the same vessel keeps the view the user chose.
  const fitKey = [...markers.map((m) => m.id), '|', ...ports.map((p) => p.code)].join(',');
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!size || fitted.current === fitKey) return;
    fitted.current = fitKey;
    setView(fitView(scene.fit, size));
  }, [size, fitKey, scene]);

  useGestures(svgRef, sizeRef, setView);

  const zoomBy = (factor: number) =>
    setView((v) => (v && size ? zoomAt(v, size, factor, [size.width / 2, size.height / 2]) : v));

  return (
    <div className="world-map" ref={boxRef}>
      <svg ref={svgRef} className="world-map__svg" role="img" aria-label={label} width="100%" height="100%">
        {size && view && (
          <>
            <g
              transform={`translate(${size.width / 2 - view.cx * view.zoom} ${size.height / 2 - view.cy * view.zoom}) scale(${view.zoom})`}
            >
              <path id={LAND_ID} className="world-map__land" d={land} vectorEffect="non-scaling-stroke" />
              <use href={`#${LAND_ID}`} x={-WORLD} />
              <use href={`#${LAND_ID}`} x={WORLD} />
            </g>
            {COPIES.map((k) => (
              <Overlay
                key={k}
                scene={scene}
                at={(p) => toScreen(view, size, [p[0] + k * WORLD, p[1]])}
                size={size}
              />
            ))}
          </>
        )}
      </svg>
      <div className="world-map__zoom">
        <button
          type="button"
          className="world-map__button"
          aria-label="Zoom in"
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          +
        </button>
        <button
          type="button"
          className="world-map__button"
          aria-label="Zoom out"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          −
        </button>
      </div>
    </div>
  );
}

/** One copy of the tracks, ports and vessels, in screen pixels so symbols and labels keep their size at any zoom. */
function Overlay({ scene, at, size }: { scene: Scene; at: (p: Point) => Point; size: Size }) {
  const onScreen = ([x, y]: Point) => x > -60 && x < size.width + 60 && y > -60 && y < size.height + 60;
  const ports = scene.ports.map((p) => ({ ...p, s: at(p.at) })).filter((p) => onScreen(p.s));
  const markers = scene.markers.map((m) => ({ ...m, s: at(m.at) })).filter((m) => onScreen(m.s));
  // Vessels' labels first, then ports' in voyage order; none covers a symbol or another label.
  const symbols = [
    ...markers.map((m) => ({ x: m.s[0] - 14, y: m.s[1] - 14, width: 28, height: 28 })),
    ...ports.map((p) => ({ x: p.s[0] - 6, y: p.s[1] - 6, width: 12, height: 12 })),
  ];
  const labels = placeLabels(
    [
      ...markers.map((m) => ({ at: m.s, text: m.label, clear: 14 })),
      ...ports.map((p) => ({ at: p.s, text: p.label ?? p.code, clear: 6 })),
    ],
    symbols,
  );
  const labelAt = (i: number) => labels[i] ?? null;
  return (
    <g>
      {scene.tracks.map((t) => {
        const line = t.line.map(at);
        if (line.length < 2 || !line.some(onScreen)) return null;
        return (
          <polyline
            key={t.id}
            className="world-map__track"
            points={line.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
          />
        );
      })}
      {ports.map((p) => (
        <circle
          key={p.code}
          className="world-map__port"
          r={5}
          cx={p.s[0].toFixed(1)}
          cy={p.s[1].toFixed(1)}
        />
      ))}
      {markers.map((m) => (
        <g key={m.id} transform={`translate(${m.s[0].toFixed(1)} ${m.s[1].toFixed(1)})`}>
          {m.highlight && <circle className="world-map__halo" r={20} />}
          {m.heading === null || m.heading === undefined ? (
            <circle className="world-map__vessel" r={7} />
          ) : (
            <path
              className="world-map__vessel"
              d="M0 -13 L8 9 L0 4 L-8 9 Z"
              transform={`rotate(${Math.round(m.heading)})`}
            />
          )}
        </g>
      ))}
      {[...markers.map((m) => m.label), ...ports.map((p) => p.label ?? p.code)].map((text, i) => {
        const l = labelAt(i);
        const vessel = i < markers.length;
        return l ? (
          <text
            key={`${i}:${text}`}
            className={`world-map__label${vessel ? ' world-map__label--vessel' : ''}`}
            x={l.x.toFixed(1)}
            y={l.y.toFixed(1)}
          >
            {text}
          </text>
        ) : null;
      })}
    </g>
  );
}
