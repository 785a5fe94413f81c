// The alert rules through the outbox against the real server (product.md#my-alerts, architecture.md#the-outbox):
// shown on the device at once, edits of one rule made offline sent once (the last state wins), a refusal puts the rule
// back and says why, and the pull brings another device's rules, keeping a rule whose change still waits.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_ALERT_RULE,
  NOTIFICATION_ALERT_RULES,
  notificationPath,
} from '../src/core/contract/api.ts';
import type { AlertRule } from '../src/core/contract/notification.ts';
import { SYNC_PULL_PATH, type PullResponse } from '../src/core/contract/sync.ts';
import { QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { drain, type DrainOptions } from '../src/device/outbox/drain.ts';
import type { OutboxFailure } from '../src/device/outbox/types.ts';
import { applyPullPage } from '../worker/sync/apply-pull.ts';
import { createCommands, type Commands } from '../worker/commands/commands.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const USER = 'staff';
let s: TestServer;
const net = { offline: false };

beforeAll(async () => {
  s = await startTestServer();
  // The link is down while `net.offline` says so.
  await signOnHttp(await s.listen(), USER, {
    via: async (_request, send) => {
      if (net.offline) throw new TypeError('fetch failed');
      return send();
    },
  });
});
afterAll(() => s.close());

let db: QuayDb;
let client: ApiClient;
let cmd: Commands;
let failures: OutboxFailure[];
const locks = memoryLocks();
const opts = (): DrainOptions => ({
  locks,
  backoff: { baseMs: 0, maxMs: 0 },
  onPermanentFailure: (f) => failures.push(f),
});
const SAVE = notificationPath(NOTIFICATION_ALERT_RULE);
const serverRules = async (as = USER) =>
  (await s.call('GET', notificationPath(NOTIFICATION_ALERT_RULES), { as })).json<{ rules: AlertRule[] }>()
    .rules;
/** PUT /notification/alert-rule calls the server applied for this test's client. */
async function saves(): Promise<string[]> {
  const clientId = await db.getMeta('clientId');
  const rows = (await s.call('GET', `/api/dev/audit?usrId=${USER}&limit=10000`)).json<
    { idempotencyKey: string | null; path: string }[]
  >();
  return rows
    .filter((r) => r.idempotencyKey?.startsWith(`${clientId}:`) && r.path === SAVE)
    .map((r) => r.idempotencyKey ?? '');
}
const eta = (ruleId: string, hrs: number, vslCd = 'QHZN'): AlertRule => ({
  ruleId,
  vslCd,
  kind: 'ETA',
  portCd: null,
  hrs,
  events: [],
});

beforeEach(async () => {
  net.offline = false;
  failures = [];
  db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  client = new ApiClient(new TokenStore(db));
  cmd = createCommands({ db, client, triggerDrain: () => undefined });
  const user = checkLoggedUser((await s.call('GET', '/api/v2/app/common/logged-user', { as: USER })).json());
  if (!user) throw new Error('no user');
  await db.setMeta('user', user);
});

describe('alert rules through the outbox', () => {
  it('sends three edits of one rule made offline once, as the last, when the link returns', async () => {
    net.offline = true;
    await cmd.saveAlertRule('o1', eta('o1', 2));
    await cmd.saveAlertRule('o1', eta('o1', 4));
    const last = await cmd.saveAlertRule('o1', eta('o1', 9));
    expect(await db.alertRules.toArray()).toEqual([eta('o1', 9)]);
    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, coalesced: 2, remaining: 1 });
    net.offline = false;
    expect(await drain(db, client, opts())).toMatchObject({ applied: 1, refused: 0, remaining: 0 });
    expect(await serverRules()).toEqual([eta('o1', 9)]);
    expect(await saves()).toEqual([last.opId]);
    expect(failures).toEqual([]);
  });

  it('sends a rule made and deleted offline as the delete alone', async () => {
    net.offline = true;
    await cmd.saveAlertRule('o2', eta('o2', 3));
    await cmd.saveAlertRule('o2', null);
    expect(await db.alertRules.get('o2')).toBeUndefined();
    net.offline = false;
    expect(await drain(db, client, opts())).toMatchObject({ applied: 1, coalesced: 1, remaining: 0 });
    expect((await serverRules()).map((r) => r.ruleId)).not.toContain('o2');
  });

  it('puts the rule back as it was and says why when the server refuses it', async () => {
    await db.alertRules.put(eta('o1', 9));
    // QSVN is followed; AHDS is not: the server refuses the change, and the rule before it comes back.
    await cmd.saveAlertRule('o1', eta('o1', 5, 'AHDS'));
    expect((await db.alertRules.get('o1'))?.vslCd).toBe('AHDS');
    expect(await drain(db, client, opts())).toMatchObject({ applied: 0, refused: 1 });
    expect(await db.alertRules.get('o1')).toEqual(eta('o1', 9));
    expect(failures.map((f) => f.message)).toEqual([
      'Your alert could not be saved: Alerts are set on vessels you follow: add AHDS to My Vessel first',
    ]);
    expect(failures[0]?.toast).toBe(true);
  });

  it('refuses on the device what the user may not do: another vessel for a vessel user, any rule for types 5 and 6', async () => {
    const as = async (usrId: string) => {
      const user = checkLoggedUser(
        (await s.call('GET', '/api/v2/app/common/logged-user', { as: usrId })).json(),
      );
      if (user) await db.setMeta('user', user);
    };
    await as('vessel');
    await expect(cmd.saveAlertRule('v1', eta('v1', 3, 'AHDS'))).rejects.toThrow(/own vessel QHZN only/);
    await as('operator');
    await expect(cmd.saveAlertRule('v1', eta('v1', 3))).rejects.toThrow(/read-only/);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.alertRules.count()).toBe(0);
  });

  it("brings another device's rules in the pull and keeps a rule whose change still waits", async () => {
    const first = (
      await s.call('POST', SYNC_PULL_PATH, { as: USER, body: { cursor: null } })
    ).json<PullResponse>();
    await applyPullPage(db, first, () => true);
    expect(await db.alertRules.toArray()).toEqual([eta('o1', 9)]);
    net.offline = true;
    await cmd.saveAlertRule('o1', eta('o1', 30));
    await s.call('PUT', SAVE, { as: USER, body: eta('other', 12) });
    const next = (
      await s.call('POST', SYNC_PULL_PATH, { as: USER, body: { cursor: first.cursor } })
    ).json<PullResponse>();
    expect(next.alertRules?.map((r) => r.ruleId)).toEqual(['o1', 'other']);
    await applyPullPage(db, next, () => true);
    expect(await db.alertRules.orderBy('ruleId').toArray()).toEqual([eta('o1', 30), eta('other', 12)]);
  });
});
