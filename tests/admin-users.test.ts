// User administration through the API (product.md#user-administration): administrators only; list, find, add and
// change users by the rules of their type, with 400s naming the field, 409s for taken ids and the administrators'
// safeguards, and an audit entry with the values before and after each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { changeUser, disableUser } from '../server/admin/users.ts';
import { settleEvents } from '../server/domain/events.ts';
import {
  ADMIN_AUDIT,
  ADMIN_USER,
  ADMIN_USER_DISABLE,
  ADMIN_USERS,
  adminPath,
} from '../src/core/contract/api.ts';
import type { AdminUser, AdminUserList, AuditList } from '../src/core/contract/admin-users.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const USERS = adminPath(ADMIN_USERS);
const userPath = (usrId: string) => adminPath(ADMIN_USER, { usrId });
const asStaff = (method: string, url: string, body?: unknown) =>
  s.call(method, url, { as: 'staff', ...(body === undefined ? {} : { body }) });

async function add(body: Record<string, unknown>): Promise<AdminUser> {
  const res = await asStaff('POST', USERS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminUser>();
}

/** The 400 (or other status) and that its message names the problem. */
async function refused(
  res: { statusCode: number; json<T>(): T; body: string },
  status: number,
  words: RegExp,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toMatch(words);
}

const auditOf = async (usrId: string) =>
  (await asStaff('GET', `${adminPath(ADMIN_AUDIT)}?usrId=${usrId}`)).json<AuditList>().entries;

describe('who may administer users', () => {
  it('refuses others with 403, before reading the body', async () => {
    for (const as of ['operator', 'agent', 'vessel']) {
      await refused(await s.call('GET', USERS, { as }), 403, /administrators/);
      await refused(await s.call('POST', USERS, { as, body: { nonsense: true } }), 403, /administrators/);
      await refused(await s.call('GET', adminPath(ADMIN_AUDIT), { as }), 403, /administrators/);
    }
    expect((await s.call('GET', USERS)).statusCode).toBe(401);
  });
});

describe('list and find', () => {
  it('lists active users by id, finds text in id, name and email, and filters by type', async () => {
    const all = (await asStaff('GET', USERS)).json<AdminUserList>();
    const ids = all.users.map((u) => u.usrId);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['agent', 'vessel', 'staff', 'operator']));
    expect(all.more).toBe(false);

    const priya = (await asStaff('GET', `${USERS}?q=PRIYA`)).json<AdminUserList>().users;
    expect(priya.map((u) => u.usrId)).toEqual(['agent']);
    expect(priya[0]).toMatchObject({ usrTpCd: '3', roles: ['AGT00'], ports: ['SGSIN', 'MYTPP', 'MYPKG'] });
    const byMail = (await asStaff('GET', `${USERS}?q=master.qhzn@`)).json<AdminUserList>().users;
    expect(byMail.map((u) => u.usrId)).toEqual(['vessel']);
    expect(byMail[0]).toMatchObject({ vslCd: 'QHZN', roles: ['VSL00'], hasPassword: true });
    // A % is a character to find, not a wildcard.
    expect((await asStaff('GET', `${USERS}?q=%25`)).json<AdminUserList>().users).toEqual([]);

    const vessels = (await asStaff('GET', `${USERS}?type=4`)).json<AdminUserList>().users;
    expect(vessels.length).toBeGreaterThan(1);
    expect(vessels.every((u) => u.usrTpCd === '4' && u.vslCd !== null)).toBe(true);
    await refused(await asStaff('GET', `${USERS}?type=9`), 400, /type/);
    await refused(await asStaff('GET', `${USERS}?state=gone`), 400, /state/);
  });

  it('answers one user, and 404 naming an unknown one', async () => {
    const one = await asStaff('GET', userPath('operator'));
    expect(one.json<AdminUser>()).toMatchObject({
      usrId: 'operator',
      roles: ['NAV00', 'NAV01'],
      vslCd: null,
    });
    await refused(await asStaff('GET', userPath('nobody.here')), 404, /nobody\.here/);
    await refused(await asStaff('GET', userPath('bad id')), 400, /usrId/);
  });
});

