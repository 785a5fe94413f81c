// My Vessel's followed vessels (PUT /common/my-setting {vslCds}), kind 'mySetting': the whole new list shown at once
// in the kept page data, the last list wins; refused, the rebase shows the server's list again, with a toast (a
// list the user edited by hand).
import type { QuayDb } from '../../db.ts';
import type { FleetResponse } from '../../../core/contract/vessel.ts';
import { MY_SETTING_MAX } from '../../../core/contract/common.ts';
import { followedCodes } from '../../../core/followed.ts';
import { UnknownError } from '../../net/http.ts';
import { enqueue } from '../enqueue.ts';
import { touch } from '../base.ts';
import { MY_VESSELS_ENTITY, type OutboxRow } from '../types.ts';
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

/** The operation and its effect (the new list shown), in one transaction; the operation id, or null when unchanged. */
export async function saveMyVessels(db: QuayDb, vslCds: string[]): Promise<string | null> {
  const list = [...new Set(vslCds.map((c) => c.trim().toUpperCase()))];
  const bad = list.find((c) => !VSL_CD.test(c));
  if (bad !== undefined) throw new UnknownError(`${bad} is not a vessel code.`);
  if (list.length > MY_SETTING_MAX)
    throw new UnknownError(`At most ${MY_SETTING_MAX} vessels can be followed.`);
  return db.transaction('rw', [...mySettingOp.tables(db), db.base, db.outbox, db.meta], async () => {
    const user = await db.getMeta('user');
    if (!user) throw new UnknownError('Nobody is signed on.');
    const kept = (await db.pageData.get(myVesselsKey(user.usrId)))?.data as FleetResponse | undefined;
    // What the user sees now: the list still waiting to be sent, else the kept data's.
    const waiting = await db.outbox.where('entity').equals(MY_VESSELS_ENTITY).sortBy('seq');
    const shown =
      (waiting[waiting.length - 1]?.body as { vslCds?: string[] } | undefined)?.vslCds ??
      (kept?.vessels ? followedCodes(kept.vessels) : undefined) ??
      [];
    if (shown.length === list.length && shown.every((c) => list.includes(c))) return null;
    const op = await enqueue(db, {
      kind: 'mySetting',
      entity: MY_VESSELS_ENTITY,
      method: 'PUT',
      path: MY_SETTING_PATH,
      body: { vslCds: list },
    });
    await applyMyVessels(db, op);
    return op.opId;
  });
}

/** The body's list marked followed in the signed-on user's kept My Vessel data. */
async function applyMyVessels(db: QuayDb, row: Pick<OutboxRow, 'body'>): Promise<void> {
  const { vslCds } = row.body as { vslCds?: string[] };
  const usrId = (await db.getMeta('user'))?.usrId;
  if (!usrId || !Array.isArray(vslCds)) return;
  await touch(db, db.pageData, myVesselsKey(usrId));
  await followVessels(db, myVesselsKey(usrId), vslCds);
}

export const mySettingOp: OpModule<'mySetting'> = {
  kind: 'mySetting',
  tables: (db) => [db.pageData],
  apply: applyMyVessels,
  // The followed vessels come back on screen: the user is told why, or a vessel would reappear unexplained.
  merge: lastStateWins,
};
