// The catalog version: a short digest of what every user shares (programs, vessels, services, ports, carriers: the
// search index and the drawer). Every pull carries it; the device refreshes those datasets only when it changes.
// Nothing at run time changes these tables, so it is computed once, and again in the background every few minutes
// (an operator's edit in the database shows within CATALOG_TTL_MS); a pull never waits for it after the first.
import type { Sql } from '../db/db.ts';

const CATALOG_TTL_MS = 5 * 60_000;

const DIGEST = `SELECT md5(concat_ws('|',
  (SELECT string_agg(concat_ws(',', pgm_no, pgm_nm, pgm_url, menu_url, menu_icon, valid, sort_no, roles), ';' ORDER BY pgm_no) FROM programs),
  (SELECT string_agg(concat_ws(',', vsl_cd, vsl_nm, crr_cd), ';' ORDER BY vsl_cd) FROM vessels),
  (SELECT string_agg(concat_ws(',', lane_cd, lane_nm, crr_cd), ';' ORDER BY lane_cd) FROM lanes),
  (SELECT string_agg(concat_ws(',', port_cd, port_nm), ';' ORDER BY port_cd) FROM ports),
  (SELECT string_agg(concat_ws(',', crr_cd, bg_colr, fg_colr), ';' ORDER BY crr_cd) FROM carriers))) AS digest`;

export interface Catalog {
  /**
   * The current catalog version (10 hex digits). `via`: the caller's transaction, for the first computation (an
   * embedded database runs one statement at a time, so a query outside a running transaction would wait for it).
   */
  version(via?: Sql): Promise<string>;
}

export function createCatalog(sql: Sql, ttlMs = CATALOG_TTL_MS): Catalog {
  let current: string | null = null;
  let computedAt = 0;
  let running: Promise<string> | null = null;
  const compute = (via: Sql = sql): Promise<string> =>
    (running ??= via
      .query<{ digest: string }>(DIGEST)
      .then((rows) => {
        current = (rows[0]?.digest ?? '').slice(0, 10);
        computedAt = Date.now();
        return current;
      })
      .finally(() => (running = null)));
  return {
    async version(via) {
      if (current === null) return compute(via);
      if (Date.now() - computedAt > ttlMs) void compute().catch(() => undefined);
      return current;
    },
  };
}