describe('add', () => {
  it('makes a vessel user of a known vessel, with VSL00; 400 naming vslCd otherwise', async () => {
    const base = { usrId: 'master.ahds2', usrNm: 'Capt. Ana Reis', usrTpCd: '4' };
    await refused(await asStaff('POST', USERS, base), 400, /^vslCd: .*needs its vessel/);
    await refused(
      await asStaff('POST', USERS, { ...base, vslCd: 'ZZZZ' }),
      400,
      /^vslCd: unknown vessel ZZZZ/,
    );
    const made = await add({ ...base, vslCd: 'AHDS', roles: [], email: 'ana@example.com' });
    expect(made).toMatchObject({
      usrTpCd: '4',
      vslCd: 'AHDS',
      ofcId: 'AHDS',
      roles: ['VSL00'],
      hasPassword: false,
    });
    expect(made.disabledAt).toBeNull();
    await refused(
      await asStaff('POST', USERS, { ...base, vslCd: 'AHDS' }),
      409,
      /master\.ahds2 already exists/,
    );
  });

  it('makes an agent of known ports, with AGT00; 400 naming ports otherwise', async () => {
    const base = { usrId: 'agent.rtm2', usrNm: 'Jan de Vries', usrTpCd: '3' };
    await refused(
      await asStaff('POST', USERS, { ...base, ports: ['NLRTM', 'XXNOP'] }),
      400,
      /^ports: unknown port XXNOP/,
    );
    const made = await add({ ...base, ports: ['NLRTM', 'BEANR'] });
    expect(made).toMatchObject({ roles: ['AGT00'], ports: ['NLRTM', 'BEANR'], vslCd: null });
  });

  it('refuses what does not fit the type, roles not known and short passwords', async () => {
    const base = { usrId: 'shore.one', usrNm: 'Shore One', usrTpCd: '2' };
    await refused(
      await asStaff('POST', USERS, { ...base, vslCd: 'AHDS' }),
      400,
      /^vslCd: only a vessel user/,
    );
    await refused(
      await asStaff('POST', USERS, { ...base, ports: ['NLRTM'] }),
      400,
      /^ports: only a port agent/,
    );
    await refused(await asStaff('POST', USERS, { ...base, roles: ['VSL00'] }), 400, /^roles: VSL00/);
    await refused(await asStaff('POST', USERS, { ...base, roles: ['AGT00'] }), 400, /^roles: AGT00/);
    await refused(await asStaff('POST', USERS, { ...base, roles: ['BOSS1'] }), 400, /roles/);
    await refused(await asStaff('POST', USERS, { ...base, password: 'short' }), 400, /password/);
    await refused(await asStaff('POST', USERS, { ...base, usrTpCd: '7' }), 400, /usrTpCd/);
    await refused(await asStaff('POST', USERS, { ...base, usrId: 'has space' }), 400, /usrId/);
    expect((await asStaff('GET', userPath('shore.one'))).statusCode).toBe(404);
  });

  it('keeps the new user, a password-set entry but never the password, in the audit log', async () => {
    const made = await add({
      usrId: 'ops.lead',
      usrNm: 'Ops Lead',
      usrTpCd: '2',
      roles: ['NAV00', 'ADM00'],
      ofcId: 'HQOPS',
      password: 'a-long-password',
    });
    expect(made).toMatchObject({ hasPassword: true, roles: ['NAV00', 'ADM00'] });
    const entries = await auditOf('ops.lead');
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['user.password-set', 'staff'],
      ['user.created', 'staff'],
    ]);
    expect(entries[1]?.detail).toMatchObject({ after: { usrNm: 'Ops Lead', roles: ['NAV00', 'ADM00'] } });
    expect(JSON.stringify(entries)).not.toMatch(/a-long-password|scrypt|hash/i);
  });
});

