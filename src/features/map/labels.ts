// Where the map's labels go so they do not cover each other: in order of importance (vessels first), each label
// takes the first free spot around its point, or is left out (its dot or arrow still shows).
import type { Point } from './projection.ts';

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedLabel {
  /** The text's anchor: its start at x, its baseline at y. */
  x: number;
  y: number;
}

const CHAR_PX = 8.2;
const HEIGHT = 15;

/** Offsets from the point to the label's left baseline: right-above, right-below, left-above, left-below, below. */
const SPOTS = (w: number, clear: number): Point[] => [
  [clear, -clear],
  [clear, clear + HEIGHT - 3],
  [-clear - w, -clear],
  [-clear - w, clear + HEIGHT - 3],
  [-w / 2, clear + HEIGHT + 4],
];

const overlaps = (a: LabelBox, b: LabelBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Places labels at points (screen px); `clear` is how far from its point a label keeps (bigger for a vessel arrow).
 * `taken` are areas no label may cover (the symbols themselves). Gives null for a label left out.
 */
export function placeLabels(
  items: readonly { at: Point; text: string; clear: number }[],
  taken: readonly LabelBox[] = [],
): (PlacedLabel | null)[] {
  const boxes: LabelBox[] = [...taken];
  return items.map(({ at, text, clear }) => {
    const width = text.length * CHAR_PX;
    for (const [dx, dy] of SPOTS(width, clear)) {
      const box = { x: at[0] + dx, y: at[1] + dy - HEIGHT + 3, width, height: HEIGHT };
      if (boxes.some((b) => overlaps(b, box))) continue;
      boxes.push(box);
      return { x: at[0] + dx, y: at[1] + dy };
    }
    return null;
  });
}
