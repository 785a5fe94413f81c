// Data saver's default follows what the browser says of the link; the user's choice wins once made.
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { QuayDb } from '../db.ts';
import { dataSaverOn, saverByDefault } from './data-saver.ts';

describe('data saver', () => {
  it('is on by default on a metered or slow link', () => {
    expect(saverByDefault(undefined)).toBe(false);
    expect(saverByDefault({ saveData: true })).toBe(true);
    expect(saverByDefault({ type: 'cellular', effectiveType: '4g' })).toBe(true);
    expect(saverByDefault({ effectiveType: '3g' })).toBe(true);
    expect(saverByDefault({ effectiveType: '2g' })).toBe(true);
    expect(saverByDefault({ type: 'wifi', effectiveType: '4g', saveData: false })).toBe(false);
  });

  it('follows the user once they chose', async () => {
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await dataSaverOn(db, { saveData: true })).toBe(true);
    await db.setMeta('dataSaver', false);
    expect(await dataSaverOn(db, { saveData: true })).toBe(false);
    await db.setMeta('dataSaver', true);
    expect(await dataSaverOn(db, { effectiveType: '4g' })).toBe(true);
    db.close();
  });
});
