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
    this.version(7).stores({ nextTable: 'id' });
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
    expect(db.verno).toBe(6);
    expect(db.tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'outbox',
        'pageData',
        'searchIndex',
        'chatRooms',
        'chatMessages',
        'dataUsage',
        'alertRules',
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
      undo: { notId: 'N004', notUseYn: 'Y' },
    });
    let told = false;
    old.on('versionchange', () => {
      told = true;
    });

    const next = new NextQuayDb({ indexedDB, IDBKeyRange });
    await next.open();
    expect(next.verno).toBe(7);
    expect(told).toBe(true);
    expect(old.isOpen()).toBe(false);
    expect(await next.getMeta('token')).toBe('tok-2');
    expect(await next.outbox.toArray()).toEqual([
      expect.objectContaining({ entity: 'setting:N004', body: { notId: 'N004', notUseYn: 'N' } }),
    ]);
    next.close();
  });
});
