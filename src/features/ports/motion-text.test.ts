import { describe, expect, it } from 'vitest';
import { motionText, navStatusText } from './motion-text.ts';

describe('motionText', () => {
  it('says the status and, when moving, the speed', () => {
    expect(motionText({ navSts: 'UNDER_WAY', sog: 18.64 })).toBe('Under way · 18.6 kn');
    expect(motionText({ navSts: 'MOORED', sog: 0.3 })).toBe('Moored');
    expect(motionText({ navSts: 'AT_ANCHOR', sog: 0 })).toBe('At anchor');
  });

  it('is empty when nothing is known, and keeps an unknown status as it is', () => {
    expect(motionText(null)).toBe('');
    expect(motionText({ navSts: null, sog: null })).toBe('');
    expect(navStatusText('AGROUND')).toBe('AGROUND');
  });
});
