// What a pull brings of each dataset, read by key from the current rows (never a whole list serialized to be
// compared): notifications by notSeq with their details and the badge, the switch list, an agent's ports, the
// followed vessels, the changed chat rooms with their unread counts, and the user. The routes of each read the same.
import type { Sql } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';
import { NOTI_SELECT, toDetail, toItem, visible, type NotiRow } from '../notifications/items.ts';
import { roomList } from '../chat/rooms.ts';
import { alertRules } from '../notifications/alert-rules.ts';
import { isChatUser } from '../chat/access.ts';
import { loggedUserOf, USER_COLUMNS, type UserRow } from '../auth/sessions.ts';
import { isAgent } from '../../src/core/role.ts';
import type { LoggedUser, MyPort } from '../../src/core/contract/common.ts';
import type { NotificationSetting } from '../../src/core/contract/notification.ts';
import { DETAIL_RECENT_DAYS, type ChangeKind, type PullResponse } from '../../src/core/contract/sync.ts';

/** Who pulls: what the visibility and chat rules need, and the user record a pull may carry. */
export type SyncUser = Pick<
  AuthUser,
  'usrId' | 'usrNm' | 'usrTpCd' | 'usrRoleCd' | 'ofcId' | 'extUsrId' | 'email'
>;

/** The datasets of a pull answer (everything but cursor, more, reset, version and catalog). */
export type PulledData = Omit<PullResponse, 'cursor' | 'more' | 'reset' | 'version' | 'catalog'>;

export async function notificationRows(
  sql: Sql,
  user: SyncUser,
  by: { seqs: readonly number[] } | { before: number | null; limit: number },
): Promise<NotiRow[]> {
  const v = visible(user);
  const n = v.params.length;
  if ('seqs' in by)
    return sql.query<NotiRow>(
      `${NOTI_SELECT} WHERE ${v.where} AND n.not_seq = ANY($${n + 1}::int[]) ORDER BY n.not_seq DESC`,
      [...v.params, [...by.seqs]],
    );
  return sql.query<NotiRow>(
    `${NOTI_SELECT} WHERE ${v.where} AND ($${n + 1}::int IS NULL OR n.not_seq < $${n + 1}::int)
      ORDER BY n.not_seq DESC LIMIT $${n + 2}`,
    [...v.params, by.before, by.limit],
  );
}

/** The unread count the caller may see: the badge of a pull and of /user/badge. */
export async function badge(sql: Sql, user: SyncUser): Promise<number> {
  const v = visible(user);
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n WHERE ${v.where} AND n.not_read_yn = 'N'`,
    v.params,
  );
  return rows[0]?.n ?? 0;
}

/** The caller's switch per notification type (Y unless switched off): a pull's and /settings' list. */
export async function notificationSettings(sql: Sql, usrId: string): Promise<NotificationSetting[]> {
  const rows = await sql.query<{ not_id: string; not_nm: string; not_use_yn: 'Y' | 'N' }>(
    `SELECT t.not_id, t.not_nm, coalesce(s.not_use_yn, 'Y') AS not_use_yn
       FROM notification_types t LEFT JOIN notification_settings s ON s.not_id = t.not_id AND s.usr_id = $1
      ORDER BY t.sort_no, t.not_id`,
    [usrId],
  );
  return rows.map((r) => ({ notId: r.not_id, notNm: r.not_nm, notUseYn: r.not_use_yn }));
}

/** A port agent's own ports in order (the first is the default port): a pull's and /my-port's list. */
export async function myPorts(sql: Sql, usrId: string): Promise<MyPort[]> {
  const rows = await sql.query<{
    port_cd: string;
    port_nm: string;
    cnt_cd: string;
    cnt_nm: string;
    sort_no: number;
  }>(
    `SELECT p.port_cd, p.port_nm, p.cnt_cd, p.cnt_nm, r.sort_no
       FROM user_relations r JOIN ports p ON p.port_cd = r.rel_cd
      WHERE r.usr_id = $1 AND r.rel_tp_cd = 'AGT_PORT'
      ORDER BY r.sort_no, p.port_cd`,
    [usrId],
  );
  return rows.map((r) => ({
    portCd: r.port_cd,
    portNm: r.port_nm,
    cntCd: r.cnt_cd,
    cntNm: r.cnt_nm,
    sortNo: r.sort_no,
  }));
}

async function myVessels(sql: Sql, usrId: string): Promise<string[]> {
  const rows = await sql.query<{ rel_cd: string }>(
    `SELECT rel_cd FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = 'REL_USR_VSL' ORDER BY sort_no, rel_cd`,
    [usrId],
  );
  return rows.map((r) => r.rel_cd);
}

/** The user record a response carries: only the contract's fields (an AuthUser also holds its session). */
export function asLoggedUser(user: LoggedUser): LoggedUser {
  const { usrId, usrNm, usrTpCd, usrRoleCd, ofcId, extUsrId, email } = user;
  return { usrId, usrNm, usrTpCd, usrRoleCd, ofcId, extUsrId, email };
}

async function loggedUser(sql: Sql, user: SyncUser): Promise<LoggedUser> {
  const rows = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.usr_id = $1`, [
    user.usrId,
  ]);
  const r = rows[0];
  return r ? loggedUserOf(r) : asLoggedUser(user);
}

