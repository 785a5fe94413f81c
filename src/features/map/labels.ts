// Where the map's labels go: inside the map's box, never over each other nor over a symbol. Points closer than
// CLUSTER_PX of the same kind share one label, "QUAY HORIZON +2", always naming the first (shortened, "QUAY HOR… +2",
// where the whole name has no room); a tap on them lists every vessel. In order of importance (vessels first), each label takes the first free spot of eight around
// its point, flipping to the other side near an edge; a label with no free spot is left out (its symbol still shows).
import type { Point } from './projection.ts';

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelItem {
  at: Point;
  text: string;
  /** How far from its point the label keeps (bigger for a vessel arrow). */
  clear: number;
  /** Only points of the same group share a label (vessels with vessels, ports with ports). */
  group?: string;
}

export interface PlacedLabel {
  /** The text's anchor: its start at x, its baseline at y. */
  x: number;
  y: number;
  text: string;
  /** The items (indices) this label stands for: the first is the one named. */
  members: number[];
  box: LabelBox;
}

const CHAR_PX = 8.6;
/** A label's height above its baseline and below it (13 px bold text). */
const ASCENT = 12.5;
const DESCENT = 3.5;
/** Space kept between two labels, and between a label and the map's sides. */
const GAP = 2;
/** Points of a group closer than this (pixels) share one label. */
const CLUSTER_PX = 36;

/** A text's width in pixels: by default an estimate for 13 px bold capitals; the map measures the real text. */
export type Measure = (text: string) => number;
const estimate: Measure = (text) => text.length * CHAR_PX;

/** How many characters of a name a cluster's label keeps where the whole name has no room. */
const SHORT_NAME = 8;
const shorten = (name: string) =>
  name.length > SHORT_NAME + 1 ? `${name.slice(0, SHORT_NAME).trimEnd()}…` : name;

/** Offsets from the point to the label's left baseline, in order of preference. */
function spots(w: number, clear: number): Point[] {
  const mid = (ASCENT - DESCENT) / 2;
  return [
    [clear, -clear + DESCENT], // right, above
    [clear, clear + ASCENT], // right, below
    [-clear - w, -clear + DESCENT], // left, above
    [-clear - w, clear + ASCENT], // left, below
    [clear + 2, mid], // right
    [-clear - 2 - w, mid], // left
    [-w / 2, -clear - DESCENT - 2], // above
    [-w / 2, clear + ASCENT + 2], // below
  ];
}

export const overlaps = (a: LabelBox, b: LabelBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (b: LabelBox, size: { width: number; height: number }) =>
  b.x >= GAP && b.y >= GAP && b.x + b.width <= size.width - GAP && b.y + b.height <= size.height - GAP;

/** Groups of items, in order: each joins the first group of its kind with its first point within CLUSTER_PX. */
export function clusters(items: readonly LabelItem[], radius = CLUSTER_PX): number[][] {
  const out: number[][] = [];
  for (const [i, item] of items.entries()) {
    const home = out.find((c) => {
      const first = items[c[0] as number] as LabelItem;
      return (
        first.group === item.group && Math.hypot(first.at[0] - item.at[0], first.at[1] - item.at[1]) < radius
      );
    });
    if (home) home.push(i);
    else out.push([i]);
  }
  return out;
}

/**
 * Places labels for items at points (screen pixels) in a map of `size`. `taken` are areas no label may cover (the
 * symbols, the zoom buttons). Gives the labels placed; an item in no label's members has none.
 */
export function placeLabels(
  items: readonly LabelItem[],
  size: { width: number; height: number },
  taken: readonly LabelBox[] = [],
  measure: Measure = estimate,
): PlacedLabel[] {
  const boxes: LabelBox[] = [...taken];
  const placed: PlacedLabel[] = [];
  for (const members of clusters(items)) {
    const first = items[members[0] as number] as LabelItem;
    const more = ` +${members.length - 1}`;
    const texts = members.length > 1 ? [first.text + more, shorten(first.text) + more] : [first.text];
    const spot = texts
      .flatMap((text) => {
        const width = measure(text);
        return spots(width, first.clear).map(([dx, dy]) => ({
          text,
          x: first.at[0] + dx,
          y: first.at[1] + dy,
          box: {
            x: first.at[0] + dx - GAP,
            y: first.at[1] + dy - ASCENT - GAP,
            width: width + 2 * GAP,
            height: ASCENT + DESCENT + 2 * GAP,
          },
        }));
      })
      .find((s) => inside(s.box, size) && !boxes.some((b) => overlaps(b, s.box)));
    if (!spot) continue;
    boxes.push(spot.box);
    placed.push({ ...spot, members });
  }
  return placed;
}

/**
 * Where a box of `width` x `height` (a tapped cluster's list of names) goes beside a point: below right, below left,
 * above right or above left, the first inside the map; else as far inside as the map allows. Gives its top left.
 */
export function placeCallout(
  at: Point,
  width: number,
  height: number,
  size: { width: number; height: number },
  clear = 16,
): Point {
  const tries: Point[] = [
    [at[0] + clear, at[1] + clear],
    [at[0] - clear - width, at[1] + clear],
    [at[0] + clear, at[1] - clear - height],
    [at[0] - clear - width, at[1] - clear - height],
  ];
  const fit = tries.find(([x, y]) => inside({ x, y, width, height }, size));
  if (fit) return fit;
  const [x, y] = tries[0] as Point;
  return [
    Math.max(GAP, Math.min(size.width - GAP - width, x)),
    Math.max(GAP, Math.min(size.height - GAP - height, y)),
  ];
}
