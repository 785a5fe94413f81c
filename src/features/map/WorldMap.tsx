// The offline world map (architecture.md#the-pages-the-product-leaves-open): Natural Earth's land drawn as SVG in Web Mercator, with vessels as arrows
// turned to their heading, their recent tracks and the ports ahead, panned and zoomed by finger, mouse, wheel or
// the +/- buttons. Loaded lazily (see LazyWorldMap.tsx): the outline stays out of the first page's JavaScript. The
// world is drawn at 1:110m; a close view (a port, a strait) draws the 1:10m coast of the tiles it covers, fetched
// once and kept by the service worker (fine-coast.ts). Labels stay inside the map and apart (labels.ts); a group's
// label is a button, and it or a tap on a vessel lists the vessels there (VesselList.tsx). The +/- buttons zoom about
// the vessel, or the group, so it stays in view (product.md#the-map).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { worldLandPath } from './fine-coast.ts';
import { placeLabels, type LabelBox, type LabelItem, type Measure } from './labels.ts';
import { WORLD, type Point } from './projection.ts';
import { buildScene, type MapMarker, type MapPort, type MapTrack, type Scene } from './scene.ts';
import { useFineCoast } from './use-fine-coast.ts';
import { useGestures } from './use-gestures.ts';
import { clampView, fitView, toScreen, zoomAbout, ZOOM_STEP, type Size, type View } from './view.ts';
import { VesselList, type ListedVessel } from './VesselList.tsx';

export interface WorldMapProps {
  markers: MapMarker[];
  tracks?: MapTrack[];
  ports?: MapPort[];
  /** The map's accessible name, e.g. "Map: QUAY HORIZON at 33.5° N 124.2° E, heading 164°". */
  label: string;
}

const LAND_ID = 'quay-map-land';
const COARSE_CLIP_ID = 'quay-map-coarse';
/** The world is drawn three times side by side, so panning across the antimeridian never meets an edge. */
const COPIES = [-1, 0, 1] as const;
/** The zoom buttons' corner, top right: no label goes under it. */
const BUTTONS = { width: 60, height: 108 };
/** How close (pixels) a tap must come to a vessel to list the names there. */
const TAP_PX = 24;

/** Text widths as the map draws them (13 px bold, the page's font), or an estimate where there is no canvas. */
function useMeasure(svgRef: React.RefObject<SVGSVGElement | null>, ready: boolean): Measure | undefined {
  return useMemo(() => {
    const svg = svgRef.current;
    const ctx = ready && svg ? document.createElement('canvas').getContext('2d') : null;
    if (!ctx || !svg) return undefined;
    ctx.font = `700 13px ${getComputedStyle(svg).fontFamily}`;
    const known = new Map<string, number>();
    return (text: string) => {
      let w = known.get(text);
      if (w === undefined) known.set(text, (w = ctx.measureText(text).width + 1));
      return w;
    };
  }, [svgRef, ready]);
}

