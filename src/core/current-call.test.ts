// Which call is the current one, and the port a vessel user's app treats as its own.
import { describe, expect, it } from 'vitest';
import { currentCallIndex, ownPortOf } from './current-call.ts';

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

describe('the current call', () => {
  it("takes the server's mark", () => {
    expect(currentCallIndex([call('A', { ata: T, atd: T }), call('B'), call('C', { isCurrent: true })])).toBe(
      2,
    );
  });

  it('without a mark: the first call not departed and not omitted, after the last arrival', () => {
    expect(
      currentCallIndex([call('A', { ata: T, atd: T }), call('B', { skipYn: 'Y' }), call('C'), call('D')]),
    ).toBe(2);
    expect(currentCallIndex([call('A', { ata: T, atd: T }), call('B', { ata: T }), call('C')])).toBe(1);
    // A call left with no departure before a later arrival is not current.
    expect(currentCallIndex([call('A'), call('B', { ata: T }), call('C')])).toBe(1);
  });

  it('is -1 when every call is done', () => {
    expect(currentCallIndex([call('A', { ata: T, atd: T }), call('B', { ata: T, atd: T })])).toBe(-1);
    expect(currentCallIndex([])).toBe(-1);
  });
});

describe("a vessel's own port (the side menu's Port Live)", () => {
  const voyage = (syncedAt: number) => ({
    syncedAt,
    data: { calls: [call('SGSIN', { ata: T, atd: T }), call('MYTPP', { ata: T }), call('LKCMB')] },
  });
  const vessel = (syncedAt: number, portCd: string | null) => ({
    syncedAt,
    data: { nextPort: portCd ? { portCd } : null },
  });

  it('is the call the vessel is at or heading to, from the fresher of its current info and its voyage', () => {
    // The voyage synced later: the vessel has arrived at MYTPP since its current info said SGSIN.
    expect(ownPortOf(vessel(1, 'SGSIN'), voyage(2))).toBe('MYTPP');
    expect(ownPortOf(vessel(3, 'LKCMB'), voyage(2))).toBe('LKCMB');
    expect(ownPortOf(vessel(1, 'SGSIN'), null)).toBe('SGSIN');
    expect(ownPortOf(null, voyage(1))).toBe('MYTPP');
  });

  it('takes the other answer when the fresher one names no port, and is null when neither does', () => {
    expect(ownPortOf(vessel(3, null), voyage(2))).toBe('MYTPP');
    expect(ownPortOf(vessel(1, 'SGSIN'), { syncedAt: 2, data: { calls: [] } })).toBe('SGSIN');
    expect(ownPortOf(null, null)).toBeNull();
  });
});
