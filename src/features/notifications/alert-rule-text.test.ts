import { describe, expect, it } from 'vitest';
import { describeRule } from './alert-rule-text.ts';

describe('describeRule', () => {
  it('says what an ETA rule waits for, at its port or any port', () => {
    expect(
      describeRule({ ruleId: 'a', vslCd: 'QHZN', kind: 'ETA', portCd: 'SGSIN', hrs: 6, events: [] }),
    ).toBe('ETA at SGSIN moves by more than 6 hrs');
    expect(describeRule({ ruleId: 'a', vslCd: 'QHZN', kind: 'ETA', portCd: null, hrs: 1, events: [] })).toBe(
      'ETA at any port moves by more than 1 hr',
    );
  });

  it('names the events of a port rule in the order of a call', () => {
    const rule = { ruleId: 'a', vslCd: 'QHZN', kind: 'PORT' as const, portCd: 'NLRTM', hrs: null };
    expect(describeRule({ ...rule, events: ['ATA', 'ATD'] })).toBe('Arrives at or leaves NLRTM');
    expect(describeRule({ ...rule, events: ['ATA', 'ATB', 'ATD'] })).toBe(
      'Arrives at, berths at or leaves NLRTM',
    );
    expect(describeRule({ ...rule, events: ['ATB'] })).toBe('Berths at NLRTM');
  });
});
