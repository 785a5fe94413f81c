// The administration's words: a server message placed beside its field, audit entries as sentences with what changed
// from what to what, and the form's body (only what changed; the roles a type brings).
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../core/contract/admin-users.ts';
import { auditSentence, changesOf, fieldOfMessage } from './admin-words.ts';
import { changeBody, emptyUser, newUserBody } from './user-body.ts';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  auditSeq: 1,
  at: '2026-11-28T01:00:00.000Z',
  actor: 'staff',
  action: 'user.updated',
  usrId: 'j.smith',
  detail: {},
  ...over,
});

describe('fieldOfMessage', () => {
  it('finds the field a server message names, or none', () => {
    expect(fieldOfMessage('vslCd: unknown vessel ZZZZ')).toBe('vslCd');
    expect(fieldOfMessage('body.usrNm must NOT have fewer than 1 characters')).toBe('usrNm');
    expect(fieldOfMessage('usrId j.smith already exists')).toBe('usrId');
    expect(fieldOfMessage('You cannot disable yourself: another administrator can')).toBeNull();
  });
});

describe('audit entries in words', () => {
  const names = new Map([['staff', 'Kenji Watanabe']]);
  const nameOf = (id: string) => names.get(id);

  it('names the actor and the user', () => {
    expect(auditSentence(entry({ action: 'user.disabled' }), nameOf)).toBe('Kenji Watanabe disabled j.smith');
    expect(auditSentence(entry({ action: 'user.created', actor: 'cli' }), nameOf)).toBe(
      'The admin command added j.smith',
    );
    expect(auditSentence(entry({ action: 'user.updated', actor: 'k.other' }), nameOf)).toBe(
      'k.other changed j.smith',
    );
  });

  it('says what changed from what to what, and only that', () => {
    const detail = {
      before: { usrNm: 'J Smith', usrTpCd: '2', vslCd: null, ofcId: '', roles: ['NAV00'], ports: [] },
      // A vessel user's office is its vessel: said once, as the vessel.
      after: {
        usrNm: 'J Smith',
        usrTpCd: '4',
        vslCd: 'QHZN',
        ofcId: 'QHZN',
        roles: ['VSL00', 'NAV00'],
        ports: [],
      },
    };
    expect(changesOf(detail)).toEqual([
      'Type: Staff → Vessel',
      'Vessel: none → QHZN',
      'Roles: Operator → Vessel, Operator',
    ]);
  });

  it('lists what a new user got, and never a password', () => {
    expect(changesOf({ after: { usrNm: 'J Smith', ports: ['SGSIN', 'NLRTM'] } })).toEqual([
      'Name: J Smith',
      'Ports: SGSIN, NLRTM',
    ]);
    expect(changesOf({ password: { from: 'x', to: 'y' } })).toEqual(['Password changed']);
  });
});

describe('the form body', () => {
  it('sends only what changed, with the roles the type brings', () => {
    const before = { ...emptyUser, usrId: 'j.smith', usrNm: 'J Smith', roles: ['NAV00'] };
    expect(changeBody(before, { ...before, usrTpCd: '4', vslCd: 'QHZN' })).toEqual({
      usrTpCd: '4',
      roles: ['VSL00', 'NAV00'],
      vslCd: 'QHZN',
    });
    expect(changeBody(before, { ...before, password: 'a long password' })).toEqual({
      password: 'a long password',
    });
  });

  it('gives a vessel to a vessel user only and ports to an agent only', () => {
    const agent = newUserBody({
      ...emptyUser,
      usrId: ' a.gent ',
      usrNm: 'A',
      usrTpCd: '3',
      vslCd: 'QHZN',
      ports: ['SGSIN'],
    });
    expect(agent).toMatchObject({
      usrId: 'a.gent',
      usrTpCd: '3',
      roles: ['AGT00'],
      vslCd: null,
      ports: ['SGSIN'],
    });
    expect(agent).not.toHaveProperty('password');
  });
});
