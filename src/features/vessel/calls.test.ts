import { describe, expect, it } from 'vitest';
import {
  callState,
  highlightedCallIndex,
  notificationQuery,
  shownTimes,
  wantsScheduleWidget,
} from './calls.ts';
import { distanceNm, requiredSpeed } from './required-speed.ts';

const call = (
  portCd: string,
  over: Partial<{ ata: string; atd: string; skipYn: 'Y' | 'N'; isCurrent: boolean }> = {},
) => ({
  portCd,
  skipYn: 'N' as 'Y' | 'N',
  ata: null as string | null,
  atd: null as string | null,
  isCurrent: false,
  ...over,
});
const T = '2026-11-20T10:00:00.000Z';

describe('the state of a call', () => {
  it('sorts calls into past, current, ahead and omitted', () => {
    const calls = [call('A', { ata: T, atd: T }), call('B', { skipYn: 'Y' }), call('C'), call('D')];
    expect(calls.map((c, i) => callState(c, i, 2))).toEqual(['past', 'omitted', 'current', 'ahead']);
    expect(calls.map((c, i) => callState(c, i, -1))).toEqual(['past', 'omitted', 'past', 'past']);
  });
});

describe('the highlighted call', () => {
  const calls = [call('CNSHA', { ata: T, atd: T }), call('KRPUS'), call('SGSIN'), call('CNSHA')];

  it("is the call at the notification's port, the one from the current call on when there are two", () => {
    expect(highlightedCallIndex(calls, 'SGSIN', 1)).toBe(2);
    expect(highlightedCallIndex(calls, 'cnsha', 1)).toBe(3);
    expect(highlightedCallIndex(calls, 'CNSHA', -1)).toBe(0);
    expect(highlightedCallIndex(calls, 'KRPUS', 2)).toBe(1);
  });

  it('is none for a port the voyage does not call, or no port', () => {
    expect(highlightedCallIndex(calls, 'NLRTM', 1)).toBe(-1);
    expect(highlightedCallIndex(calls, null, 1)).toBe(-1);
    expect(highlightedCallIndex(calls, ' ', 1)).toBe(-1);
  });

  it('reads the widget path and the notification query', () => {
    expect(wantsScheduleWidget('?widgetPath=IBM_W2030')).toBe(true);
    expect(wantsScheduleWidget('widgetPath=ibm_w2030&x=1')).toBe(true);
    expect(wantsScheduleWidget('?widgetPath=IBM_W1000')).toBe(false);
    expect(wantsScheduleWidget('')).toBe(false);
    expect(notificationQuery('?notSeq=42&notId=N004&portCd=sgsin')).toEqual({
      notSeq: 42,
      notId: 'N004',
      portCd: 'SGSIN',
    });
    expect(notificationQuery('?notSeq=x')).toEqual({ notSeq: null, notId: null, portCd: null });
  });
});

describe('times and speed', () => {
  it('shows actual times (A*) where they exist, estimates otherwise', () => {
    const t = shownTimes({ eta: 'e1', etb: 'e2', etd: 'e3', ata: 'a1', atb: null, atd: null });
    expect(t.map((x) => `${x.label}=${x.value}`)).toEqual(['ATA=a1', 'ETB=e2', 'ETD=e3']);
    expect(t.map((x) => x.actual)).toEqual([true, false, false]);
  });

  it('needs distance over hours left, and nothing once the ETA is (nearly) here', () => {
    expect(distanceNm(0, 0, 0, 1)).toBeCloseTo(60.04, 1);
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(requiredSpeed({ lat: 0, lon: 0 }, { lat: 0, lon: 1 }, '2026-11-20T04:00:00Z', now)).toBe(15);
    expect(requiredSpeed({ lat: 0, lon: 0 }, { lat: 0, lon: 1 }, '2026-11-19T23:00:00Z', now)).toBeNull();
    expect(requiredSpeed({ lat: null, lon: 0 }, { lat: 0, lon: 1 }, '2026-11-20T04:00:00Z', now)).toBeNull();
    expect(requiredSpeed({ lat: 0, lon: 0 }, {}, '2026-11-20T04:00:00Z', now)).toBeNull();
  });
});