/** Whether a pull carries this notification's detail: unread, or recent (docs/sync.md#pull-by-cursor). */
function detailWanted(row: Pick<NotiRow, 'not_read_yn' | 'cre_dt'>, now: number): boolean {
  return row.not_read_yn === 'N' || row.cre_dt.getTime() >= now - DETAIL_RECENT_DAYS * 86_400_000;
}

/** What changed, by kind: the keys of the changed entities ('' for a dataset taken whole). */
export type ChangedKeys = Partial<Record<ChangeKind, string[]>>;

export interface MaterializeOptions {
  chatLanes: string;
  /** Notifications as rows already read (a first pull's page), instead of by key. */
  notifications?: NotiRow[];
  /**
   * At most this many details (what is left of a first pull's budget); every wanted one when absent. A detail is
   * wanted for a notification unread or recent (detailWanted), newest first.
   */
  detailsMax?: number;
  /** The time the recent rule counts from (tests); now when absent. */
  now?: number;
  /** The badge with the notifications (default); a first pull's later pages go without. */
  badge?: boolean;
}

/** The datasets named in `changed`, from the current rows. */
export async function materialize(
  sql: Sql,
  user: SyncUser,
  changed: ChangedKeys,
  opts: MaterializeOptions,
): Promise<PulledData> {
  const out: PulledData = {};
  const seqs = (changed.notifications ?? []).map(Number).filter(Number.isInteger);
  const rows = opts.notifications ?? (seqs.length ? await notificationRows(sql, user, { seqs }) : null);
  if (rows) {
    out.notifications = rows.map(toItem);
    const now = opts.now ?? Date.now();
    const details = rows
      .filter((r) => detailWanted(r, now))
      .slice(0, opts.detailsMax ?? rows.length)
      .map(toDetail);
    if (details.length > 0) out.details = details;
    if (opts.badge !== false) out.badge = await badge(sql, user);
  }
  if (changed.settings) out.settings = await notificationSettings(sql, user.usrId);
  if (changed.myPorts && isAgent(user)) out.myPorts = await myPorts(sql, user.usrId);
  if (changed.myVessels) out.myVessels = await myVessels(sql, user.usrId);
  if (changed.chat && (await isChatUser(sql, opts.chatLanes, user))) {
    const all = changed.chat.includes('*');
    out.chatRooms = await roomList(sql, user, all ? undefined : changed.chat);
  }
  if (changed.user) out.user = await loggedUser(sql, user);
  if (changed.alertRules) out.alertRules = await alertRules(sql, user.usrId);
  return out;
}
