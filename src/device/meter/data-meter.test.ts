// The data meter's storage: batched flushes add to what is stored (two contexts at once included), a day and a month
// roll over on the UTC clock, and old days go.
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../db.ts';
import { DataMeter } from './data-meter.ts';

const freshDb = () => new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });

describe('DataMeter', () => {
  it('keeps counts in memory until a flush, then adds them to the day and the month', async () => {
    const db = freshDb();
    let now = Date.UTC(2026, 10, 25, 10);
    const meter = new DataMeter({ now: () => now, flushAfterMs: 60_000 });
    meter.attach(db);
    meter.add('api', 700, 1200);
    meter.add('api', 650, 300);
    meter.add('live', 7, 3);
    expect(await db.dataUsage.count()).toBe(0);
    expect(meter.unsaved()).toEqual({ up: 1357, down: 1503 });
    await meter.flush();
    expect(meter.unsaved()).toEqual({ up: 0, down: 0 });
    const day = await db.dataUsage.get('d:2026-11-25');
    expect(day).toEqual({
      period: 'd:2026-11-25',
      up: 1357,
      down: 1503,
      by: { api: { up: 1350, down: 1500 }, live: { up: 7, down: 3 } },
    });
    expect((await db.dataUsage.get('m:2026-11'))?.down).toBe(1503);
    now += 1000;
    meter.add('assets', 0, 500);
    await meter.flush();
    expect((await db.dataUsage.get('d:2026-11-25'))?.down).toBe(2003);
    db.close();
  });

  it('rolls over at UTC midnight and at the month end', async () => {
    const db = freshDb();
    let now = Date.UTC(2026, 10, 30, 23, 59, 59);
    const meter = new DataMeter({ now: () => now, flushAfterMs: 60_000 });
    meter.attach(db);
    meter.add('api', 100, 1000);
    now += 2000;
    meter.add('api', 10, 20);
    await meter.flush();
    expect((await db.dataUsage.get('d:2026-11-30'))?.down).toBe(1000);
    expect((await db.dataUsage.get('d:2026-12-01'))?.down).toBe(20);
    expect((await db.dataUsage.get('m:2026-11'))?.up).toBe(100);
    expect((await db.dataUsage.get('m:2026-12'))?.up).toBe(10);
    db.close();
  });

  it('adds to what another context stored meanwhile (worker and service worker)', async () => {
    const indexedDB = new IDBFactory();
    const worker = new QuayDb({ indexedDB, IDBKeyRange });
    const sw = new QuayDb({ indexedDB, IDBKeyRange });
    const now = () => Date.UTC(2026, 10, 25, 10);
    const a = new DataMeter({ now, flushAfterMs: 60_000 });
    const b = new DataMeter({ now, flushAfterMs: 60_000 });
    a.attach(worker);
    b.attach(sw);
    for (let i = 0; i < 20; i++) {
      a.add('api', 1, 10);
      b.add('assets', 2, 20);
      await Promise.all([a.flush(), b.flush()]);
    }
    const day = await worker.dataUsage.get('d:2026-11-25');
    expect(day?.up).toBe(60);
    expect(day?.down).toBe(600);
    worker.close();
    sw.close();
  });

  it('drops days older than 62 days and months older than 13', async () => {
    const db = freshDb();
    let now = Date.UTC(2026, 0, 1, 12);
    const meter = new DataMeter({ now: () => now, flushAfterMs: 60_000 });
    meter.attach(db);
    meter.add('api', 1, 1);
    await meter.flush();
    now = Date.UTC(2026, 2, 3, 12); // 61 days later: still kept
    meter.add('api', 1, 1);
    await meter.flush();
    expect(await db.dataUsage.get('d:2026-01-01')).toBeDefined();
    now = Date.UTC(2026, 2, 4, 12); // 62 days later: gone
    meter.add('api', 1, 1);
    await meter.flush();
    expect(await db.dataUsage.get('d:2026-01-01')).toBeUndefined();
    expect(await db.dataUsage.get('m:2026-01')).toBeDefined();
    now = Date.UTC(2027, 1, 1, 12);
    meter.add('api', 1, 1);
    await meter.flush();
    expect(await db.dataUsage.get('m:2026-01')).toBeUndefined();
    expect(await db.dataUsage.get('m:2026-03')).toBeDefined();
    db.close();
  });

  it('counts before a database is attached, and stores it once one is', async () => {
    const db = freshDb();
    const meter = new DataMeter({ now: () => Date.UTC(2026, 10, 25), flushAfterMs: 60_000 });
    meter.add('api', 5, 6);
    meter.attach(db);
    await meter.flush();
    expect((await db.dataUsage.get('d:2026-11-25'))?.up).toBe(5);
    db.close();
  });
});