export default function WorldMap({ markers, tracks = [], ports = [], label }: WorldMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const sizeRef = useRef<Size | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<View | null>(null);
  /** The vessel whose group is listed (a tap on it, or its group's label), and whether the keyboard asked. */
  const [picked, setPicked] = useState<{ id: string; keyboard: boolean } | null>(null);
  const scene = useMemo(() => buildScene(markers, tracks, ports), [markers, tracks, ports]);
  const land = useMemo(() => worldLandPath(), []);
  const measure = useMeasure(svgRef, size !== null);
  const fine = useFineCoast(view, size);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measureBox = () => {
      const next = { width: box.clientWidth, height: box.clientHeight };
      if (next.width === 0 || next.height === 0) return;
      sizeRef.current = next;
      setSize(next);
      setView((v) => (v ? clampView(v, next) : v));
    };
    measureBox();
    const observer = new ResizeObserver(measureBox);
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

  const overlay = useMemo(
    () => (size && view ? layOut(scene, view, size, measure) : null),
    [scene, view, size, measure],
  );
  const overlayRef = useRef(overlay);
  overlayRef.current = overlay;
  const onTap = (at: Point) => {
    const near = overlayRef.current?.markers
      .map((m) => ({ id: m.id, d: Math.hypot(m.s[0] - at[0], m.s[1] - at[1]) }))
      .filter((m) => m.d <= TAP_PX)
      .sort((a, b) => a.d - b.d)[0];
    setPicked(near ? { id: near.id, keyboard: false } : null);
  };
  useGestures(svgRef, sizeRef, setView, onTap);

  const zoomBy = (factor: number) =>
    setView((v) => (v && size ? zoomAbout(v, size, factor, scene.focus) : v));
  const listed = overlay && picked ? listOf(overlay, picked.id, markers) : null;
  const groupButtons = useRef<Map<string, HTMLButtonElement>>(new Map());
  const closeList = () => {
    const back = picked?.keyboard ? groupButtons.current.get(picked.id) : undefined;
    setPicked(null);
    back?.focus();
  };

  return (
    <div className="world-map" ref={boxRef}>
      <svg
        ref={svgRef}
        className="world-map__svg"
        role="img"
        aria-label={label}
        width="100%"
        height="100%"
        data-coast={fine.close ? 'fine' : 'world'}
      >
        {size && view && overlay && (
          <>
            <g
              transform={`translate(${size.width / 2 - view.cx * view.zoom} ${size.height / 2 - view.cy * view.zoom}) scale(${view.zoom})`}
            >
              {fine.close && (
                <clipPath id={COARSE_CLIP_ID} clipPathUnits="userSpaceOnUse">
                  <path clipRule="evenodd" d={`M-1 -1H${WORLD + 1}V${WORLD + 1}H-1Z${fine.covered}`} />
                </clipPath>
              )}
              <g id={LAND_ID}>
                <path
                  className="world-map__land"
                  d={land}
                  clipPath={fine.close ? `url(#${COARSE_CLIP_ID})` : undefined}
                  vectorEffect="non-scaling-stroke"
                />
                {fine.close && (
                  <>
                    <path className="world-map__fine" d={fine.land + fine.fill} fillRule="evenodd" />
                    <path className="world-map__coast" d={fine.coast} vectorEffect="non-scaling-stroke" />
                  </>
                )}
              </g>
              <use href={`#${LAND_ID}`} x={-WORLD} />
              <use href={`#${LAND_ID}`} x={WORLD} />
            </g>
            <Overlay overlay={overlay} />
          </>
        )}
      </svg>
      {overlay?.labels.map((l) => {
        const first = overlay.items[l.members[0] ?? 0];
        if (!first?.vessel || l.members.length < 2) return null;
        return (
          <button
            key={l.members.map((i) => overlay.items[i]?.id).join(',')}
            ref={(el) =>
              void (el ? groupButtons.current.set(first.id, el) : groupButtons.current.delete(first.id))
            }
            type="button"
            className="world-map__group"
            aria-haspopup="dialog"
            aria-expanded={picked?.id === first.id}
            style={{ left: l.box.x, top: l.box.y, width: l.box.width, height: l.box.height }}
            onClick={(e) =>
              setPicked(picked?.id === first.id ? null : { id: first.id, keyboard: e.detail === 0 })
            }
          >
            {l.text}
          </button>
        );
      })}
      {listed && size && (
        <VesselList
          key={picked?.id}
          vessels={listed.vessels}
          at={listed.at}
          size={size}
          focus={picked?.keyboard ?? false}
          onClose={closeList}
        />
      )}
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

type Shown<T> = T & { s: Point; key: string };

interface Layout {
  tracks: { id: string; line: Point[] }[];
  ports: Shown<MapPort & { at: Point }>[];
  markers: Shown<MapMarker & { at: Point }>[];
  labels: ReturnType<typeof placeLabels>;
  items: (LabelItem & { vessel: boolean; id: string })[];
}

/**
 * Every copy of the tracks, ports and vessels that shows, in screen pixels so symbols and labels keep their size at
 * any zoom, and the labels of all of them placed at once: vessels first, then ports in voyage order.
 */
function layOut(scene: Scene, view: View, size: Size, measure: Measure | undefined): Layout {
  const onScreen = ([x, y]: Point) => x > -60 && x < size.width + 60 && y > -60 && y < size.height + 60;
  const inBox = ([x, y]: Point) => x >= 0 && x <= size.width && y >= 0 && y <= size.height;
  const copies = <T extends { at: Point }>(xs: T[], id: (x: T) => string) =>
    COPIES.flatMap((k) =>
      xs.map((x) => ({
        ...x,
        s: toScreen(view, size, [x.at[0] + k * WORLD, x.at[1]]),
        key: `${k}:${id(x)}`,
      })),
    ).filter((x) => onScreen(x.s));
  const markers = copies(scene.markers, (m) => m.id);
  const ports = copies(scene.ports, (p) => p.code);
  const tracks = COPIES.flatMap((k) =>
    scene.tracks.map((t) => ({
      id: `${k}:${t.id}`,
      line: t.line.map((p) => toScreen(view, size, [p[0] + k * WORLD, p[1]])),
    })),
  ).filter((t) => t.line.length > 1 && t.line.some(onScreen));
  const taken: LabelBox[] = [
    { x: size.width - BUTTONS.width, y: 0, width: BUTTONS.width, height: BUTTONS.height },
    ...markers.map((m) => ({ x: m.s[0] - 14, y: m.s[1] - 14, width: 28, height: 28 })),
    ...ports.map((p) => ({ x: p.s[0] - 6, y: p.s[1] - 6, width: 12, height: 12 })),
  ];
  // Only what is inside the map gets a label.
  const items = [
    ...markers
      .filter((m) => inBox(m.s))
      // Every vessel is named, alone or in a group (product.md#the-map).
      .map((m) => ({
        at: m.s,
        text: m.label,
        clear: 14,
        group: 'vessel',
        always: true,
        vessel: true,
        id: m.id,
      })),
    ...ports
      .filter((p) => inBox(p.s))
      .map((p) => ({ at: p.s, text: p.label ?? p.code, clear: 6, group: 'port', vessel: false, id: p.code })),
  ];
  const labels = placeLabels(items, size, taken, measure);
  return { tracks, ports, markers, labels, items };
}

/**
 * The vessels listed for a picked vessel: every vessel its label stands for, else itself; placed at the group's first
 * point. None when the vessel is no longer on the map.
 */
function listOf(
  overlay: Layout,
  id: string,
  markers: readonly MapMarker[],
): { vessels: ListedVessel[]; at: Point } | null {
  const { labels, items } = overlay;
  const label = labels.find((l) => l.members.some((i) => items[i]?.vessel && items[i]?.id === id));
  const members = label
    ? label.members.flatMap((i) => items[i] ?? [])
    : items.filter((i) => i.vessel && i.id === id);
  const first = members[0];
  if (!first) return null;
  const href = (vid: string) => markers.find((m) => m.id === vid)?.href;
  return { vessels: members.map((m) => ({ id: m.id, name: m.text, href: href(m.id) })), at: first.at };
}

function Overlay({ overlay }: { overlay: Layout }) {
  const { tracks, ports, markers, labels, items } = overlay;
  return (
    <g>
      {tracks.map((t) => (
        <polyline
          key={t.id}
          className="world-map__track"
          points={t.line.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
        />
      ))}
      {ports.map((p) => (
        <circle key={p.key} className="world-map__port" r={5} cx={p.s[0].toFixed(1)} cy={p.s[1].toFixed(1)} />
      ))}
      {markers.map((m) => (
        <g
          key={m.key}
          className="world-map__marker"
          data-vessel={m.id}
          transform={`translate(${m.s[0].toFixed(1)} ${m.s[1].toFixed(1)})`}
        >
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
      {labels.map((l) => {
        const vessel = items[l.members[0] ?? 0]?.vessel;
        // A group of vessels is named by its button, over the map (it lists them).
        if (vessel && l.members.length > 1) return null;
        return (
          <text
            key={l.members.map((i) => items[i]?.id).join(',')}
            className={`world-map__label${vessel ? ' world-map__label--vessel' : ''}`}
            x={l.x.toFixed(1)}
            y={l.y.toFixed(1)}
          >
            {l.text}
          </text>
        );
      })}
    </g>
  );
}
