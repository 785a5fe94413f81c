// Storing the AIS track: a point every 30 minutes, fixes in between move the newest point (fresh position,
// light track); points older than 7 days go, never a vessel's newest.
import type { Sql } from '../db/db.ts';
import { LIMITS, type FixRec, type VesselRec } from './types.ts';

const row = (vslCd: string, f: FixRec) => ({
  vsl_cd: vslCd,
  pos_dt: new Date(f.posDt).toISOString(),
  lat: f.lat,
  lon: f.lon,
  sog: f.sog,
  cog: f.cog,
  hdg: f.hdg,
  nav_sts: f.navSts,
});

const COLS = `vsl_cd text, pos_dt timestamptz, lat double precision, lon double precision, sog double precision,
  cog double precision, hdg double precision, nav_sts text`;

/** What writeFixes needs of a vessel: its newest fix and the track point before it, which it moves on. */
export type TrackEnd = Pick<VesselRec, 'vslCd' | 'fix' | 'prevFixDt'>;

/** The one path by which a vessel's position is stored: the simulator's ticks and the AIS feeds (server/ais/apply.ts). */
export async function writeFixes(
  sql: Sql,
  vessels: readonly TrackEnd[],
  fixes: ReadonlyMap<string, readonly FixRec[]>,
  now: number,
): Promise<{ inserted: number; updated: number; deleted: number }> {
  const inserts: ReturnType<typeof row>[] = [];
  const updates: (ReturnType<typeof row> & { old_dt: string })[] = [];
  for (const v of vessels) {
    const list = fixes.get(v.vslCd);
    if (!list?.length) continue;
    const single = list.length === 1 ? list[0] : undefined;
    const movable =
      single && v.fix && v.prevFixDt != null && v.fix.posDt - v.prevFixDt < LIMITS.trackSpacingMs;
    if (single && movable && v.fix)
      updates.push({ ...row(v.vslCd, single), old_dt: new Date(v.fix.posDt).toISOString() });
    else inserts.push(...list.map((f) => row(v.vslCd, f)));
    if (!movable)
      v.prevFixDt = list.length > 1 ? (list[list.length - 2] as FixRec).posDt : (v.fix?.posDt ?? null);
    v.fix = list[list.length - 1] as FixRec;
  }
  if (inserts.length)
    await sql.query(
      `INSERT INTO vessel_positions (vsl_cd, pos_dt, lat, lon, sog, cog, hdg, nav_sts)
       SELECT vsl_cd, pos_dt, lat, lon, sog, cog, hdg, nav_sts FROM jsonb_to_recordset($1::jsonb) AS x(${COLS})
       ON CONFLICT (vsl_cd, pos_dt) DO NOTHING`,
      [JSON.stringify(inserts)],
    );
  if (updates.length)
    await sql.query(
      `UPDATE vessel_positions p
          SET pos_dt = x.pos_dt, lat = x.lat, lon = x.lon, sog = x.sog, cog = x.cog, hdg = x.hdg, nav_sts = x.nav_sts
         FROM jsonb_to_recordset($1::jsonb) AS x(${COLS}, old_dt timestamptz)
        WHERE p.vsl_cd = x.vsl_cd AND p.pos_dt = x.old_dt`,
      [JSON.stringify(updates)],
    );
  const deleted = await sql.query(
    `DELETE FROM vessel_positions WHERE (vsl_cd, pos_dt) IN (
       SELECT p.vsl_cd, p.pos_dt FROM vessel_positions p
        WHERE p.pos_dt < $1 AND p.pos_dt < (SELECT max(q.pos_dt) FROM vessel_positions q WHERE q.vsl_cd = p.vsl_cd)
        ORDER BY p.pos_dt LIMIT $2)
     RETURNING 1`,
    [new Date(now - LIMITS.keepPositionsMs).toISOString(), LIMITS.deletePerTick],
  );
  return { inserted: inserts.length, updated: updates.length, deleted: deleted.length };
}
