// About the caller: page-view history, the drawer's programs for its role group, and its widgets with their on/off
// flags.
import type { Sql } from '../db/db.ts';
import type { AppHistoryBody, Program, Widget } from '../../src/core/contract/common.ts';
import type { RoleGroup } from '../../src/core/role.ts';

/** Records one page view of the app. */
export async function recordPageView(sql: Sql, usrId: string, b: AppHistoryBody): Promise<void> {
  await sql.query(
    `INSERT INTO app_history (usr_id, url_val, app_tp_cd, http_meth_tp_cd, prmt_val) VALUES ($1, $2, $3, $4, $5)`,
    [usrId, b.urlVal, b.appTpCd, b.httpMethTpCd, b.prmtVal ?? ''],
  );
}

/** The drawer's programs for a role group, in menu order (invalid ones with valid=false). */
export async function programs(sql: Sql, role: RoleGroup): Promise<Program[]> {
  const rows = await sql.query<{
    pgm_no: string;
    pgm_nm: string;
    pgm_url: string;
    menu_url: string;
    menu_icon: string;
    valid: boolean;
  }>(
    `SELECT pgm_no, pgm_nm, pgm_url, menu_url, menu_icon, valid FROM programs
          WHERE trim(roles) = '*' OR $1 = ANY(string_to_array(replace(roles, ' ', ''), ','))
          ORDER BY sort_no, pgm_no`,
    [role],
  );
  return rows.map((r) => ({
    pgmNo: r.pgm_no,
    pgmNm: r.pgm_nm,
    pgmUrl: r.pgm_url,
    menuUrl: r.menu_url,
    menuIcon: r.menu_icon,
    valid: r.valid,
  }));
}

/** The caller's on/off flag per widget (Y unless switched off), in the widgets' order. */
export async function widgetFlags(sql: Sql, usrId: string): Promise<Widget[]> {
  const rows = await sql.query<{ wdgt_id: string; wdgt_nm: string; wdgt_path: string; use_yn: string }>(
    `SELECT w.wdgt_id, w.wdgt_nm, w.wdgt_path, coalesce(f.use_yn, 'Y') AS use_yn
           FROM widgets w LEFT JOIN widget_flags f ON f.wdgt_id = w.wdgt_id AND f.usr_id = $1
          ORDER BY w.sort_no, w.wdgt_id`,
    [usrId],
  );
  return rows.map((r) => ({
    wdgtId: r.wdgt_id,
    wdgtNm: r.wdgt_nm,
    wdgtPath: r.wdgt_path,
    useYn: r.use_yn === 'N' ? ('N' as const) : ('Y' as const),
  }));
}
