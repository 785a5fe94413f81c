// GET /common/keyword-search: smart search over vessels, services (lanes) and ports (SPEC §2 smart search, §5 rules).
import { userOf, type App, type AuthUser } from '../../context.ts';
import type { Sql } from '../../db/db.ts';
import { badRequest } from '../../http/errors.ts';
import { isRestrictedType, isVesselUserType } from '../../../src/core/role.ts';
import {
  KeywordSearchQuery,
  SearchResultList,
  type PgmType,
  type SearchResult,
} from '../../../src/core/contract/common.ts';

const tags = ['common'];
const security = [{ token: [] }];

export const SEARCH_MIN = 3;
export const SEARCH_LIMIT = 50;
const PGM_TYPES: readonly PgmType[] = ['VSL', 'VSL_V', 'SVC', 'PORT', 'PORT_S'];
/** Ports have no carrier: neutral colours. */
const PORT_BG = '#E5E7EB';
const PORT_FG = '#1F2937';

interface Hit extends SearchResult {
  /** 0 exact code, 1 code or name starts with kw, 2 contains kw. */
  rank: number;
  kind: number;
}

interface HitRow {
  code: string;
  name: string;
  crr_cd: string;
  bg_colr: string;
  fg_colr: string;
  rank: number;
}

const RANK = `CASE WHEN upper(%c) = $1 THEN 0 WHEN strpos(upper(%c), $1) = 1 OR strpos(upper(%n), $1) = 1 THEN 1 ELSE 2 END`;
const MATCH = `(strpos(upper(%c), $1) > 0 OR strpos(upper(%n), $1) > 0)`;
const fill = (tpl: string, code: string, name: string) => tpl.replaceAll('%c', code).replaceAll('%n', name);

function parseTypes(type: string | undefined): Set<PgmType> | null {
  if (type === undefined || type.trim() === '') return null;
  const out = new Set<PgmType>();
  for (const raw of type.split(',')) {
    const t = raw.trim().toUpperCase();
    if (!t) continue;
    if (!(PGM_TYPES as readonly string[]).includes(t))
      throw badRequest(`type: unknown pgmType ${t} (use ${PGM_TYPES.join(', ')})`);
    out.add(t as PgmType);
  }
  return out.size ? out : null;
}

async function query(
  sql: Sql,
  kw: string,
  from: string,
  code: string,
  name: string,
  extra = '',
): Promise<HitRow[]> {
  return sql.query<HitRow>(
    `SELECT ${code} AS code, ${name} AS name, ${fill(RANK, code, name)} AS rank ${extra}
       FROM ${from} WHERE ${fill(MATCH, code, name)}
      ORDER BY rank, ${name}, ${code} LIMIT ${SEARCH_LIMIT}`,
    [kw],
  );
}

export async function keywordSearch(
  sql: Sql,
  user: AuthUser,
  kwRaw: string,
  type?: string,
): Promise<SearchResult[]> {
  const kw = kwRaw.trim().toUpperCase();
  if (kw.length < SEARCH_MIN) throw badRequest(`kw must be at least ${SEARCH_MIN} characters after trimming`);
  const types = parseTypes(type);
  const want = (...t: PgmType[]) => !types || t.some((x) => types.has(x));
  const vesselsOnly = isRestrictedType(user.usrTpCd);
  const hits: Hit[] = [];

  if (want('VSL', 'VSL_V')) {
    const rows = await query(
      sql,
      kw,
      'vessels v JOIN carriers c ON c.crr_cd = v.crr_cd',
      'v.vsl_cd',
      'v.vsl_nm',
      ', v.crr_cd, c.bg_colr, c.fg_colr',
    );
    for (const r of rows) {
      const own = isVesselUserType(user.usrTpCd) && r.code === user.ofcId;
      hits.push({
        pgmType: own ? 'VSL_V' : 'VSL',
        code: r.code,
        name: r.name,
        crrCd: r.crr_cd,
        crrBgColrVal: r.bg_colr,
        crrFgColrVal: r.fg_colr,
        rank: r.rank,
        kind: 0,
      });
    }
  }
  if (!vesselsOnly && want('SVC')) {
    const rows = await query(
      sql,
      kw,
      'lanes l JOIN carriers c ON c.crr_cd = l.crr_cd',
      'l.lane_cd',
      'l.lane_nm',
      ', l.crr_cd, c.bg_colr, c.fg_colr',
    );
    for (const r of rows) {
      hits.push({
        pgmType: 'SVC',
        code: r.code,
        name: r.name,
        crrCd: r.crr_cd,
        crrBgColrVal: r.bg_colr,
        crrFgColrVal: r.fg_colr,
        rank: r.rank,
        kind: 1,
      });
    }
  }
  if (!vesselsOnly && want('PORT', 'PORT_S')) {
    const pgmType: PgmType = types && types.has('PORT_S') && !types.has('PORT') ? 'PORT_S' : 'PORT';
    const rows = await query(sql, kw, 'ports p', 'p.port_cd', 'p.port_nm');
    for (const r of rows) {
      hits.push({
        pgmType,
        code: r.code,
        name: r.name,
        crrCd: '',
        crrBgColrVal: PORT_BG,
        crrFgColrVal: PORT_FG,
        rank: r.rank,
        kind: 2,
      });
    }
  }

  hits.sort((a, b) => a.rank - b.rank || a.kind - b.kind || cmp(a.name, b.name) || cmp(a.code, b.code));
  return hits.slice(0, SEARCH_LIMIT).map(({ rank: _r, kind: _k, ...rest }) => rest);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function searchRoutes(app: App): Promise<void> {
  app.get(
    '/keyword-search',
    {
      schema: {
        tags,
        security,
        summary:
          'Smart search: vessels, services and ports whose code or name contains kw (prefix matches first, at most 50)',
        description:
          'kw is trimmed and upper-cased and needs at least 3 characters. Users of type 5 and 6 get vessels only, whatever type asks. ' +
          "A vessel user's own vessel comes as VSL_V.",
        querystring: KeywordSearchQuery,
        response: { 200: SearchResultList },
      },
    },
    async (req) => keywordSearch(app.ctx.db, userOf(req), req.query.kw, req.query.type),
  );
}
