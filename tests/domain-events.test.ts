// One path for every change (architecture.md#domain-events): an ETA moved through the API, not by the simulator, makes
// the same notifications and fires the same "My alerts" as the simulator's own moves, for the same people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_ALERT_RULE, notificationPath } from '../src/core/contract/api.ts';
import type { AlertRule } from '../src/core/contract/notification.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface Item {
  notSeq: number;
  notId: string;
  vslCd: string | null;
  portCd: string | null;
}

/** The user's notifications about QHZN newer than notSeq `after`, as its list shows them. */
async function newFor(as: string, after: number): Promise<Item[]> {
  const res = await s.call('GET', notificationPath(`/user/list?afterSeq=${after}`), { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notiList: Item[] }>().notiList.filter((n) => n.vslCd === 'QHZN');
}

const newest = async (): Promise<number> =>
  (await s.db.query<{ n: number }>('SELECT coalesce(max(not_seq), 0)::int AS n FROM notifications'))[0]?.n ??
  0;

const moveEta = async (hours: number) => {
  const res = await s.call('POST', '/api/dev/eta', { body: { vslCd: 'QHZN', hours, usrId: 'staff' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ callSeq: number }>();
};

describe('an ETA moved through the API', () => {
  it("makes the ETA change and delay notifications and fires the users' own alerts", async () => {
    const rule: AlertRule = {
      ruleId: 'api-eta',
      vslCd: 'QHZN',
      kind: 'ETA',
      portCd: null,
      hrs: 2,
      events: [],
    };
    const saved = await s.call('PUT', notificationPath(NOTIFICATION_ALERT_RULE), {
      as: 'vessel',
      body: rule,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const before = await newest();
    await moveEta(3);
    // The crew (the vessel user) and a follower (staff) hear of it; another vessel's crew does not.
    const crew = (await newFor('vessel', before)).map((n) => n.notId).sort();
    expect(crew).toEqual(['N001', 'N003', 'N010']);
    const follower = (await newFor('staff', before)).map((n) => n.notId).sort();
    expect(follower).toEqual(expect.arrayContaining(['N001', 'N003']));
    expect(await newFor('vessel2', before)).toEqual([]);

    // An hour is an ETA change, not a delay, and below the rule's two hours.
    const later = await newest();
    await moveEta(1);
    expect((await newFor('vessel', later)).map((n) => n.notId)).toEqual(['N001']);
  });
});
