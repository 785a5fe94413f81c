// Coalescing of a chat room's outbox operations (only the newest read mark goes, as it marks all the others did;
// a repeated push alert goes) and the "changes waiting" count, which counts a room's read marks once.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { QuayDb } from '../db.ts';
import { coalesce } from './drain.ts';
import { pendingCount } from './count.ts';
import { enqueue } from './enqueue.ts';
import type { NewOp, OutboxRow } from './types.ts';

const op = (seq: number, kind: OutboxRow['kind'], body: unknown): OutboxRow => ({
  seq,
  opId: `c:${seq}`,
  kind,
  entity: 'chat:V-QHZN',
  method: kind === 'chatRead' ? 'GET' : 'POST',
  path: `/x/${seq}`,
  body,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
});
const read = (seq: number, uptoSeq: number) =>
  op(seq, 'chatRead', { roomId: 'V-QHZN', uptoSeq, readDate: `d${seq}` });

describe("a chat room's operations, coalesced", () => {
  it('keeps only the newest read mark, in its place', () => {
    const message = op(2, 'chat', { msgText: 'hi' });
    const { keep, drop } = coalesce([read(1, 10), message, read(3, 12), read(4, 15)]);
    expect(keep.map((r) => r.seq)).toEqual([2, 4]);
    expect(drop.map((r) => r.seq)).toEqual([1, 3]);
  });

  it('leaves a single read mark as it is, and drops a repeated push alert of one message', () => {
    const one = read(1, 10);
    const alert = (seq: number, msgSeq: number) => op(seq, 'pushAlert', { roomId: 'V-QHZN', msgSeq });
    const { keep, drop } = coalesce([one, alert(2, 7), alert(3, 8), alert(4, 7)]);
    expect(keep).toEqual([one, alert(2, 7), alert(3, 8)]);
    expect(drop.map((r) => r.seq)).toEqual([4]);
  });
});

describe('changes waiting', () => {
  it("counts a room's read marks once, and page views not at all", async () => {
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    const mark = (roomId: string, uptoSeq: number): NewOp => ({
      kind: 'chatRead',
      entity: `chat:${roomId}`,
      method: 'GET',
      path: `/api/v2/app/chat/read-message/${uptoSeq}`,
      body: { roomId, uptoSeq, readDate: 'd' },
    });
    await enqueue(db, mark('V-QHZN', 1));
    await enqueue(db, mark('V-QHZN', 2));
    await enqueue(db, mark('V-QSVN', 5));
    await enqueue(db, {
      kind: 'history',
      entity: 'history',
      method: 'PUT',
      path: '/h',
      body: { urlVal: '/chat/' },
    });
    await enqueue(db, {
      kind: 'chat',
      entity: 'chat:V-QHZN',
      method: 'POST',
      path: '/m',
      body: {},
    });
    expect(await pendingCount(db)).toBe(3);
    db.close();
  });
});
