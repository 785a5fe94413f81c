// Alerts on my terms (product.md#my-alerts, product.md#who-may-do-what) on the real server: the rules' calls and their role rules, the
// pull that brings them to the user's other devices, the push that carries them, and the simulator's events made into
// one N010 per matching rule, for users who still follow the vessel and have not switched N010 off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_ALERT_RULE,
  NOTIFICATION_ALERT_RULE_DELETE,
  NOTIFICATION_ALERT_RULES,
  NOTIFICATION_SETTINGS,
  COMMON_MY_SETTING,
  commonPath,
  notificationPath,
} from '../src/core/contract/api.ts';
import type { AlertRule } from '../src/core/contract/notification.ts';
import {
  SYNC_PULL_PATH,
  SYNC_PUSH_PATH,
  type PullResponse,
  type PushResponse,
} from '../src/core/contract/sync.ts';
import { recordHappenings } from '../server/simulator/events.ts';
import { loadWorld } from '../server/simulator/world.ts';
import type { CallRec } from '../server/simulator/types.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const HOUR = 3_600_000;
const RULES = notificationPath(NOTIFICATION_ALERT_RULES);
const SAVE = notificationPath(NOTIFICATION_ALERT_RULE);
const DELETE = notificationPath(NOTIFICATION_ALERT_RULE_DELETE);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const etaRule = (ruleId: string, vslCd: string, hrs: number, portCd: string | null = null): AlertRule => ({
  ruleId,
  vslCd,
  kind: 'ETA',
  portCd,
  hrs,
  events: [],
});
const portRule = (ruleId: string, vslCd: string, portCd: string, events: AlertRule['events']): AlertRule => ({
  ruleId,
  vslCd,
  kind: 'PORT',
  portCd,
  hrs: null,
  events,
});
const save = (as: string, body: unknown) => s.call('PUT', SAVE, { as, body });
const remove = (as: string, ruleId: string) => s.call('POST', DELETE, { as, body: { ruleId } });
const list = async (as: string) => (await s.call('GET', RULES, { as })).json<{ rules: AlertRule[] }>().rules;

/** QHZN's first call still to be made, from the simulator's own view of the world. */
async function openCall(): Promise<CallRec> {
  const qhzn = (await s.db.tx((sql) => loadWorld(sql))).find((v) => v.vslCd === 'QHZN');
  const call = qhzn?.calls.find((c) => c.atd == null && !c.skip);
  if (!call) throw new Error('QHZN has no open call');
  return call;
}

type Sent = Awaited<ReturnType<typeof recordHappenings>>;
const at = () => s.seedNow.getTime() + HOUR;
const etaChange = (call: CallRec, movedH: number) =>
  s.db.tx((sql) =>
    recordHappenings(
      sql,
      [{ kind: 'eta', vslCd: 'QHZN', call, at: at(), prevEta: call.eta - movedH * HOUR, auto: false }],
      at(),
    ),
  );
const happened = (kind: 'arrival' | 'berthing' | 'departure', call: CallRec) =>
  s.db.tx((sql) => recordHappenings(sql, [{ kind, vslCd: 'QHZN', call, at: at() }], at()));
const alertsOf = (sent: Sent, usrId: string) => sent.filter((n) => n.notId === 'N010' && n.usrId === usrId);

