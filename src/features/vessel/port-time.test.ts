// The port's local time beside UTC (product.md#port-local-time), whatever the device's own zone.
import { describe, expect, it } from 'vitest';
import { formatPortTime } from './port-time.ts';

describe('formatPortTime', () => {
  it('gives the time in the port zone, with the date when it differs from the UTC date', () => {
    expect(formatPortTime('2026-11-22T14:05:00Z', 'Europe/Amsterdam')).toBe('15:05 local');
    expect(formatPortTime('2026-11-22T17:30:00Z', 'Asia/Singapore')).toBe('01:30 23-Nov local');
    expect(formatPortTime('2026-11-22T02:00:00Z', 'America/Los_Angeles')).toBe('18:00 21-Nov local');
    // Summer time: Rotterdam is UTC+2 in July.
    expect(formatPortTime('2026-07-01T10:00:00Z', 'Europe/Amsterdam')).toBe('12:00 local');
  });

  it('shows nothing for a missing time or an unknown zone', () => {
    expect(formatPortTime(null, 'Europe/Amsterdam')).toBeNull();
    expect(formatPortTime('2026-11-22T14:05:00Z', undefined)).toBeNull();
    expect(formatPortTime('2026-11-22T14:05:00Z', 'Mars/Olympus')).toBeNull();
  });
});
