// Code lists (the codes table): the codes of one code type in display order, for GET /common/code/{type}.
import type { Sql } from '../db/db.ts';
import { notFound } from '../http/errors.ts';
import type { CodeListResponse } from '../../src/core/contract/common.ts';

/** The codes of one code type in display order; 404 naming the type when it has none. */
export async function codeList(sql: Sql, type: string): Promise<CodeListResponse> {
  const rows = await sql.query<{ cd: string; cd_nm: string; sort_no: number }>(
    'SELECT cd, cd_nm, sort_no FROM codes WHERE cd_tp = $1 ORDER BY sort_no, cd',
    [type],
  );
  if (rows.length === 0) throw notFound(`type: code type ${type} was not found`);
  return { codeList: rows.map((r) => ({ cd: r.cd, cdNm: r.cd_nm, sortNo: r.sort_no })) };
}
