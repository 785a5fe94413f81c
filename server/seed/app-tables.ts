// The app's own tables (menu, widgets, code tables, notification types): they belong to the code, not to a world, so
// the demo seed writes them and so does a Quay started empty (server/import/start-empty.ts), from this one list.
import type { Row } from './insert.ts';
import { NOTIFICATION_TYPES } from './notify.ts';
import { CODES, PROGRAMS, WIDGETS } from './world/app.ts';

export interface AppTable {
  table: string;
  /** The columns of its primary key: an empty start brings the rows up to date by them. */
  key: readonly string[];
  /** Column name -> SQL type. */
  columns: Readonly<Record<string, string>>;
  rows: readonly Row[];
}

const T = 'text';

export const APP_TABLES: readonly AppTable[] = [
  {
    table: 'programs',
    key: ['pgm_no'],
    columns: {
      pgm_no: T,
      pgm_nm: T,
      pgm_url: T,
      menu_url: T,
      menu_icon: T,
      valid: 'boolean',
      sort_no: 'integer',
      roles: T,
    },
    rows: PROGRAMS.map((p) => ({
      pgm_no: p.pgmNo,
      pgm_nm: p.pgmNm,
      pgm_url: p.pgmUrl,
      menu_url: p.menuUrl,
      menu_icon: p.menuIcon,
      valid: p.valid,
      sort_no: p.sortNo,
      roles: p.roles,
    })),
  },
  {
    table: 'widgets',
    key: ['wdgt_id'],
    columns: { wdgt_id: T, wdgt_nm: T, wdgt_path: T, sort_no: 'integer' },
    rows: WIDGETS.map((w, i) => ({
      wdgt_id: w.wdgtId,
      wdgt_nm: w.wdgtNm,
      wdgt_path: w.wdgtPath,
      sort_no: i + 1,
    })),
  },
  {
    table: 'codes',
    key: ['cd_tp', 'cd'],
    columns: { cd_tp: T, cd: T, cd_nm: T, sort_no: 'integer' },
    rows: Object.entries(CODES).flatMap(([cdTp, list]) =>
      list.map(([cd, cdNm], i) => ({ cd_tp: cdTp, cd, cd_nm: cdNm, sort_no: i + 1 })),
    ),
  },
  {
    table: 'notification_types',
    key: ['not_id'],
    columns: { not_id: T, not_nm: T, sort_no: 'integer' },
    rows: NOTIFICATION_TYPES.map((t, i) => ({ not_id: t.notId, not_nm: t.notNm, sort_no: i + 1 })),
  },
];
