// The data meter's storage: batched flushes add the wire and the HTTP level to what is stored (two contexts at once
// included, and rows stored before the wire was counted), a day and a month roll over on the UTC clock, old days go.
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../db.ts';
import { addUsage, DataMeter, emptyUsage } from './data-meter.ts';
import { exchangeWire } from './wire.ts';

const freshDb = () => new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
/** One exchange on the wire, in the clear (wire.test.ts holds its figures). */
const w = (up: number, down: number) => exchangeWire(up, down, false);

describe('DataMeter', () => {
  it('keeps counts in memory until a flush, then adds them to the day and the month', async () => {
    const db = freshDb();
    let now = Date.UTC(2026, 10, 25, 10);
    const meter = new DataMeter({ now: () => now, flushAfterMs: 60_000, tls: false });
    meter.attach(db);
    meter.add('api', 700, 1200);
    meter.add('api', 650, 300);
    meter.add('live', 7, 3);
    expect(await db.dataUsage.count()).toBe(0);
    // Each exchange a segment each way and its ACK: 52 + 52 B more each way.
    const api = { up: 1350 + 4 * 52, down: 1500 + 4 * 52 };
    const live = { up: 7 + 2 * 52, down: 3 + 2 * 52 };
    expect(
      [w(700, 1200), w(650, 300), w(7, 3)].reduce((a, b) => ({ up: a.up + b.up, down: a.down + b.down })),
    ).toEqual({ up: api.up + live.up, down: api.down + live.down });
    expect(meter.unsaved()).toEqual({ up: 1669, down: 1815, http: { up: 1357, down: 1503 } });
    await meter.flush();
    expect(meter.unsaved()).toEqual({ up: 0, down: 0, http: { up: 0, down: 0 } });
    const day = await db.dataUsage.get('d:2026-11-25');
    expect(day).toEqual({
      period: 'd:2026-11-25',
      up: 1669,
      down: 1815,
      by: { api, live },
      http: { up: 1357, down: 1503 },
    });
    expect((await db.dataUsage.get('m:2026-11'))?.down).toBe(1815);
    now += 1000;
    meter.add('assets', 0, 500);
    await meter.flush();
    const after = await db.dataUsage.get('d:2026-11-25');
    expect(after?.down).toBe(1815 + 552);
    expect(after?.http).toEqual({ up: 1357, down: 2003 });
    db.close();
  });

  it('rolls over at UTC midnight and at the month end', async () => {
    const db = freshDb();
    let now = Date.UTC(2026, 10, 30, 23, 59, 59);
    const meter = new DataMeter({ now: () => now, flushAfterMs: 60_000, tls: false });
    meter.attach(db);
    meter.add('api', 100, 1000);
    now += 2000;
    meter.add('api', 10, 20);
    await meter.flush();
    expect((await db.dataUsage.get('d:2026-11-30'))?.down).toBe(w(100, 1000).down);
    expect((await db.dataUsage.get('d:2026-12-01'))?.down).toBe(w(10, 20).down);
    expect((await db.dataUsage.get('m:2026-11'))?.http?.up).toBe(100);
    expect((await db.dataUsage.get('m:2026-12'))?.up).toBe(w(10, 20).up);
    db.close();
  });

  it('adds to what another context stored meanwhile (worker and service worker)', async () => {
    const indexedDB = new IDBFactory();
    const worker = new QuayDb({ indexedDB, IDBKeyRange });
    const sw = new QuayDb({ indexedDB, IDBKeyRange });
    const now = () => Date.UTC(2026, 10, 25, 10);
    const a = new DataMeter({ now, flushAfterMs: 60_000, tls: false });
    const b = new DataMeter({ now, flushAfterMs: 60_000, tls: false });
    a.attach(worker);
    b.attach(sw);
    for (let i = 0; i < 20; i++) {
      a.add('api', 1, 10);
      b.add('assets', 2, 20);
      await Promise.all([a.flush(), b.flush()]);
    }
    const day = await worker.dataUsage.get('d:2026-11-25');
    expect(day?.http).toEqual({ up: 60, down: 600 });
    expect(day?.up).toBe(20 * (w(1, 10).up + w(2, 20).up));
    expect(day?.down).toBe(20 * (w(1, 10).down + w(2, 20).down));
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
    expect((await db.dataUsage.get('d:2026-11-25'))?.http?.up).toBe(5);
    db.close();
  });

  it('adds to a row stored before the wire was counted, keeping its bytes as HTTP-level ones', async () => {
    const db = freshDb();
    // The shape the meter stored until the wire was counted: no `http`.
    await db.dataUsage.put({
      period: 'm:2026-11',
      up: 3000,
      down: 40_000,
      by: { api: { up: 3000, down: 40_000 } },
    });
    const meter = new DataMeter({ now: () => Date.UTC(2026, 10, 25), flushAfterMs: 60_000, tls: false });
    meter.attach(db);
    meter.add('api', 700, 1200);
    await meter.flush();
    expect(await db.dataUsage.get('m:2026-11')).toEqual({
      period: 'm:2026-11',
      up: 3000 + w(700, 1200).up,
      down: 40_000 + w(700, 1200).down,
      by: { api: { up: 3000 + w(700, 1200).up, down: 40_000 + w(700, 1200).down } },
      http: { up: 3700, down: 41_200 },
    });
    db.close();
  });
});

describe('addUsage', () => {
  it('adds the wire to the totals and to the source, and the HTTP level to its own', () => {
    let row = emptyUsage('d:2026-11-25');
    row = addUsage(row, 'api', { up: 10, down: 100 }, { up: 8, down: 90 });
    row = addUsage(row, 'live', { up: 1, down: 2 }, { up: 1, down: 1 });
    row = addUsage(row, 'api', { up: 5, down: 5 }, { up: 4, down: 4 });
    expect(row).toEqual({
      period: 'd:2026-11-25',
      up: 16,
      down: 107,
      by: { api: { up: 15, down: 105 }, live: { up: 1, down: 2 } },
      http: { up: 13, down: 95 },
    });
  });

  it('reads a row stored before the wire was counted as HTTP-level bytes, and keeps them', () => {
    const old = { period: 'm:2026-11', up: 1000, down: 9000, by: { api: { up: 1000, down: 9000 } } };
    const row = addUsage(old, 'api', { up: 60, down: 600 }, { up: 50, down: 500 });
    expect(row).toEqual({
      period: 'm:2026-11',
      up: 1060,
      down: 9600,
      by: { api: { up: 1060, down: 9600 } },
      http: { up: 1050, down: 9500 },
    });
  });
});
