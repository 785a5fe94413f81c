import { describe, expect, it } from 'vitest';
import { clusters, overlaps, placeLabels, type LabelItem } from './labels.ts';

const size = { width: 358, height: 280 };
const inBox = (b: { x: number; y: number; width: number; height: number }) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width && b.y + b.height <= size.height;

describe('map labels', () => {
  it('puts a lone label above right of its point', () => {
    const [l] = placeLabels([{ at: [100, 100], text: 'SGSIN', clear: 7 }], size);
    expect(l).toMatchObject({ text: 'SGSIN', members: [0] });
    expect(l!.x).toBeGreaterThan(100);
    expect(l!.y).toBeLessThan(100);
  });

  it('flips a label to the other side at the right and the top edges, never leaving the box', () => {
    // Right edge: "ORIENT QUAY" would run past the side on the right.
    const [right] = placeLabels([{ at: [340, 140], text: 'ORIENT QUAY', clear: 14 }], size);
    expect(right!.x).toBeLessThan(340);
    expect(inBox(right!.box)).toBe(true);
    // Top left corner: below and to the right.
    const [top] = placeLabels([{ at: [6, 4], text: 'QUAY ISLAND', clear: 14 }], size);
    expect(top!.y).toBeGreaterThan(4);
    expect(inBox(top!.box)).toBe(true);
    // Bottom right corner: above and to the left.
    const [corner] = placeLabels([{ at: [352, 276], text: 'QUAY ISLAND', clear: 14 }], size);
    expect(corner!.x).toBeLessThan(352);
    expect(corner!.y).toBeLessThan(276);
    expect(inBox(corner!.box)).toBe(true);
  });

  it('never lets two labels overlap, and keeps every label inside, for points anywhere', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round++) {
      const items: LabelItem[] = Array.from({ length: 2 + (round % 12) }, (_, i) => ({
        at: [rand() * size.width, rand() * size.height],
        text: `VESSEL ${'W'.repeat(i % 6)}${i}`,
        clear: 14,
        group: 'vessel',
      }));
      const placed = placeLabels(items, size);
      for (const [i, a] of placed.entries()) {
        expect(inBox(a.box)).toBe(true);
        for (const b of placed.slice(i + 1)) expect(overlaps(a.box, b.box)).toBe(false);
      }
      // Each item is named by at most one label.
      const named = placed.flatMap((l) => l.members);
      expect(new Set(named).size).toBe(named.length);
    }
  });

  it('gives vessels close together one label, "NAME +N", naming the first', () => {
    const items: LabelItem[] = [
      { at: [150, 150], text: 'QUAY HORIZON', clear: 14, group: 'vessel' },
      { at: [160, 152], text: 'ATLAS HUDSON', clear: 14, group: 'vessel' },
      { at: [152, 165], text: 'NORDIC STAR', clear: 14, group: 'vessel' },
      { at: [40, 40], text: 'FAR AWAY', clear: 14, group: 'vessel' },
      { at: [151, 151], text: 'SGSIN', clear: 6, group: 'port' },
    ];
    expect(clusters(items)).toEqual([[0, 1, 2], [3], [4]]);
    const placed = placeLabels(items, size);
    expect(placed.map((l) => l.text)).toEqual(['QUAY HORIZON +2', 'FAR AWAY', 'SGSIN']);
    expect(placed[0]!.members).toEqual([0, 1, 2]);
  });

  it('shortens the name of a cluster label where it has no room, and leaves out a label with no free spot', () => {
    const narrow = { width: 140, height: 60 };
    const placed = placeLabels(
      [
        { at: [20, 30], text: 'QUAY HORIZON', clear: 10, group: 'vessel' },
        { at: [24, 32], text: 'ATLAS HUDSON', clear: 10, group: 'vessel' },
      ],
      narrow,
    );
    // The first vessel is always named (product.md#the-map): never a bare "+1".
    expect(placed.map((l) => l.text)).toEqual(['QUAY HOR… +1']);
    expect(placeLabels([{ at: [40, 30], text: 'A VERY LONG VESSEL NAME', clear: 10 }], narrow)).toEqual([]);
  });

  it('keeps clear of areas already taken', () => {
    const [p] = placeLabels([{ at: [100, 100], text: 'AB', clear: 7 }], size, [
      { x: 100, y: 60, width: 40, height: 40 },
    ]);
    expect(p!.y).toBeGreaterThan(100);
  });
});

