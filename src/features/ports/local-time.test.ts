// The port's offset from UTC beside its local time, summer time included, whatever the device's own zone.
import { describe, expect, it } from 'vitest';
import { utcOffset } from './local-time.ts';

describe("a port's offset from UTC", () => {
  it('is told at the instant, summer time included', () => {
    expect(utcOffset('Asia/Singapore', '2026-11-22T14:00:00Z')).toBe('UTC+8');
    expect(utcOffset('Asia/Kolkata', '2026-11-22T14:00:00Z')).toBe('UTC+5:30');
    expect(utcOffset('Europe/Amsterdam', '2026-07-01T12:00:00Z')).toBe('UTC+2');
    expect(utcOffset('Europe/Amsterdam', '2026-11-22T12:00:00Z')).toBe('UTC+1');
    expect(utcOffset('America/Sao_Paulo', '2026-11-22T14:00:00Z')).toBe('UTC-3');
    expect(utcOffset('Etc/UTC', '2026-11-22T14:00:00Z')).toBe('UTC');
  });

  it('is nothing for no zone, an unknown zone or a bad time', () => {
    expect(utcOffset(undefined, '2026-11-22T14:00:00Z')).toBe('');
    expect(utcOffset('Mars/Olympus', '2026-11-22T14:00:00Z')).toBe('');
    expect(utcOffset('Asia/Singapore', 'not a time')).toBe('');
  });
});
