// Schema upgrades of the `quay` database (src/device/db.ts): the token and the outbox survive every upgrade, and an
// open connection of an older version lets the upgrade through (it is closed and told, instead of blocking it).
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DB_NAME, QuayDb } from '../src/device/db.ts';
import { enqueue } from '../src/device/outbox/enqueue.ts';

/** A next release that adds a table, declared the way db.ts asks (new version below, nothing dropped). */
class NextQuayDb extends QuayDb {
  constructor(options: ConstructorParameters<typeof QuayDb>[0]) {
    super(options);
    this.version(8).stores({ nextTable: 'id' });
  }
}

describe('the quay database', () => {
  it('keeps the token of a version 1 database when it opens as the current version', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie(DB_NAME, { indexedDB, IDBKeyRange });
    v1.version(1).stores({ meta: 'key' });
    await v1.table('meta').put({ key: 'token', value: 'tok-1' });
    v1.close();

    const db = new QuayDb({ indexedDB, IDBKeyRange });
    expect(await db.getMeta('token')).toBe('tok-1');
    expect(db.verno).toBe(7);
    expect(db.tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'outbox',
        'pageData',
        'searchIndex',
        'chatRooms',
        'chatMessages',
        'dataUsage',
        'alertRules',
        'base',
      ]),
    );
    db.close();
  });

  it('keeps the token and the outbox through the next upgrade, and the old connection gives way', async () => {
    const indexedDB = new IDBFactory();
    const old = new QuayDb({ indexedDB, IDBKeyRange });
    await old.setMeta('token', 'tok-2');
    await enqueue(old, {
      kind: 'setting',
      entity: 'setting:N004',
      method: 'POST',
      path: '/api/v2/app/notification/settings',
      body: { notId: 'N004', notUseYn: 'N' },
    });
    let told = false;
    old.on('versionchange', () => {
      told = true;
    });

    const next = new NextQuayDb({ indexedDB, IDBKeyRange });
    await next.open();
    expect(next.verno).toBe(8);
    expect(told).toBe(true);
    expect(old.isOpen()).toBe(false);
    expect(await next.getMeta('token')).toBe('tok-2');
    expect(await next.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'setting:N004', body: { notId: 'N004', notUseYn: 'N' } }),
    ]);
    next.close();
  });

  it('keeps an operation queued with an undo before version 7, without it, and pulls from scratch', async () => {
    const indexedDB = new IDBFactory();
    const v6 = new Dexie(DB_NAME, { indexedDB, IDBKeyRange });
    v6.version(6).stores({ meta: 'key', outbox: '++seq, entity, opId, nextAttemptAt' });
    await v6.table('meta').put({ key: 'pullState', value: { cursor: 'c', version: 3, catalog: 'k' } });
    await v6.table('outbox').add({
      opId: 'c:1',
      kind: 'setting',
      entity: 'setting:N004',
      method: 'POST',
      path: '/api/v2/app/notification/settings',
      body: { notId: 'N004', notUseYn: 'N' },
      undo: { notId: 'N004', notUseYn: 'Y' },
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
    });
    v6.close();

    const db = new QuayDb({ indexedDB, IDBKeyRange });
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ opId: 'c:1', body: { notId: 'N004', notUseYn: 'N' } });
    expect(row).not.toHaveProperty('undo');
    // Its change was made with no base kept: a pull from scratch brings the server's rows to rebase on.
    expect(await db.getMeta('pullState')).toBeUndefined();
    db.close();
  });
});
