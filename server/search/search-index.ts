// The search index of GET /common/search-index: every vessel, service and port the caller may search, as compact
// rows, for the worker's offline smart search (product.md#screens-and-routes, product.md#input-and-formatting-rules) and the port pages' picker; users of types 5 and 6
// search vessels only, so their index holds no services, and its ports serve the picker alone (the device's search
// leaves them out, as the server's does). The keyword-search of ./keyword.ts reads the same rows (narrowed by SQL)
// and runs the same matcher (src/core/search.ts), so online and offline agree.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { isRestricted, isVesselUser } from '../../src/core/role.ts';
import { idKeyword } from '../../src/core/search.ts';
import type { SearchIndex } from '../../src/core/contract/search-index.ts';

export interface IndexScope {
  /** Only rows whose code or name contains this (already upper-cased) keyword; all rows when absent. */
  kw?: string;
  vessels?: boolean;
  services?: boolean;
  ports?: boolean;
}

interface Row {
  code: string;
  name: string;
  crr_cd: string;
}

/** A vessel's identifiers as the index carries them: IMO number, MMSI and call sign, those known. */
const VESSEL_IDS = `upper(concat_ws(' ', nullif(imo_no, ''), nullif(mmsi, ''), nullif(call_sgn, '')))`;

const MATCH = (code: string, name: string) =>
  `(strpos(upper(${code}), $1) > 0 OR strpos(upper(${name}), $1) > 0)`;

async function rows(sql: Sql, from: string, code: string, name: string, kw?: string, crr = 'NULL') {
  const where = kw === undefined ? '' : `WHERE ${MATCH(code, name)}`;
  return sql.query<Row>(
    `SELECT ${code} AS code, ${name} AS name, coalesce(${crr}, '') AS crr_cd FROM ${from} ${where} ORDER BY ${code}`,
    kw === undefined ? [] : [kw],
  );
}

/**
 * Vessels with their identifiers; with a keyword, those whose code or name contains it or whose identifiers do
 * (a superset: the matcher of src/core/search.ts decides).
 */
async function vesselRows(sql: Sql, kw?: string) {
  const where = kw === undefined ? '' : `WHERE ${MATCH('vsl_cd', 'vsl_nm')} OR strpos(${VESSEL_IDS}, $2) > 0`;
  return sql.query<Row & { ids: string }>(
    `SELECT vsl_cd AS code, vsl_nm AS name, coalesce(crr_cd, '') AS crr_cd, ${VESSEL_IDS} AS ids
       FROM vessels ${where} ORDER BY vsl_cd`,
    kw === undefined ? [] : [kw, idKeyword(kw)],
  );
}

/** The caller's search index; rows ordered by code, so the same world gives the same bytes (and ETag). */
export async function loadSearchIndex(
  sql: Sql,
  user: AuthUser,
  scope: IndexScope = {},
): Promise<SearchIndex> {
  const vesselsOnly = isRestricted(user);
  const { kw } = scope;
  // A search (kw) of a user of type 5 or 6 finds vessels only; the whole index carries the ports for the picker.
  const noPorts = scope.ports === false || (vesselsOnly && kw !== undefined);
  const [vessels, services, ports, carriers] = await Promise.all([
    scope.vessels === false ? [] : vesselRows(sql, kw),
    vesselsOnly || scope.services === false ? [] : rows(sql, 'lanes', 'lane_cd', 'lane_nm', kw, 'crr_cd'),
    noPorts ? [] : rows(sql, 'ports', 'port_cd', 'port_nm', kw),
    sql.query<{ crr_cd: string; bg_colr: string; fg_colr: string }>(
      'SELECT crr_cd, bg_colr, fg_colr FROM carriers ORDER BY crr_cd',
    ),
  ]);
  const used = new Set([...vessels, ...services].map((r) => r.crr_cd));
  return {
    usrId: user.usrId,
    vessels: vessels.map((r): SearchIndex['vessels'][number] =>
      r.ids ? [r.code, r.name, r.crr_cd, r.ids] : [r.code, r.name, r.crr_cd],
    ),
    services: services.map((r) => [r.code, r.name, r.crr_cd]),
    ports: ports.map((r) => [r.code, r.name]),
    carriers: Object.fromEntries(
      carriers.filter((c) => used.has(c.crr_cd)).map((c) => [c.crr_cd, [c.bg_colr, c.fg_colr]]),
    ),
    ownVslCd: isVesselUser(user) && user.ofcId ? user.ofcId : null,
  };
}
