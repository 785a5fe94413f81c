// The data meter's arithmetic: UTC day and month keys, what is kept, wire estimates, and how figures read.
import { describe, expect, it } from 'vitest';
import {
  BROWSER_REQUEST_HEADERS_BYTES,
  dayKey,
  formatBytes,
  monthKey,
  oldestDayKept,
  oldestMonthKept,
  requestBytes,
  wsFrameBytes,
} from './usage.ts';

describe('periods', () => {
  it('puts a byte in its UTC day and month, whatever the local time', () => {
    const lateNight = Date.UTC(2026, 10, 30, 23, 59, 59);
    expect(dayKey(lateNight)).toBe('d:2026-11-30');
    expect(monthKey(lateNight)).toBe('m:2026-11');
    expect(dayKey(lateNight + 1000)).toBe('d:2026-12-01');
    expect(monthKey(lateNight + 1000)).toBe('m:2026-12');
  });

  it('keeps 62 days and 13 months', () => {
    const at = Date.UTC(2026, 10, 25, 12);
    expect(oldestDayKept(at)).toBe('d:2026-09-25');
    expect(oldestMonthKept(at)).toBe('m:2025-11');
    expect(oldestMonthKept(Date.UTC(2026, 0, 3))).toBe('m:2025-01');
  });
});

describe('wire estimates', () => {
  it('counts a request line, the caller headers, the browser headers and the body', () => {
    const up = requestBytes('POST', 'http://host/api/x?a=1', [['Content-Type', 'application/json']], 10);
    // "POST /api/x?a=1 HTTP/1.1\r\n" 26 + "Content-Type: application/json\r\n" 32 + length line 22 + blank 2 + body
    expect(up).toBe(26 + 32 + BROWSER_REQUEST_HEADERS_BYTES + 22 + 2 + 10);
  });

  it('frames a WebSocket message as RFC 6455 does', () => {
    expect(wsFrameBytes(1, false)).toBe(3); // a heart-beat from the server
    expect(wsFrameBytes(1, true)).toBe(7); // a heart-beat from the client: masked
    expect(wsFrameBytes(125, false)).toBe(127);
    expect(wsFrameBytes(126, false)).toBe(130);
    expect(wsFrameBytes(70_000, true)).toBe(70_014);
  });
});

describe('formatBytes', () => {
  it('reads in KB below a megabyte and in MB above, in the en locale', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(400)).toBe('0 KB');
    expect(formatBytes(84_200)).toBe('84 KB');
    expect(formatBytes(999_000)).toBe('999 KB');
    expect(formatBytes(999_600)).toBe('1.0 MB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
    expect(formatBytes(14_400_000)).toBe('14 MB');
    expect(formatBytes(1_250_000_000)).toBe('1,250 MB');
  });
});
