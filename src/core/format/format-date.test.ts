import { describe, expect, it } from 'vitest';
import {
  formatChatDay,
  formatChatTime,
  formatDate,
  formatTimeDate,
  formatTimeDateYear,
  formatUtc,
  toDate,
} from './format-date.ts';

const ISO = '2026-11-22T14:05:00.000Z';

describe('UTC formats', () => {
  it('formats ISO strings, Dates and epoch ms the same way, in UTC', () => {
    for (const v of [ISO, new Date(ISO), Date.parse(ISO)]) {
      expect(formatDate(v)).toBe('22-Nov-26');
      expect(formatTimeDate(v)).toBe('14:05 22-Nov');
      expect(formatTimeDateYear(v)).toBe('14:05 22-Nov-26');
      expect(formatUtc(v)).toBe('UTC 14:05 22-Nov-26');
    }
  });

  it('converts an offset to UTC, across the date line', () => {
    expect(formatTimeDateYear('2026-11-23T01:30:00+09:00')).toBe('16:30 22-Nov-26');
  });

  it('reads an ISO date-time without offset as UTC, not device time', () => {
    expect(formatTimeDateYear('2026-01-02T03:04:05')).toBe('03:04 02-Jan-26');
    expect(formatTimeDateYear('2026-01-02T03:04')).toBe('03:04 02-Jan-26');
  });

  it('pads single-digit days and hours, and uses English month names', () => {
    expect(formatTimeDateYear('2027-05-03T07:09:00Z')).toBe('07:09 03-May-27');
    expect(formatDate('2026-09-01')).toBe('01-Sep-26');
  });

  it.each([null, undefined, '', '   ', 'not a date', '2026-13-45T99:00:00Z', NaN, Infinity, new Date('x')])(
    'returns "-" for empty or invalid input %s',
    (v) => {
      expect(formatDate(v)).toBe('-');
      expect(formatTimeDate(v)).toBe('-');
      expect(formatTimeDateYear(v)).toBe('-');
      expect(formatUtc(v)).toBe('-');
      expect(toDate(v)).toBeNull();
    },
  );

  it('accepts epoch 0 as a real time', () => {
    expect(formatDate(0)).toBe('01-Jan-70');
  });

  it('does not share the caller Date', () => {
    const d = new Date(ISO);
    const parsed = toDate(d);
    parsed?.setUTCFullYear(2000);
    expect(d.toISOString()).toBe(ISO);
  });
});

describe('formatChatTime', () => {
  const now = '2026-11-22T10:00:00Z'; // 18:00 in Singapore (UTC+8)

  it('shows local time with LT for a message of today in that zone', () => {
    expect(formatChatTime('2026-11-22T02:05:00Z', 'Asia/Singapore', now)).toBe('10:05 LT');
    expect(formatChatTime('2026-11-22T02:05:00Z', 'UTC', now)).toBe('02:05 LT');
  });

  it('adds the day when the message is from another day in that zone', () => {
    // 20:00 UTC on the 21st is 04:00 on the 22nd in Singapore: today there, yesterday in UTC.
    const msg = '2026-11-21T20:00:00Z';
    expect(formatChatTime(msg, 'Asia/Singapore', now)).toBe('04:00 LT');
    expect(formatChatTime(msg, 'UTC', now)).toBe('20:00 21-Nov LT');
    expect(formatChatTime(msg, 'America/New_York', now)).toBe('15:00 21-Nov LT');
  });

  it('shows the day for a message of the same date a year earlier', () => {
    expect(formatChatTime('2025-11-22T02:05:00Z', 'UTC', now)).toBe('02:05 22-Nov LT');
  });

  it('defaults to the device zone and the current time', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const t = new Date();
    expect(formatChatTime(t)).toBe(formatChatTime(t, zone, Date.now()));
    expect(formatChatTime(t)).toMatch(/^\d{2}:\d{2} LT$/);
  });

  it('returns "-" for bad input or an unknown zone', () => {
    expect(formatChatTime(null, 'UTC', now)).toBe('-');
    expect(formatChatTime('', 'UTC', now)).toBe('-');
    expect(formatChatTime('garbage', 'UTC', now)).toBe('-');
    expect(formatChatTime(now, 'Not/AZone', now)).toBe('-');
  });
});

describe('formatChatDay', () => {
  const now = '2026-11-22T10:00:00Z'; // Sunday; 18:00 in Singapore

  it("names today and yesterday in the reader's zone, else the weekday and the app's dd-MMM-yy", () => {
    expect(formatChatDay('2026-11-22T01:00:00Z', 'UTC', now)).toBe('Today');
    expect(formatChatDay('2026-11-21T23:30:00Z', 'UTC', now)).toBe('Yesterday');
    // 23:30 UTC on the 21st is already the 22nd in Singapore.
    expect(formatChatDay('2026-11-21T23:30:00Z', 'Asia/Singapore', now)).toBe('Today');
    expect(formatChatDay('2026-11-19T12:00:00Z', 'UTC', now)).toBe('Thu 19-Nov-26');
    expect(formatChatDay('2025-12-31T12:00:00Z', 'UTC', now)).toBe('Wed 31-Dec-25');
  });

  it('says "-" for what is not a date', () => {
    expect(formatChatDay('not a date', 'UTC', now)).toBe('-');
  });
});
