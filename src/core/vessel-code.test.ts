import { describe, expect, it } from 'vitest';
import { IBIS_VSL_CD_KEY, resolveVesselCode } from './vessel-code.ts';

describe('resolveVesselCode', () => {
  it("prefers the user's vessel code, then the current one, then the stored one", () => {
    expect(
      resolveVesselCode({ userVesselCode: 'AAAA', currentVesselCode: 'BBBB', storedVesselCode: 'CCCC' }),
    ).toBe('AAAA');
    expect(
      resolveVesselCode({ userVesselCode: null, currentVesselCode: 'BBBB', storedVesselCode: 'CCCC' }),
    ).toBe('BBBB');
    expect(resolveVesselCode({ currentVesselCode: '', storedVesselCode: 'CCCC' })).toBe('CCCC');
  });

  it('skips blank values and trims the one it returns', () => {
    expect(
      resolveVesselCode({ userVesselCode: '   ', currentVesselCode: ' BBBB ', storedVesselCode: 'CCCC' }),
    ).toBe('BBBB');
  });

  it('is null when none is set', () => {
    expect(resolveVesselCode({})).toBeNull();
    expect(
      resolveVesselCode({ userVesselCode: '', currentVesselCode: null, storedVesselCode: ' ' }),
    ).toBeNull();
  });

  it('names the localStorage key', () => {
    expect(IBIS_VSL_CD_KEY).toBe('IBIS_VSL_CD');
  });
});
