// The caller's follow lists (my vessels, lanes, ports): the trade-lane and country-port trees with what is checked,
// and reading and replacing the lists (my-setting).
import type { Sql } from '../db/db.ts';
import { badRequest } from '../http/errors.ts';
import { recordChange } from '../sync/changes.ts';
import type {
  CntPortTree,
  MySetting,
  MySettingBody,
  MySettingSaveResponse,
  TradeLaneTree,
} from '../../src/core/contract/common.ts';

/** The three follow lists of my-setting: the body field, its relation type, and the table that must hold each code. */
const LISTS = [
  { field: 'vslCds', relTpCd: 'REL_USR_VSL', table: 'vessels', column: 'vsl_cd', what: 'vessel' },
  { field: 'laneCds', relTpCd: 'REL_USR_LANE', table: 'lanes', column: 'lane_cd', what: 'lane' },
  { field: 'portCds', relTpCd: 'REL_USR_PORT', table: 'ports', column: 'port_cd', what: 'port' },
] as const;

export async function readSetting(sql: Sql, usrId: string): Promise<MySetting> {
  const rows = await sql.query<{ rel_tp_cd: string; rel_cd: string }>(
    `SELECT rel_tp_cd, rel_cd FROM user_relations
      WHERE usr_id = $1 AND rel_tp_cd IN ('REL_USR_VSL', 'REL_USR_LANE', 'REL_USR_PORT')
      ORDER BY rel_tp_cd, sort_no, rel_cd`,
    [usrId],
  );
  const pick = (tp: string) => rows.filter((r) => r.rel_tp_cd === tp).map((r) => r.rel_cd);
  return { vslCds: pick('REL_USR_VSL'), laneCds: pick('REL_USR_LANE'), portCds: pick('REL_USR_PORT') };
}

async function checkedCodes(usrId: string, relTpCd: string, sql: Sql): Promise<Set<string>> {
  const rows = await sql.query<{ rel_cd: string }>(
    'SELECT rel_cd FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = $2',
    [usrId, relTpCd],
  );
  return new Set(rows.map((r) => r.rel_cd));
}

/** Trades with their lanes, each checked when in the user's list of relTpCd. */
export async function tradeLaneTree(sql: Sql, usrId: string, relTpCd: string): Promise<TradeLaneTree> {
  const checked = await checkedCodes(usrId, relTpCd, sql);
  const rows = await sql.query<{
    trade_cd: string;
    trade_nm: string;
    lane_cd: string;
    lane_nm: string;
    crr_cd: string;
    bg_colr: string;
    fg_colr: string;
  }>(
    `SELECT l.trade_cd, l.trade_nm, l.lane_cd, l.lane_nm, l.crr_cd, c.bg_colr, c.fg_colr
       FROM lanes l JOIN carriers c ON c.crr_cd = l.crr_cd ORDER BY l.trade_cd, l.lane_cd`,
  );
  const trades: TradeLaneTree['tradeList'] = [];
  for (const r of rows) {
    let trade = trades[trades.length - 1];
    if (!trade || trade.tradeCd !== r.trade_cd) {
      trade = { tradeCd: r.trade_cd, tradeNm: r.trade_nm, checked: true, laneList: [] };
      trades.push(trade);
    }
    const on = checked.has(r.lane_cd);
    trade.checked &&= on;
    trade.laneList.push({
      laneCd: r.lane_cd,
      laneNm: r.lane_nm,
      crrCd: r.crr_cd,
      crrBgColrVal: r.bg_colr,
      crrFgColrVal: r.fg_colr,
      checked: on,
    });
  }
  return { tradeList: trades };
}

/** Countries with their ports, each checked when in the user's list of relTpCd. */
export async function cntPortTree(sql: Sql, usrId: string, relTpCd: string): Promise<CntPortTree> {
  const checked = await checkedCodes(usrId, relTpCd, sql);
  const rows = await sql.query<{ cnt_cd: string; cnt_nm: string; port_cd: string; port_nm: string }>(
    'SELECT cnt_cd, cnt_nm, port_cd, port_nm FROM ports ORDER BY cnt_nm, cnt_cd, port_nm, port_cd',
  );
  const countries: CntPortTree['cntList'] = [];
  for (const r of rows) {
    let cnt = countries[countries.length - 1];
    if (!cnt || cnt.cntCd !== r.cnt_cd) {
      cnt = { cntCd: r.cnt_cd, cntNm: r.cnt_nm, checked: true, portList: [] };
      countries.push(cnt);
    }
    const on = checked.has(r.port_cd);
    cnt.checked &&= on;
    cnt.portList.push({ portCd: r.port_cd, portNm: r.port_nm, checked: on });
  }
  return { cntList: countries };
}

/** Replaces the lists the body sends (only those), in the order sent; 400 naming the first unknown code. */
export async function saveSetting(
  sql: Sql,
  usrId: string,
  body: MySettingBody,
): Promise<MySettingSaveResponse> {
  const saved: string[] = [];
  for (const list of LISTS) {
    const codes = body[list.field];
    if (codes === undefined) continue;
    const unknown = await sql.query<{ c: string }>(
      `SELECT t.c FROM unnest($1::text[]) WITH ORDINALITY AS t(c, o)
        WHERE NOT EXISTS (SELECT 1 FROM ${list.table} x WHERE x.${list.column} = t.c) ORDER BY t.o LIMIT 1`,
      [codes],
    );
    if (unknown[0]) throw badRequest(`${list.field}: unknown ${list.what} code ${unknown[0].c}`);
    await sql.query('DELETE FROM user_relations WHERE usr_id = $1 AND rel_tp_cd = $2', [usrId, list.relTpCd]);
    await sql.query(
      `INSERT INTO user_relations (usr_id, rel_tp_cd, rel_cd, sort_no)
       SELECT $1, $2, t.c, t.o::int - 1 FROM unnest($3::text[]) WITH ORDINALITY AS t(c, o)`,
      [usrId, list.relTpCd, codes],
    );
    saved.push(`${codes.length} ${list.what}${codes.length === 1 ? '' : 's'}`);
    if (list.field === 'vslCds') await recordChange(sql, usrId, 'myVessels');
  }
  const now = await readSetting(sql, usrId);
  return {
    success: true,
    msg: saved.length ? `Saved ${saved.join(', ')}` : 'Nothing to save',
    ...now,
  };
}
