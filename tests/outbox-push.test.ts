// The drain through the batched push against the real server in process (sync.md#push-in-one-request): what
// waits goes in one request; a refusal undoes only its own operation on the device; order per entity holds across a
// transient failure; an older server without the push gets the per-item calls.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_PUSH_PATH } from '../src/core/contract/sync.ts';
import type { NotificationItem } from '../src/core/contract/notification.ts';
import type { QuayDb } from '../src/device/db.ts';
import { memoryLocks } from '../src/device/locks.ts';
import type { ApiClient } from '../src/device/net/api-client.ts';
import { drain, type DrainOptions } from '../src/device/outbox/drain.ts';
import type { OutboxFailure } from '../src/device/outbox/types.ts';
import type { Commands } from '../worker/commands/commands.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { isPush, pushedCalls } from './helpers/push-wire.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const N = '/api/v2/app/notification';
let s: TestServer;
/** Every request on the wire: its path, and for a push the calls it carried. */
const wire: { path: string; carried: string[] }[] = [];

beforeAll(async () => {
  s = await startTestServer();
  const url = await s.listen();
  await signOnHttp(url, 'vessel', {
    via: async ({ target, init }, send) => {
      const res = await send();
      const carried = isPush(target.pathname) ? await pushedCalls(init, res) : [];
      wire.push({ path: target.pathname, carried: carried.map((c) => `${c.path} ${c.status}`) });
      return res;
    },
  });
});
afterAll(() => s.close());

let db: QuayDb;
let client: ApiClient;
let cmd: Commands;
let failures: OutboxFailure[];
const opts = (): DrainOptions => ({
  locks: memoryLocks(),
  backoff: { baseMs: 0, maxMs: 0 },
  onPermanentFailure: (f) => failures.push(f),
});

beforeEach(async () => {
  wire.length = 0;
  failures = [];
  ({ db, client, cmd } = await openDevice(s));
  await s.call('DELETE', '/api/dev/faults');
});

/** New notifications of `usrId` on the server, stored on the device as a sync would store them (as the user's). */
async function notifications(count: number, usrId = 'vessel'): Promise<number[]> {
  const seqs = (
    await s.call('POST', '/api/dev/notifications', { body: { usrId, notId: 'N002', count } })
  ).json<{ notSeqs: number[] }>().notSeqs;
  const list = (await s.call('GET', `${N}/user/list?limit=5000`, { as: usrId })).json<{
    notiList: NotificationItem[];
  }>().notiList;
  await db.notifications.bulkPut(
    list.filter((i) => seqs.includes(i.notSeq)).map((i) => ({ ...i, usrId: 'vessel' })),
  );
  return seqs;
}

async function audit(): Promise<{ idempotencyKey: string; path: string }[]> {
  const clientId = await db.getMeta('clientId');
  const rows = (await s.call('GET', '/api/dev/audit?usrId=vessel&limit=10000')).json<
    { idempotencyKey: string | null; path: string }[]
  >();
  return rows
    .filter((r) => r.idempotencyKey?.startsWith(`${clientId}:`))
    .map((r) => ({ idempotencyKey: r.idempotencyKey ?? '', path: r.path }));
}

const pushes = () => wire.filter((w) => w.path === SYNC_PUSH_PATH);

describe('the outbox through the batched push', () => {
  it('sends everything in one request, applies the others and undoes only the refused one on the device', async () => {
    const mine = await notifications(3);
    const [other] = await notifications(1, 'operator');
    if (other === undefined) throw new Error('no notification');
    await db.badge.put({ key: 'notification', notCnt: 10, currBadgeCall: 0 });
    const [a, b, c] = mine as [number, number, number];
    const reads = [await cmd.markRead(a), await cmd.markRead(other), await cmd.markRead(b)];
    const ack = await cmd.acknowledge(c);
    expect(await db.badge.get('notification')).toMatchObject({ notCnt: 7 });

    expect(await drain(db, client, opts())).toMatchObject({ applied: 3, refused: 1, remaining: 0 });
    expect(pushes()).toHaveLength(1);
    expect(wire.filter((w) => w.path.startsWith(N))).toEqual([]);
    expect(pushes()[0]?.carried).toHaveLength(4);
    // Only the refused read is undone: the other reads and the ack stand.
    expect((await db.notifications.get(other))?.notReadYn).toBe('N');
    expect((await db.notifications.get(a))?.notReadYn).toBe('Y');
    expect((await db.notifications.get(b))?.notReadYn).toBe('Y');
    expect((await db.notifications.get(c))?.ackUsrId).toBe('vessel');
    expect(await db.badge.get('notification')).toMatchObject({ notCnt: 8 });
    expect(failures).toEqual([
      expect.objectContaining({ opId: reads[1]?.opId, kind: 'read', status: 404, toast: false }),
    ]);
    expect((await audit()).map((r) => r.idempotencyKey).sort()).toEqual(
      [reads[0]?.opId, reads[2]?.opId, ack.opId].sort(),
    );
  });

  it('keeps order per entity: after a transient failure, the entity’s later operations wait for it', async () => {
    const [a, b] = (await notifications(2)) as [number, number];
    const readA = await cmd.markRead(a);
    const ackA = await cmd.acknowledge(a);
    const readB = await cmd.markRead(b);
    const ackB = await cmd.acknowledge(b);
    // The first read the server sees fails (a busy database): a's ack must not overtake it.
    await s.call('POST', '/api/dev/faults', {
      body: { path: `${N}/user/read`, status: 503, times: 1, usrId: 'vessel' },
    });
    const first = await drain(db, client, opts());
    expect(first).toMatchObject({ applied: 2, retrying: 1, remaining: 2 });
    expect(pushes()).toHaveLength(1);
    // a's ack was not tried: it stays as it was, behind the read.
    const kept = await db.outbox.orderBy('seq').toArray();
    expect(kept.map((r) => [r.opId, r.attempts])).toEqual([
      [readA.opId, 1],
      [ackA.opId, 0],
    ]);
    expect((await audit()).map((r) => r.idempotencyKey)).toEqual([readB.opId, ackB.opId]);

    expect(await drain(db, client, { ...opts(), retryNow: true })).toMatchObject({
      applied: 2,
      remaining: 0,
    });
    expect((await audit()).map((r) => r.idempotencyKey)).toEqual([
      readB.opId,
      ackB.opId,
      readA.opId,
      ackA.opId,
    ]);
  });

  it('sends the per-item calls to an older server that has no push', async () => {
    const [a, b] = (await notifications(2)) as [number, number];
    const read = await cmd.markRead(a);
    const ack = await cmd.acknowledge(b);
    await s.call('POST', '/api/dev/faults', {
      body: { path: SYNC_PUSH_PATH, status: 404, times: 1, usrId: 'vessel' },
    });
    expect(await drain(db, client, opts())).toMatchObject({ applied: 2, remaining: 0 });
    // The push first; then one call per operation, two entities at once (no order between entities).
    const paths = wire.map((w) => w.path).filter((p) => p !== '/IBP_REFRESH.do');
    expect(paths[0]).toBe(SYNC_PUSH_PATH);
    expect(paths.slice(1).sort()).toEqual([`${N}/user/read`, `${N}/vessel/ack`]);
    expect((await audit()).map((r) => r.idempotencyKey).sort()).toEqual([read.opId, ack.opId].sort());
  });
});
