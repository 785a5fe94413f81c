// The outbox's pieces on their own: operation ids and the command transaction, coalescing, failure classes,
// backoff, the in-memory lock, and the drain scheduler.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { QuayDb } from '../src/device/db.ts';
import {
  AuthenticationError,
  ForbiddenError,
  TimeoutError,
  UnknownError,
  configureHttp,
} from '../src/device/net/http.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { backoffMs, checkAnswer, classify, coalesce, drain } from '../src/device/outbox/drain.ts';
import { enqueue } from '../src/device/outbox/enqueue.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { OUTBOX_LOCK } from '../src/device/outbox/lock.ts';
import { scheduleDrain, stopScheduledDrain } from '../src/device/outbox/schedule.ts';
import type { OutboxRow } from '../src/device/outbox/types.ts';
import { createCommands } from '../worker/commands/commands.ts';

const freshDb = () => new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });

const row = (seq: number, kind: OutboxRow['kind'], body: unknown = { seq }): OutboxRow => ({
  seq,
  opId: `c:${seq}`,
  kind,
  entity: 'e',
  method: 'POST',
  path: '/x',
  body,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
});

describe('enqueue', () => {
  it('numbers operations clientId:counter with the counter in meta', async () => {
    const db = freshDb();
    const a = await enqueue(db, {
      kind: 'read',
      entity: 'notification:1',
      method: 'POST',
      path: '/r',
      body: {},
    });
    const b = await enqueue(db, {
      kind: 'read',
      entity: 'notification:2',
      method: 'POST',
      path: '/r',
      body: {},
    });
    const clientId = await db.getMeta('clientId');
    expect(clientId).toMatch(/^[A-Za-z0-9-]+$/);
    expect([a.opId, b.opId]).toEqual([`${clientId}:1`, `${clientId}:2`]);
    expect(await db.getMeta('opCounter')).toBe(3);
    expect(b.seq).toBeGreaterThan(a.seq ?? Infinity);
  });

  it('commits nothing when the command transaction fails: no change, no operation, no counter', async () => {
    const db = freshDb();
    await db.notificationSettings.put({ notId: 'N004', notNm: 'ETA', notUseYn: 'Y' });
    await expect(
      db.transaction('rw', [db.notificationSettings, db.outbox, db.meta], async () => {
        await db.notificationSettings.update('N004', { notUseYn: 'N' });
        await enqueue(db, {
          kind: 'setting',
          entity: 'setting:N004',
          method: 'POST',
          path: '/s',
          body: {},
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('opCounter')).toBeUndefined();
    expect((await db.notificationSettings.get('N004'))?.notUseYn).toBe('Y');
  });
});

describe('commands', () => {
  it('refuse Got it for a non-vessel user and without a notSeq', async () => {
    const db = freshDb();
    const cmd = createCommands({
      db,
      client: new ApiClient(new TokenStore(db)),
      triggerDrain: () => undefined,
    });
    await expect(cmd.acknowledge(0)).rejects.toThrow('Got it needs a notSeq.');
    await db.setMeta('user', {
      usrId: 'op',
      usrNm: 'Op',
      usrTpCd: '5',
      usrRoleCd: 'NAV00',
      ofcId: '',
      extUsrId: '',
      email: '',
    });
    await expect(cmd.acknowledge(7)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('saveSubscription keeps the state in meta and sends it through the outbox', async () => {
    const db = freshDb();
    let drains = 0;
    const cmd = createCommands({
      db,
      client: new ApiClient(new TokenStore(db)),
      triggerDrain: () => void drains++,
    });
    await cmd.saveSubscription('dev-1', 'N');
    expect(await db.getMeta('pushSubscription')).toEqual({ notDevId: 'dev-1', notSbscrYn: 'N' });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        entity: 'subscription:dev-1',
        body: { notDevId: 'dev-1', notSbscrYn: 'N' },
      }),
    ]);
    expect(drains).toBe(1);
  });
});

describe('coalesce', () => {
  it('keeps the last setting', () => {
    const { keep, drop } = coalesce([row(1, 'setting', 'Y'), row(2, 'setting', 'N'), row(3, 'setting', 'Y')]);
    expect(keep.map((r) => [r.seq, r.body])).toEqual([[3, 'Y']]);
    expect(drop.map((r) => r.seq)).toEqual([1, 2]);
  });

  it('keeps the first read and every ack', () => {
    const { keep, drop } = coalesce([row(1, 'read'), row(2, 'ack'), row(3, 'read'), row(4, 'read')]);
    expect(keep.map((r) => r.seq)).toEqual([1, 2]);
    expect(drop.map((r) => r.seq)).toEqual([3, 4]);
  });

  it('keeps the last subscription state and the first device registration', () => {
    const { keep, drop } = coalesce([row(1, 'subscription'), row(2, 'device'), row(3, 'device')]);
    expect(keep.map((r) => r.seq)).toEqual([1, 2]);
    expect(drop.map((r) => r.seq)).toEqual([3]);
  });
});

describe('classify', () => {
  it.each([
    [new UnknownError('no link'), 'retry'],
    [new TimeoutError('slow'), 'retry'],
    [new UnknownError('down', 503), 'retry'],
    [new UnknownError('busy', 429), 'retry'],
    [new AuthenticationError('gone', 401), 'signedOut'],
    [new ForbiddenError('no', 403), 'refused'],
    [new UnknownError('not found', 404), 'refused'],
    [new UnknownError('bad', 400), 'refused'],
    [new Error('other'), 'retry'],
  ])('%s -> %s', (err, type) => {
    expect(classify(err).type).toBe(type);
  });

  it('reads success and msg wherever the endpoint puts them', () => {
    expect(checkAnswer({ success: false, msg: 'Already acknowledged by x' })).toEqual({
      success: false,
      msg: 'Already acknowledged by x',
    });
    expect(checkAnswer({ notiReadSaveResponse: { success: true, msg: 'Read' } })?.success).toBe(true);
    expect(checkAnswer({ notiSettingSaveResponse: { success: true, msg: 'Saved' } })?.success).toBe(true);
    expect(checkAnswer({ ok: 1 })).toBeNull();
  });
});

describe('backoff', () => {
  it('doubles per attempt, half random, capped', () => {
    const b = { baseMs: 1000, maxMs: 8000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, b, () => 1))).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(backoffMs(3, b, () => 0)).toBe(2000);
  });
});

describe('memoryLocks', () => {
  it('grants one holder; ifAvailable gets null; waiters run in turn', async () => {
    const locks = memoryLocks();
    const order: string[] = [];
    let release!: () => void;
    const first = locks.request(OUTBOX_LOCK, {}, async () => {
      order.push('first');
      await new Promise<void>((r) => (release = r));
    });
    expect(await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (l) => l)).toBeNull();
    const second = locks.request(OUTBOX_LOCK, {}, async () => void order.push('second'));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (l) => l !== null)).toBe(true);
  });
});

describe('scheduleDrain', () => {
  it('joins triggers made while a drain runs, and keeps operations while offline', async () => {
    configureHttp({
      base: 'http://offline.invalid',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const db = freshDb();
    await db.setMeta('token', 't');
    const client = new ApiClient(new TokenStore(db));
    await enqueue(db, {
      kind: 'read',
      entity: 'notification:1',
      method: 'POST',
      path: '/r',
      body: { notSeq: 1 },
    });
    const opts = { locks: memoryLocks(), backoff: { baseMs: 60_000, maxMs: 60_000 } };
    const a = scheduleDrain(db, client, opts);
    const b = scheduleDrain(db, client, opts);
    expect(b).toBe(a);
    const result = await a;
    stopScheduledDrain(db);
    expect(result).toMatchObject({ ran: true, retrying: 1, remaining: 1 });
    expect(result?.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(await drain(db, client, opts)).toMatchObject({ retrying: 0, remaining: 1 });
  });
});
