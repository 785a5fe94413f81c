// The caller's notifications: the list, one of them, the switch per notification type, marking one read and
// acknowledging one of the vessel's ("Got it"). Each write records the change the sync pull reads.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { recordChange } from '../sync/changes.ts';
import { isVesselUser } from '../../src/core/role.ts';
import type { NotificationItem, SettingSaveBody } from '../../src/core/contract/notification.ts';
import type { SuccessMsg } from '../../src/core/contract/common.ts';
import { NOTI_SELECT as SELECT, type NotiRow, toItem, visible } from './items.ts';

/** One notification the user may see, or null; locked for update when `lock` (a write follows). */
export async function findVisible(
  sql: Sql,
  user: AuthUser,
  notSeq: number,
  lock = false,
): Promise<NotiRow | null> {
  const v = visible(user);
  const rows = await sql.query<NotiRow>(
    `${SELECT} WHERE ${v.where} AND n.not_seq = $${v.params.length + 1}${lock ? ' FOR UPDATE OF n' : ''}`,
    [...v.params, notSeq],
  );
  return rows[0] ?? null;
}

/** The user's notifications after afterSeq, newest first (at most limit). */
export async function notificationList(
  sql: Sql,
  user: AuthUser,
  afterSeq: number,
  limit: number,
): Promise<NotificationItem[]> {
  const v = visible(user);
  const rows = await sql.query<NotiRow>(
    `${SELECT} WHERE ${v.where} AND n.not_seq > $${v.params.length + 1}
          ORDER BY n.not_seq DESC LIMIT $${v.params.length + 2}`,
    [...v.params, afterSeq, limit],
  );
  return rows.map(toItem);
}

/** Saves the user's switch of one notification type. */
export async function saveSwitch(sql: Sql, usrId: string, body: SettingSaveBody): Promise<void> {
  await sql.query(
    `INSERT INTO notification_settings (usr_id, not_id, not_use_yn) VALUES ($1, $2, $3)
           ON CONFLICT (usr_id, not_id) DO UPDATE SET not_use_yn = EXCLUDED.not_use_yn, upd_dt = now()`,
    [usrId, body.notId, body.notUseYn],
  );
  await recordChange(sql, usrId, 'settings');
}

/** Marks one notification read (N -> Y); the answer's msg says whether it already was. */
export async function markRead(sql: Sql, user: AuthUser, notSeq: number): Promise<SuccessMsg> {
  const row = await findVisible(sql, user, notSeq, true);
  if (!row) throw notFound(`Notification ${notSeq} was not found`);
  if (row.not_read_yn !== 'Y') {
    await sql.query(`UPDATE notifications SET not_read_yn = 'Y' WHERE not_seq = $1`, [row.not_seq]);
    await recordChange(sql, row.usr_id, 'notifications', String(row.not_seq));
  }
  return { success: true, msg: row.not_read_yn === 'Y' ? 'Already read' : 'Read' };
}

/** A vessel user acknowledges ("Got it") a notification of its own vessel, once; never N101. */
export async function acknowledge(
  sql: Sql,
  user: AuthUser,
  notSeq: number,
  vslCd?: string,
): Promise<SuccessMsg> {
  if (!isVesselUser(user)) throw forbidden('Only vessel users can acknowledge a vessel notification');
  if (vslCd !== undefined && vslCd !== user.ofcId)
    throw forbidden('You can acknowledge only your own vessel');
  const row = await findVisible(sql, user, notSeq, true);
  if (!row) throw notFound(`Notification ${notSeq} was not found`);
  if (row.not_id === 'N101') throw badRequest('Notification N101 cannot be acknowledged');
  if (row.ack_usr_id) return { success: false, msg: `Already acknowledged by ${row.ack_usr_id}` };
  await sql.query('UPDATE notifications SET ack_usr_id = $2, ack_dt = now() WHERE not_seq = $1', [
    notSeq,
    user.usrId,
  ]);
  await recordChange(sql, row.usr_id, 'notifications', String(notSeq));
  // The specification's words at the API, as any client of it expects; the app says its own (OPS.ack.confirmed,
  // product.md#errors).
  return { success: true, msg: 'Schedule Got it!' };
}