/** The map's own taken areas (WorldMap.tsx): the zoom buttons' corner and a 28-pixel box round each vessel. */
function mapOf(width: number, height: number, vessels: [string, number, number][]) {
  const items: LabelItem[] = vessels.map(([text, x, y]) => ({
    at: [x, y],
    text,
    clear: 14,
    group: 'vessel',
    always: true,
  }));
  const taken = [
    { x: width - 60, y: 0, width: 60, height: 108 },
    ...vessels.map(([, x, y]) => ({ x: x - 14, y: y - 14, width: 28, height: 28 })),
  ];
  return { items, taken, size: { width, height } };
}

describe('every vessel named on My Vessel', () => {
  it("names a group whose own arrows surround its first vessel (staff's fleet at the desk)", () => {
    // Where staff's vessels fell on the 958 x 478 map at 1280 x 800: the group of four had no label.
    const { items, taken, size } = mapOf(958, 478, [
      ['QUAY HORIZON', 902, 217.9],
      ['QUAY SOVEREIGN', 130.4, 37.7],
      ['NORDIC SPIRIT', 56, 98.8],
      ['ORIENT JADE', 769.8, 440.3],
      ['PACIFICA SUNRISE', 857.1, 297.2],
      ['QUAY ENDEAVOUR', 890.7, 246.1],
      ['ORIENT SAPPHIRE', 890.6, 240.5],
      ['QUAY CORAL', 876.4, 198.4],
    ]);
    const placed = placeLabels(items, size, taken);
    expect(placed.flatMap((l) => l.members).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(placed.map((l) => l.text)).toContain('QUAY HORIZON +3');
  });

  it("names the group of five close together on the phone (an operator's fleet at 390 x 844)", () => {
    const { items, taken, size } = mapOf(324, 278, [
      ['QUAY HORIZON', 268, 153.3],
      ['QUAY MERIDIAN', 249.8, 176.1],
      ['ORIENT CORSAIR', 263.7, 161.1],
      ['PACIFICA DAWN', 259.9, 171.6],
      ['QUAY BEACON', 256.6, 175.2],
      ['ATLAS HUDSON', 56, 101.9],
    ]);
    const placed = placeLabels(items, size, taken);
    expect(placed.map((l) => l.text).sort()).toEqual(['ATLAS HUDSON', 'QUAY HORIZON +4']);
  });

  it('lets a vessel with no room for its name join the nearest group, and leaves out only other labels', () => {
    // A map just wide enough for one short name: the second vessel's name fits nowhere beside the first's.
    const narrow = { width: 150, height: 50 };
    const vessel = (text: string, x: number): LabelItem => ({
      at: [x, 30],
      text,
      clear: 10,
      group: 'vessel',
      always: true,
    });
    const placed = placeLabels([vessel('ALPHA', 30), vessel('BRAVO', 110)], narrow);
    expect(placed.flatMap((l) => l.members).sort()).toEqual([0, 1]);
    expect(placed[0]?.text).toMatch(/^ALPHA \+1$/);
    // Without `always`, as for ports, the one with no room is left out.
    const ports = placeLabels(
      [
        { at: [30, 30], text: 'ALPHA', clear: 10, group: 'port' },
        { at: [110, 30], text: 'BRAVO', clear: 10, group: 'port' },
      ],
      narrow,
    );
    expect(ports.flatMap((l) => l.members)).toEqual([0]);
  });
});
