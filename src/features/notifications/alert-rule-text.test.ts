import { describe, expect, it } from 'vitest';
import { describeRule, settingsShown, sortRules } from './alert-rule-text.ts';

describe('describeRule', () => {
  it('says what an ETA rule waits for, at its port or any port', () => {
    expect(
      describeRule({ ruleId: 'a', vslCd: 'QHZN', kind: 'ETA', portCd: 'SGSIN', hrs: 6, events: [] }),
    ).toBe('ETA at SGSIN moves by more than 6 h');
    expect(describeRule({ ruleId: 'a', vslCd: 'QHZN', kind: 'ETA', portCd: null, hrs: 1, events: [] })).toBe(
      'ETA at any port moves by more than 1 h',
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

describe('sortRules', () => {
  const rule = (ruleId: string, vslCd: string, kind: 'ETA' | 'PORT', portCd: string | null, hrs = 6) => ({
    ruleId,
    vslCd,
    kind,
    portCd,
    hrs: kind === 'ETA' ? hrs : null,
    events: kind === 'PORT' ? (['ATA'] as const).slice() : [],
  });
  const names: Record<string, string> = { QHZN: 'QUAY HORIZON', AHDS: 'ATLAS HORIZON' };
  const nameOf = (c: string) => names[c] ?? c;

  it('lists by vessel name, ETA alerts first, then by port, whatever order the device read them in', () => {
    const rules = [
      rule('f1', 'QHZN', 'PORT', 'SGSIN'),
      rule('0a', 'QHZN', 'ETA', 'NLRTM'),
      rule('9z', 'AHDS', 'ETA', null),
      rule('77', 'QHZN', 'ETA', null),
    ];
    const order = (list: typeof rules) => sortRules(list, nameOf).map((r) => r.ruleId);
    expect(order(rules)).toEqual(['9z', '77', '0a', 'f1']);
    expect(order([...rules].reverse())).toEqual(['9z', '77', '0a', 'f1']);
  });
});

describe('settingsShown', () => {
  const settings = [{ notId: 'N001' }, { notId: 'N010' }];
  it('has no My Alert switch for types 5 and 6, who may set no alerts', () => {
    expect(settingsShown(settings, '5').map((s) => s.notId)).toEqual(['N001']);
    expect(settingsShown(settings, '6').map((s) => s.notId)).toEqual(['N001']);
    expect(settingsShown(settings, '2').map((s) => s.notId)).toEqual(['N001', 'N010']);
  });
});
