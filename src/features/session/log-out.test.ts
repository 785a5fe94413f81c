// The logout questions say what happens to the changes still waiting, with the link and without.
import { describe, expect, it } from 'vitest';
import { atSeaQuestion, logoutQuestion } from './log-out.ts';

describe('logoutQuestion', () => {
  it('agrees with the count, and always says a link is needed to sign on again', () => {
    expect(logoutQuestion(0)).toBe('You need a link to sign on again.');
    expect(logoutQuestion(1)).toBe(
      '1 change waiting to be sent. It is sent first, then you are logged out. You need a link to sign on again.',
    );
    expect(logoutQuestion(3)).toMatch(/^3 changes waiting to be sent\. They are sent first/);
  });
});

describe('atSeaQuestion', () => {
  it('says the server is told later, and offers to keep or discard what waits', () => {
    expect(atSeaQuestion(0)).toMatch(/server is told when the link returns\. You need a link/);
    expect(atSeaQuestion(2)).toMatch(/2 changes have not been sent\. Keep them on this device/);
    expect(atSeaQuestion(1)).toMatch(/1 change has not been sent/);
  });
});
