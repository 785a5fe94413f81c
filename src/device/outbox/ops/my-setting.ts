// My Vessel's followed vessels (PUT /common/my-setting {vslCds}), kind 'mySetting': the whole new list shown at once
// in the kept page data, the last list wins, the applied list is laid on the kept data again, and a refusal puts
// the list before back with a toast (a list the user edited by hand).
import type { QuayDb } from '../../db.ts';
import type { FleetResponse } from '../../../core/contract/vessel.ts';
import { MY_SETTING_MAX } from '../../../core/contract/common.ts';
import { followedCodes } from '../../../core/followed.ts';
import { UnknownError } from '../../net/http.ts';
import { enqueue } from '../enqueue.ts';
import { MY_VESSELS_ENTITY } from '../types.ts';
import { lastStateWins } from './merge.ts';
import type { OpModule } from './module.ts';
import { MY_SETTING_PATH } from './paths.ts';

const VSL_CD = /^[A-Z0-9]{4}$/;

/** The pageData key of a user's My Vessel data (worker/page-data/sources.ts kind 'myVessels', keyed by user id). */
export const myVesselsKey = (usrId: string): string => `myVessels:${usrId}`;

/**
 * Marks `vslCds` followed, in that order, and every other vessel not, in the kept My Vessel data (pageData `key`, the
 * fleet answer); nothing when the device has none. Call inside a transaction that includes db.pageData.
 */
export async function followVessels(db: QuayDb, key: string, vslCds: readonly string[]): Promise<void> {
  const row = await db.pageData.get(key);
  const data = row?.data as FleetResponse | undefined;
  if (!row || !Array.isArray(data?.vessels)) return;
  const vessels = data.vessels.map((v) => {
    const at = vslCds.indexOf(v.vslCd);
    return { ...v, followed: at >= 0, sortNo: at >= 0 ? at : null };
  });
  await db.pageData.update(key, { data: { ...data, vessels } });
}

/** The new list shown at once and its operation, in one transaction; the operation id, or null when unchanged. */
export async function saveMyVessels(db: QuayDb, vslCds: string[]): Promise<string | null> {
  const list = [...new Set(vslCds.map((c) => c.trim().toUpperCase()))];
  const bad = list.find((c) => !VSL_CD.test(c));
  if (bad !== undefined) throw new UnknownError(`${bad} is not a vessel code.`);
  if (list.length > MY_SETTING_MAX)
    throw new UnknownError(`At most ${MY_SETTING_MAX} vessels can be followed.`);
  return db.transaction('rw', [db.pageData, db.outbox, db.meta], async () => {
    const user = await db.getMeta('user');
    if (!user) throw new UnknownError('Nobody is signed on.');
    const key = myVesselsKey(user.usrId);
    const kept = (await db.pageData.get(key))?.data as FleetResponse | undefined;
    // What the user saw before this change: the list still waiting to be sent, else the kept data's.
    const waiting = await db.outbox.where('entity').equals(MY_VESSELS_ENTITY).sortBy('seq');
    const shown =
      (waiting[waiting.length - 1]?.body as { vslCds?: string[] } | undefined)?.vslCds ??
      (kept?.vessels ? followedCodes(kept.vessels) : undefined) ??
      [];
    if (shown.length === list.length && shown.every((c) => list.includes(c))) return null;
    await followVessels(db, key, list);
    const op = await enqueue(db, {
      kind: 'mySetting',
      entity: MY_VESSELS_ENTITY,
      method: 'PUT',
      path: MY_SETTING_PATH,
      body: { vslCds: list },
      undo: { key, vslCds: shown },
    });
    return op.opId;
  });
}

export const mySettingOp: OpModule<'mySetting'> = {
  kind: 'mySetting',
  tables: (db) => [db.pageData],
  // The server holds this list now: the kept page data says so too, even if a sync while the change waited brought
  // back the older list.
  async applied(db, row) {
    const body = row.body as { vslCds?: string[] };
    if (Array.isArray(body.vslCds)) await followVessels(db, row.undo.key, body.vslCds);
  },
  undo: (db, row) => followVessels(db, row.undo.key, row.undo.vslCds),
  // The followed vessels come back on screen: the user is told why, or a vessel would reappear unexplained.
  refusal: (message) => ({ message: `My Vessel could not be saved: ${message}`, toast: true }),
  merge: lastStateWins,
  handOver: (refused) => refused.undo,
};
