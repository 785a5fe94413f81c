// Where the map's labels go: inside the map's box, never over each other nor over a symbol. Points closer than
// CLUSTER_PX of the same kind share one label, "QUAY HORIZON +2", always naming the first (shortened, "QUAY HOR… +2",
// where the whole name has no room); a tap on them lists every vessel. In order of importance (vessels first), each
// label takes the first free spot of eight around its first point, else around its whole group (where its own symbols
// do not block it), flipping to the other side near an edge. A point that must be named (a vessel) whose label finds no free spot joins
// the nearest group of its kind; any other label with no free spot is left out (its symbol still shows).
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
  /** Never left without a label: with no room of its own it joins the nearest group of its kind (vessels). */
  always?: boolean;
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

/** The points of a group: the box they span. */
interface Span {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function spanOf(points: readonly Point[]): Span {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** The label's left baseline around a group's span, in order of preference (for one point, around the point). */
function spots(w: number, clear: number, s: Span): Point[] {
  const mid = (s.top + s.bottom + ASCENT - DESCENT) / 2;
  const centre = (s.left + s.right - w) / 2;
  return [
    [s.right + clear, s.top - clear + DESCENT], // right, above
    [s.right + clear, s.bottom + clear + ASCENT], // right, below
    [s.left - clear - w, s.top - clear + DESCENT], // left, above
    [s.left - clear - w, s.bottom + clear + ASCENT], // left, below
    [s.right + clear + 2, mid], // right
    [s.left - clear - 2 - w, mid], // left
    [centre, s.top - clear - DESCENT - 2], // above
    [centre, s.bottom + clear + ASCENT + 2], // below
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

/** Where a group's label goes: the first free spot of its full name, then of its shortened one; none if no room. */
function placeGroup(
  items: readonly LabelItem[],
  members: number[],
  size: { width: number; height: number },
  boxes: readonly LabelBox[],
  measure: Measure,
): PlacedLabel | null {
  const first = items[members[0] as number] as LabelItem;
  const span = spanOf(members.map((i) => (items[i] as LabelItem).at));
  const more = ` +${members.length - 1}`;
  const texts = members.length > 1 ? [first.text + more, shorten(first.text) + more] : [first.text];
  const point = spanOf([first.at]);
  // Each text round the first point (as a lone label), then round the whole group, clear of its own symbols.
  const spot = texts
    .flatMap((text) => [point, span].map((around) => ({ text, around })))
    .flatMap(({ text, around }) => {
      const width = measure(text);
      return spots(width, first.clear, around).map(([x, y]) => ({
        text,
        x,
        y,
        box: { x: x - GAP, y: y - ASCENT - GAP, width: width + 2 * GAP, height: ASCENT + DESCENT + 2 * GAP },
      }));
    })
    .find((s) => inside(s.box, size) && !boxes.some((b) => overlaps(b, s.box)));
  return spot ? { ...spot, members } : null;
}

/** The group of the same kind whose first point is nearest to `group`'s first point, if any. */
function nearestOf(items: readonly LabelItem[], groups: number[][], group: number[]): number[] | undefined {
  const at = (g: number[]) => (items[g[0] as number] as LabelItem).at;
  const kind = (g: number[]) => (items[g[0] as number] as LabelItem).group;
  const [x, y] = at(group);
  return groups
    .filter((g) => g !== group && kind(g) === kind(group))
    .sort((a, b) => Math.hypot(at(a)[0] - x, at(a)[1] - y) - Math.hypot(at(b)[0] - x, at(b)[1] - y))[0];
}

/**
 * Places labels for items at points (screen pixels) in a map of `size`. `taken` are areas no label may cover (the
 * symbols, the zoom buttons). Gives the labels placed; an item in no label's members has none. A group of items that
 * must be named and finds no room joins the nearest group of its kind, and all are placed again: each round has one
 * group fewer, so this ends.
 */
export function placeLabels(
  items: readonly LabelItem[],
  size: { width: number; height: number },
  taken: readonly LabelBox[] = [],
  measure: Measure = estimate,
): PlacedLabel[] {
  let groups = clusters(items);
  for (;;) {
    const boxes: LabelBox[] = [...taken];
    const placed: PlacedLabel[] = [];
    let homeless: number[] | undefined;
    for (const members of groups) {
      const label = placeGroup(items, members, size, boxes, measure);
      if (label) {
        boxes.push(label.box);
        placed.push(label);
      } else if (!homeless && members.some((i) => items[i]?.always)) homeless = members;
    }
    const host = homeless && nearestOf(items, groups, homeless);
    if (!homeless || !host) return placed;
    // The merged group keeps the place (and the name) of the one that comes first.
    const merged = [...host, ...homeless].sort((a, b) => a - b);
    const lost = homeless;
    groups = groups.filter((g) => g !== lost).map((g) => (g === host ? merged : g));
  }
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
