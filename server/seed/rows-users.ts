// Rows about people: users (password "demo"), what they follow (user_relations), notification
// settings per type, widget flags and one (unsubscribed) device per demo user.
import type { Sql } from '../db/db.ts';
import { insertRows, type Row } from './insert.ts';
import { NOTIFICATION_TYPES } from './notify.ts';
import { DAY, HOUR, floorTo, iso } from './time.ts';
import { WIDGETS } from './world/app.ts';
import { ALL_USERS, DEMO_USERS } from './world/users.ts';

const T = 'text';
/** Types a user has switched off: never ones the seed sends them. */
const SETTINGS_OFF: Readonly<Record<string, readonly string[]>> = {
  agent: ['N001', 'N020'],
  staff: ['N007'],
  viewer: ['N101'],
  'agent.rtm': ['N003'],
};
const WIDGETS_OFF: Readonly<Record<string, readonly string[]>> = {
  '3': ['IBM_W2050', 'IBM_W2060', 'IBM_W2070', 'IBM_W2080'],
  '6': ['IBM_W2050', 'IBM_W2060'],
};

export async function insertUsers(sql: Sql, passwordHash: string, now: number): Promise<void> {
  const day = floorTo(now, DAY);
  await insertRows(
    sql,
    'users',
    {
      usr_id: T,
      usr_nm: T,
      usr_tp_cd: T,
      usr_role_cd: T,
      ofc_id: T,
      ext_usr_id: T,
      email: T,
      password_hash: T,
      created_at: 'timestamptz',
    },
    ALL_USERS.map((u, i) => ({
      usr_id: u.usrId,
      usr_nm: u.usrNm,
      usr_tp_cd: u.usrTpCd,
      usr_role_cd: u.usrRoleCd,
      ofc_id: u.ofcId,
      ext_usr_id: `EXT-${String(i + 1).padStart(4, '0')}`,
      email: u.email,
      password_hash: passwordHash,
      // The seed's own day, so that two seeds for the same now are the same.
      created_at: new Date(day).toISOString(),
    })),
  );
  const relations: Row[] = [];
  for (const u of ALL_USERS) {
    const add = (type: string, codes: readonly string[] | undefined) =>
      (codes ?? []).forEach((rel_cd, sort_no) =>
        relations.push({ usr_id: u.usrId, rel_tp_cd: type, rel_cd, sort_no }),
      );
    add('REL_USR_VSL', u.vessels);
    add('REL_USR_LANE', u.lanes);
    add('REL_USR_PORT', u.ports);
    add('AGT_PORT', u.agentPorts);
  }
  await insertRows(
    sql,
    'user_relations',
    { usr_id: T, rel_tp_cd: T, rel_cd: T, sort_no: 'integer' },
    relations,
  );
  await insertRows(
    sql,
    'notification_settings',
    { usr_id: T, not_id: T, not_use_yn: T, upd_dt: 'timestamptz' },
    ALL_USERS.flatMap((u) =>
      NOTIFICATION_TYPES.map((t) => ({
        usr_id: u.usrId,
        not_id: t.notId,
        not_use_yn: SETTINGS_OFF[u.usrId]?.includes(t.notId) ? 'N' : 'Y',
        upd_dt: iso(day - 30 * DAY),
      })),
    ),
  );
  await insertRows(
    sql,
    'widget_flags',
    { usr_id: T, wdgt_id: T, use_yn: T },
    ALL_USERS.flatMap((u) =>
      WIDGETS.map((w) => ({
        usr_id: u.usrId,
        wdgt_id: w.wdgtId,
        use_yn: WIDGETS_OFF[u.usrTpCd]?.includes(w.wdgtId) ? 'N' : 'Y',
      })),
    ),
  );
  await insertRows(
    sql,
    'user_devices',
    { not_dev_id: T, usr_id: T, not_sbscr_yn: T, subscription: 'jsonb', upd_dt: 'timestamptz' },
    DEMO_USERS.map((u, i) => ({
      not_dev_id: `seed-device-${u.usrId}`,
      usr_id: u.usrId,
      not_sbscr_yn: 'N',
      subscription: null,
      upd_dt: iso(day - (i + 2) * DAY + 8 * HOUR),
    })),
  );
}
