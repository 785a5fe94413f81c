import { describe, expect, it } from 'vitest';
import type { LoggedUser } from '../core/contract/common.ts';
import { programHref, type CurrentCodes } from './program-href.ts';

const user = (usrTpCd: string, ofcId = 'OFC1'): LoggedUser => ({
  usrId: 'u',
  usrNm: 'U',
  usrTpCd,
  usrRoleCd: '',
  ofcId,
  extUsrId: '',
  email: '',
});
const codes = (over: Partial<CurrentCodes>): CurrentCodes => ({
  user: user('5'),
  vesselCode: null,
  currVslCd: null,
  currSlanCd: null,
  currPortCd: null,
  portCode: null,
  ownPortCd: null,
  ...over,
});

describe('programHref', () => {
  it('appends the current vessel, lane and port codes', () => {
    const s = codes({ currVslCd: 'ABCD', currSlanCd: 'AEX', currPortCd: 'SGSIN' });
    expect(programHref('/vessel', s)).toBe('/vessel/ABCD');
    expect(programHref('/service', s)).toBe('/service/AEX');
    expect(programHref('/port/live', s)).toBe('/port/live/SGSIN');
    expect(programHref('/port/status/', s)).toBe('/port/status/SGSIN');
    expect(programHref('/myvessel', s)).toBe('/myvessel');
  });

  it("takes the agent's default port and a vessel user's own vessel", () => {
    expect(programHref('/port/live', codes({ portCode: 'MYTPP' }))).toBe('/port/live/MYTPP');
    const vesselUser = codes({ user: user('4', 'QHZN'), vesselCode: 'QHZN', currVslCd: 'OTHR' });
    expect(programHref('/vessel', vesselUser)).toBe('/vessel/QHZN');
  });

  it("gives a vessel user's port links the port its vessel is at or heading to", () => {
    const vesselUser = codes({
      user: user('4', 'QHZN'),
      vesselCode: 'QHZN',
      ownPortCd: 'SGSIN',
      currPortCd: 'NLRTM',
    });
    expect(programHref('/port/live', vesselUser)).toBe('/port/live/SGSIN');
    expect(programHref('/port/status', vesselUser)).toBe('/port/status/SGSIN');
    // Until the device knows the vessel's port, the port last opened; another type's links never take it.
    expect(programHref('/port/live', { ...vesselUser, ownPortCd: null })).toBe('/port/live/NLRTM');
    expect(programHref('/port/live', codes({ ownPortCd: 'SGSIN' }))).toBe('/port/live');
  });

  it('links to the page without a code when there is none, and "#" with no user', () => {
    expect(programHref('/service', codes({}))).toBe('/service');
    expect(programHref('/vessel', codes({ user: null, currVslCd: 'ABCD' }))).toBe('#');
  });
});