describe('change', () => {
  it('changes the fields sent, with before and after in the audit log', async () => {
    await add({ usrId: 'agent.sin2', usrNm: 'Lee', usrTpCd: '3', ports: ['SGSIN'] });
    const res = await asStaff('PATCH', userPath('agent.sin2'), {
      ports: ['SGSIN', 'MYTPP'],
      email: 'lee@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminUser>()).toMatchObject({
      usrNm: 'Lee',
      ports: ['SGSIN', 'MYTPP'],
      email: 'lee@example.com',
    });
    const [entry] = await auditOf('agent.sin2');
    expect(entry).toMatchObject({
      action: 'user.updated',
      actor: 'staff',
      detail: {
        before: { ports: ['SGSIN'], email: '' },
        after: { ports: ['SGSIN', 'MYTPP'], email: 'lee@example.com' },
      },
    });
    // Nothing changed: no entry.
    expect((await asStaff('PATCH', userPath('agent.sin2'), { usrNm: 'Lee' })).statusCode).toBe(200);
    expect((await auditOf('agent.sin2')).length).toBe(2);
  });

  it('records userChanged when what the user may see changes (type, roles, vessel, ports), not its name', async () => {
    const cli = { actor: 'cli', usrId: null };
    const eventsOf = (body: Record<string, unknown>) =>
      s.db.tx(async (sql) => {
        await changeUser(sql, cli, 'agent.sin2', body);
        return [...(await settleEvents(sql))];
      });
    expect(await eventsOf({ ports: ['SGSIN'] })).toEqual([{ type: 'userChanged', usrId: 'agent.sin2' }]);
    expect(await eventsOf({ roles: ['AGT00', 'NAV00'] })).toEqual([
      { type: 'userChanged', usrId: 'agent.sin2' },
    ]);
    expect(await eventsOf({ usrNm: 'Lee Wei' })).toEqual([]);
    expect((await auditOf('agent.sin2'))[0]).toMatchObject({
      actor: 'cli',
      detail: { after: { usrNm: 'Lee Wei' } },
    });
  });

  it('drops what belonged to the old type when the type changes, and keeps the follow lists', async () => {
    await add({ usrId: 'agent.mover', usrNm: 'Mover', usrTpCd: '3', ports: ['NLRTM'], roles: ['NAV00'] });
    await s.db.query(
      `INSERT INTO user_relations (usr_id, rel_tp_cd, rel_cd) VALUES ('agent.mover', 'REL_USR_VSL', 'QHZN')`,
    );
    const toVessel = await asStaff('PATCH', userPath('agent.mover'), { usrTpCd: '4', vslCd: 'QHZN' });
    expect(toVessel.json<AdminUser>()).toMatchObject({ roles: ['VSL00', 'NAV00'], ports: [], vslCd: 'QHZN' });
    const toStaff = await asStaff('PATCH', userPath('agent.mover'), { usrTpCd: '2' });
    expect(toStaff.json<AdminUser>()).toMatchObject({ roles: ['NAV00'], vslCd: null, ofcId: '' });
    const follows = await s.db.query(`SELECT rel_cd FROM user_relations WHERE usr_id = 'agent.mover'`);
    expect(follows).toEqual([{ rel_cd: 'QHZN' }]);
    await refused(await asStaff('PATCH', userPath('agent.mover'), { usrTpCd: '4' }), 400, /^vslCd/);
    await refused(await asStaff('PATCH', userPath('nobody.here'), { usrNm: 'X' }), 404, /nobody\.here/);
  });

  it('sets a password, recorded as password-set only', async () => {
    const res = await asStaff('PATCH', userPath('agent.sin2'), { password: 'another-long-one' });
    expect(res.json<AdminUser>().hasPassword).toBe(true);
    const [entry] = await auditOf('agent.sin2');
    expect(entry).toMatchObject({ action: 'user.password-set', detail: {} });
  });
});

describe('administrators keep an administrator', () => {
  it('cannot take ADM00 from themselves nor disable themselves (409)', async () => {
    await refused(await asStaff('PATCH', userPath('staff'), { roles: ['NAV00'] }), 409, /yourself/);
    await refused(await asStaff('POST', adminPath(ADMIN_USER_DISABLE, { usrId: 'staff' })), 409, /yourself/);
    expect((await asStaff('GET', userPath('staff'))).json<AdminUser>().roles).toContain('ADM00');
  });

  it('keeps the last enabled administrator (409), whoever asks', async () => {
    // ops.lead (made above) is the other administrator: staff may take its role, then no one may take staff's.
    const res = await asStaff('PATCH', userPath('ops.lead'), { roles: ['NAV00'] });
    expect(res.statusCode, res.body).toBe(200);
    const cli = { actor: 'cli', usrId: null };
    await expect(s.db.tx((sql) => disableUser(sql, cli, 'staff'))).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/staff is the last enabled administrator/),
    });
    expect((await asStaff('GET', userPath('staff'))).json<AdminUser>().disabledAt).toBeNull();
  });
});
