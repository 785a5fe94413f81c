import { describe, expect, it } from 'vitest';
import { knownPorts, matchPorts, portsOfIndex } from './port-list.ts';

const index = {
  usrId: 'viewer',
  vessels: [['QHZN', 'QUAY HORIZON', 'QY']],
  services: [],
  ports: [
    ['SGSIN', 'Singapore'],
    ['MYTPP', 'Tanjung Pelepas'],
    ['LKCMB', 'Colombo'],
    ['CNSHA', 'Shanghai'],
    ['INNSA', 'Nhava Sheva'],
  ],
  carriers: {},
  ownVslCd: null,
};

describe('the ports a device knows', () => {
  it("are its search index's ports, only when the copy is this user's", () => {
    expect(portsOfIndex(index, 'viewer')).toHaveLength(5);
    expect(portsOfIndex(index, 'viewer')[0]).toEqual({ portCd: 'SGSIN', portNm: 'Singapore' });
    expect(portsOfIndex(index, 'staff')).toEqual([]);
    expect(portsOfIndex(undefined, 'viewer')).toEqual([]);
    expect(portsOfIndex({ usrId: 'viewer', ports: [['X'], 3, ['NLRTM', 'Rotterdam']] }, 'viewer')).toEqual([
      { portCd: 'NLRTM', portNm: 'Rotterdam' },
    ]);
  });

  it("list an agent's own ports first, then the others by name, each once", () => {
    const own = [{ portCd: 'MYTPP', portNm: 'Tanjung Pelepas' }];
    expect(knownPorts(own, portsOfIndex(index, 'viewer')).map((p) => p.portCd)).toEqual([
      'MYTPP',
      'LKCMB',
      'INNSA',
      'CNSHA',
      'SGSIN',
    ]);
  });

  it('narrow to what the user types, by code or name in any case, the best match first', () => {
    const ports = knownPorts([], portsOfIndex(index, 'viewer'));
    expect(matchPorts(ports, '')).toEqual(ports);
    expect(matchPorts(ports, ' sin').map((p) => p.portCd)).toEqual(['SGSIN']);
    // Shanghai starts with "sh", Nhava Sheva only holds it: the name that starts with it comes first.
    expect(matchPorts(ports, 'sh').map((p) => p.portCd)).toEqual(['CNSHA', 'INNSA']);
    expect(matchPorts(ports, 'lkcmb').map((p) => p.portNm)).toEqual(['Colombo']);
    expect(matchPorts(ports, 'pel').map((p) => p.portCd)).toEqual(['MYTPP']);
    expect(matchPorts(ports, 'zzz')).toEqual([]);
  });
});
