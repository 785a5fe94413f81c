import { describe, expect, it } from 'vitest';
import { placeLabels } from './labels.ts';

describe('map labels', () => {
  it('puts a lone label above right of its point', () => {
    expect(placeLabels([{ at: [100, 100], text: 'SGSIN', clear: 7 }])).toEqual([{ x: 107, y: 93 }]);
  });

  it('moves a label that would cover an earlier one, and leaves out one with no free spot', () => {
    const placed = placeLabels([
      { at: [100, 100], text: 'CNSHA', clear: 7 },
      { at: [100, 104], text: 'CNNGB', clear: 7 },
      { at: [100, 102], text: 'CNTAO', clear: 7 },
      { at: [101, 103], text: 'KRPUS', clear: 7 },
      { at: [100, 101], text: 'JPTYO', clear: 7 },
      { at: [100, 103], text: 'JPUKB', clear: 7 },
    ]);
    expect(placed[0]).toEqual({ x: 107, y: 93 });
    expect(placed[1]).not.toBeNull();
    expect(placed[1]).not.toEqual({ x: 107, y: 97 });
    expect(placed.filter((p) => p === null).length).toBeGreaterThan(0);
  });

  it('keeps clear of areas already taken', () => {
    const [p] = placeLabels(
      [{ at: [100, 100], text: 'AB', clear: 7 }],
      [{ x: 100, y: 80, width: 40, height: 20 }],
    );
    expect(p).toEqual({ x: 107, y: 119 });
  });
});
