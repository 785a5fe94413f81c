import { describe, expect, it } from 'vitest';
import { mapLabel } from './map-label.ts';

describe('mapLabel', () => {
  it('names the vessel, its position in degrees with hemispheres, and its heading', () => {
    expect(mapLabel('QUAY HORIZON', 33.54, 124.21, 164.4)).toBe(
      'Map: QUAY HORIZON at 33.5° N 124.2° E, heading 164°',
    );
    expect(mapLabel('ATLAS HUDSON', -33.91, -18.45, null)).toBe('Map: ATLAS HUDSON at 33.9° S 18.4° W');
    expect(mapLabel('X', 0, 0, 359.7)).toBe('Map: X at 0.0° N 0.0° E, heading 0°');
  });

  it('says when there is no position', () => {
    expect(mapLabel('QUAY HORIZON', null, 10)).toBe('Map: QUAY HORIZON, no position');
  });
});