describe('the rules', () => {
  it('are saved, replaced, listed and deleted by their user, and a delete sent twice changes nothing', async () => {
    expect((await save('staff', etaRule('r1', 'QHZN', 6))).statusCode).toBe(200);
    expect((await save('staff', portRule('r2', 'QHZN', 'SGSIN', ['ATA', 'ATD']))).statusCode).toBe(200);
    expect((await save('staff', etaRule('r1', 'QHZN', 12, 'SGSIN'))).statusCode).toBe(200);
    expect(await list('staff')).toEqual([
      etaRule('r1', 'QHZN', 12, 'SGSIN'),
      portRule('r2', 'QHZN', 'SGSIN', ['ATA', 'ATD']),
    ]);
    expect(await list('agent')).toEqual([]);
    expect((await remove('staff', 'r2')).json()).toEqual({ success: true, msg: 'Deleted' });
    expect((await remove('staff', 'r2')).json()).toEqual({ success: true, msg: 'Already deleted' });
    expect((await list('staff')).map((r) => r.ruleId)).toEqual(['r1']);
  });

  it('are refused to types 5 and 6 (read-only) with 403, and a vessel user may set them on its own vessel only', async () => {
    for (const as of ['operator', 'viewer']) {
      const res = await save(as, etaRule('ro', 'QHZN', 3));
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/read-only/);
      expect((await remove(as, 'ro')).statusCode).toBe(403);
    }
    expect((await save('vessel', etaRule('own', 'QHZN', 3))).statusCode).toBe(200);
    const other = await save('vessel', etaRule('other', 'AHDS', 3));
    expect(other.statusCode).toBe(403);
    expect(other.json<{ message: string }>().message).toMatch(/own vessel QHZN/);
    expect((await list('vessel')).map((r) => r.ruleId)).toEqual(['own']);
  });

  it('refuse bad input with a 400 in plain words and store nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [etaRule('b', 'QHZN', 0), /hrs/],
      [etaRule('b', 'QHZN', 73), /hrs/],
      [{ ...etaRule('b', 'QHZN', 3), hrs: null }, /needs hrs/],
      [{ ...etaRule('b', 'QHZN', 3), events: ['ATA'] }, /no events/],
      [portRule('b', 'QHZN', 'SGSIN', []), /at least one of ATA, ATB and ATD/],
      [{ ...portRule('b', 'QHZN', 'SGSIN', ['ATA']), portCd: null }, /needs portCd/],
      [portRule('b', 'QHZN', 'XXXXX', ['ATA']), /not a port Quay knows/],
      [portRule('b', 'QHZN', 'SGSIN', ['ATA', 'ATA']), /events/],
      [etaRule('b', 'AHDS', 3), /vessels you follow/],
      [{ ...etaRule('b', 'QHZN', 3), ruleId: 'no spaces' }, /ruleId/],
    ];
    for (const [body, message] of bad) {
      const res = await save('staff', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect((await save('staff', etaRule('b', 'ZZZZ', 3))).statusCode).toBe(404);
    expect((await list('staff')).map((r) => r.ruleId)).not.toContain('b');
  });

  it("come to the user's other devices in the pull, and go from the outbox in the push", async () => {
    const first = (
      await s.call('POST', SYNC_PULL_PATH, { as: 'staff', body: { cursor: null } })
    ).json<PullResponse>();
    expect(first.alertRules?.map((r) => r.ruleId)).toEqual(['r1']);
    const pushed = await s.call('POST', SYNC_PUSH_PATH, {
      as: 'staff',
      body: {
        ops: [
          {
            id: 'dev2:1',
            entity: 'alertRule:r3',
            method: 'PUT',
            path: SAVE.slice(11),
            body: etaRule('r3', 'QHZN', 2),
          },
          {
            id: 'dev2:2',
            entity: 'alertRule:r1',
            method: 'POST',
            path: DELETE.slice(11),
            body: { ruleId: 'r1' },
          },
        ],
      },
    });
    expect(pushed.json<PushResponse>().results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const next = (
      await s.call('POST', SYNC_PULL_PATH, { as: 'staff', body: { cursor: first.cursor } })
    ).json<PullResponse>();
    expect(next.alertRules).toEqual([etaRule('r3', 'QHZN', 2)]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the three calls with their schemas and names N010 My Alert among the types', async () => {
    const doc = (await s.call('GET', '/api/docs/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(Object.keys(doc.paths[RULES] ?? {})).toEqual(['get']);
    expect(doc.paths[SAVE]?.put?.requestBody).toBeDefined();
    expect(doc.paths[DELETE]?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(doc)).toMatch(/N010 My Alert \(one of the user's own alert rules/);
  });
});

describe('the events', () => {
  it("make one N010 per matching rule: an ETA that moved by more than N hours, at any port or the rule's", async () => {
    const call = await openCall();
    await save('vessel', etaRule('own', 'QHZN', 3, call.portCd));
    // staff: r3 (any port, more than 2 h); vessel: own (this port, more than 3 h).
    const small = await etaChange(call, 2);
    expect(alertsOf(small, 'staff')).toEqual([]);
    expect(alertsOf(small, 'vessel')).toEqual([]);
    const big = await etaChange(call, -4);
    expect(alertsOf(big, 'staff')).toHaveLength(1);
    expect(alertsOf(big, 'vessel')).toHaveLength(1);
    const [row] = await s.db.query<{
      not_id: string;
      port_cd: string;
      detail: { notMsg: string; prevEtaDt: string };
    }>('SELECT not_id, port_cd, detail FROM notifications WHERE not_seq = $1', [
      alertsOf(big, 'vessel')[0]?.notSeq,
    ]);
    expect(row?.port_cd).toBe(call.portCd);
    expect(row?.detail.notMsg).toMatch(/ETA at .* moved 4 h earlier, .*more than 3 h\)/);
    expect(row?.detail.prevEtaDt).toBe(new Date(call.eta + 4 * HOUR).toISOString());
    // A second rule of the same user on the same event is a second notification.
    await save('staff', etaRule('r4', 'QHZN', 1));
    expect(alertsOf(await etaChange(call, 5), 'staff')).toHaveLength(2);
    await remove('staff', 'r4');
  });

  it("tell when the vessel arrives at, berths at or leaves the rule's port, and only those it asked for", async () => {
    const call = await openCall();
    await save('staff', portRule('p1', 'QHZN', call.portCd, ['ATB']));
    await save(
      'staff',
      portRule('p2', 'QHZN', call.portCd === 'SGSIN' ? 'NLRTM' : 'SGSIN', ['ATA', 'ATB', 'ATD']),
    );
    expect(alertsOf(await happened('arrival', call), 'staff')).toEqual([]);
    const berthed = alertsOf(await happened('berthing', call), 'staff');
    expect(berthed).toHaveLength(1);
    const [row] = await s.db.query<{ detail: { notMsg: string } }>(
      'SELECT detail FROM notifications WHERE not_seq = $1',
      [berthed[0]?.notSeq],
    );
    expect(row?.detail.notMsg).toMatch(new RegExp(`berthed at ${call.portCd}`));
    expect(alertsOf(await happened('departure', call), 'staff')).toEqual([]);
  });

  it('make none for a user who switched N010 off or no longer follows the vessel', async () => {
    const call = await openCall();
    const off = await s.call('POST', notificationPath(NOTIFICATION_SETTINGS), {
      as: 'vessel',
      body: { notId: 'N010', notUseYn: 'N' },
    });
    expect(off.statusCode).toBe(200);
    expect(alertsOf(await etaChange(call, 8), 'vessel')).toEqual([]);
    expect(alertsOf(await happened('berthing', call), 'staff')).toHaveLength(1);
    const setting = await s.call('GET', commonPath(COMMON_MY_SETTING), { as: 'staff' });
    const followed = setting.json<{ vslCds: string[] }>().vslCds.filter((v) => v !== 'QHZN');
    const unfollow = await s.call('PUT', commonPath(COMMON_MY_SETTING), {
      as: 'staff',
      body: { vslCds: followed },
    });
    expect(unfollow.statusCode).toBe(200);
    expect(alertsOf(await happened('berthing', call), 'staff')).toEqual([]);
    expect(alertsOf(await etaChange(call, 8), 'staff')).toEqual([]);
  });
});
