// How the ETA slid (product.md#eta-history) and the vessel particulars (product.md#input-and-formatting-rules) on the real server: the
// seed's past changes, a change of any path recorded (a plain UPDATE, a user's, the simulator's tick), the cap of the
// cascade answer, history following a call through a voyage's renumbering, and particulars valid for the whole fleet.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rng } from '../server/seed/rng.ts';
import { FLAG_MID, FLEET, isValidImo } from '../server/seed/world/fleet.ts';
import { tick } from '../server/simulator/index.ts';
import { ETA_HISTORY_MAX, type CascadeCall, type CascadeResponse } from '../src/core/contract/vessel.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const HOUR = 3_600_000;
const cascadeOf = async (vslCd: string, as = 'staff'): Promise<CascadeResponse> => {
  const res = await s.call('GET', `/api/v2/app/vessel/cascade?vslCd=${vslCd}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** A call of the vessel's current voyage still ahead, with its keys. */
async function callAhead(vslCd: string) {
  const rows = await s.db.query<{ skd_voy_no: string; skd_dir_cd: string; call_seq: number; eta: Date }>(
    `SELECT c.skd_voy_no, c.skd_dir_cd, c.call_seq, c.eta FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
      WHERE c.vsl_cd = $1 AND v.is_current AND c.ata IS NULL AND c.skip_yn = 'N' ORDER BY c.call_seq DESC LIMIT 1`,
    [vslCd],
  );
  const c = rows[0];
  if (!c) throw new Error(`no call ahead for ${vslCd}`);
  return c;
}
const findCall = (r: CascadeResponse, callSeq: number): CascadeCall | undefined =>
  r.calls.find((c) => c.callSeq === callSeq);

describe('ETA history', () => {
  it('comes seeded: each history leads from its first ETA to the ETA the call has now, in order', async () => {
    const cascade = await cascadeOf('QHZN', 'vessel');
    const withHist = cascade.calls.filter((c) => c.etaHist);
    expect(withHist.length).toBeGreaterThan(2);
    for (const c of withHist) {
      const h = c.etaHist!;
      expect(h.chgs.length).toBeGreaterThan(0);
      expect(h.chgs.length).toBeLessThanOrEqual(ETA_HISTORY_MAX);
      expect(h.chgCnt).toBeGreaterThanOrEqual(h.chgs.length);
      expect(h.chgs.at(-1)?.toEta, c.portCd).toBe(c.eta);
      if (h.chgCnt === h.chgs.length) expect(h.chgs[0]?.fmEta).toBe(h.firstEta);
      for (const [i, chg] of h.chgs.entries()) {
        expect(chg.fmEta).not.toBe(chg.toEta);
        if (i > 0) expect(chg.fmEta).toBe(h.chgs[i - 1]?.toEta);
        if (i > 0) expect(Date.parse(chg.chgDt)).toBeGreaterThan(Date.parse(h.chgs[i - 1]?.chgDt ?? ''));
        expect(Date.parse(chg.chgDt)).toBeLessThanOrEqual(s.seedNow.getTime());
      }
    }
  });

  it('records any change of an ETA, says who made it, and sends the newest 10 with the count of all', async () => {
    const vsl = 'NRPL';
    const c = await callAhead(vsl);
    const keys = [vsl, c.skd_voy_no, c.skd_dir_cd, c.call_seq];
    const before = (await cascadeOf(vsl)).calls.find((x) => x.callSeq === c.call_seq);
    const seeded = before?.etaHist?.chgCnt ?? 0;
    const firstEta = before?.etaHist?.firstEta ?? before?.eta;
    const setEta = (h: number) =>
      s.db.query(
        'UPDATE port_calls SET eta = $5, etb = $5, etd = $5 WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4',
        [...keys, new Date(c.eta.getTime() + h * HOUR)],
      );
    await setEta(1);
    // A path acting for a user names it in its transaction.
    await s.db.tx(async (sql) => {
      await sql.query("SELECT set_config('quay.chg_by', 'staff', true)");
      await sql.query(
        'UPDATE port_calls SET eta = $5, etb = $5, etd = $5 WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4',
        [...keys, new Date(c.eta.getTime() + 3 * HOUR)],
      );
    });
    // Other columns moving, or the ETA set to what it is, record nothing.
    await s.db.query(
      'UPDATE port_calls SET yd_nm = yd_nm, eta = eta WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4',
      keys,
    );
    let got = findCall(await cascadeOf(vsl), c.call_seq)?.etaHist;
    expect(got?.chgCnt).toBe(seeded + 2);
    expect(got?.firstEta).toBe(firstEta);
    expect(got?.chgs.slice(-2).map((x) => [x.fmEta, x.toEta, x.chgBy])).toEqual([
      [c.eta.toISOString(), new Date(c.eta.getTime() + HOUR).toISOString(), 'simulator'],
      [
        new Date(c.eta.getTime() + HOUR).toISOString(),
        new Date(c.eta.getTime() + 3 * HOUR).toISOString(),
        'staff',
      ],
    ]);

    for (let h = 4; h < 4 + ETA_HISTORY_MAX; h++) await setEta(h);
    got = findCall(await cascadeOf(vsl), c.call_seq)?.etaHist;
    expect(got?.chgCnt).toBe(seeded + 2 + ETA_HISTORY_MAX);
    expect(got?.chgs).toHaveLength(ETA_HISTORY_MAX);
    expect(got?.firstEta).toBe(firstEta);
    expect(got?.chgs[0]?.toEta).toBe(new Date(c.eta.getTime() + 4 * HOUR).toISOString());
    expect(got?.chgs.at(-1)?.toEta).toBe(
      new Date(c.eta.getTime() + (3 + ETA_HISTORY_MAX) * HOUR).toISOString(),
    );
  });

  it('follows a call when its voyage is renumbered, and goes with it when it is removed', async () => {
    const vsl = 'NRSP';
    const c = await callAhead(vsl);
    const count = async () =>
      (
        await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM eta_changes WHERE vsl_cd = $1', [vsl])
      )[0]?.n;
    const all = await count();
    await s.db.query(
      `UPDATE port_calls SET eta = eta + interval '2 hours', etb = etb + interval '2 hours', etd = etd + interval '2 hours'
        WHERE vsl_cd = $1 AND skd_voy_no = $2 AND skd_dir_cd = $3 AND call_seq = $4`,
      [vsl, c.skd_voy_no, c.skd_dir_cd, c.call_seq],
    );
    await s.db.query(
      'UPDATE port_calls SET call_seq = call_seq + 100 WHERE vsl_cd = $1 AND skd_voy_no = $2',
      [vsl, c.skd_voy_no],
    );
    const moved = findCall(await cascadeOf(vsl), c.call_seq + 100);
    expect(moved?.etaHist?.chgs.at(-1)?.toEta).toBe(new Date(c.eta.getTime() + 2 * HOUR).toISOString());
    expect(await count()).toBe((all ?? 0) + 1);
    await s.db.query('DELETE FROM port_calls WHERE vsl_cd = $1 AND skd_voy_no = $2 AND call_seq = $3', [
      vsl,
      c.skd_voy_no,
      c.call_seq + 100,
    ]);
    expect(await count()).toBeLessThan((all ?? 0) + 1);
  });

  it("records the simulator's ETA changes at the simulator's time", async () => {
    const start = s.seedNow.getTime();
    const r = rng('eta-history-test');
    const changes: { vslCd: string; callSeq: number; prevEta: string; eta: string }[] = [];
    for (let h = 1; h <= 24 && changes.length === 0; h++) {
      const report = await s.db.tx((sql) => tick(sql, new Date(start + h * HOUR), r));
      changes.push(...report.etaChanges);
    }
    expect(changes.length).toBeGreaterThan(0);
    const e = changes[0]!;
    const rows = await s.db.query<{ old_eta: Date; new_eta: Date; chg_dt: Date; chg_by: string }>(
      'SELECT old_eta, new_eta, chg_dt, chg_by FROM eta_changes WHERE vsl_cd = $1 AND call_seq = $2 AND chg_dt > $3 ORDER BY chg_id',
      [e.vslCd, e.callSeq, s.seedNow],
    );
    expect(rows.map((x) => [x.old_eta.toISOString(), x.new_eta.toISOString(), x.chg_by])).toContainEqual([
      e.prevEta,
      e.eta,
      'simulator',
    ]);
    // Made at a tick's time (an hour or more after the seed), not at the wall clock's.
    for (const x of rows) expect(x.chg_dt.getTime()).toBeGreaterThanOrEqual(start + HOUR);
    for (const x of rows) expect(x.chg_dt.getTime()).toBeLessThanOrEqual(start + 24 * HOUR);
  });
});

describe('the dev API moves an ETA', () => {
  it('as a user or the simulator, recorded in the history; refuses 0 hours, an unknown user and a call not ahead', async () => {
    const post = (body: unknown) => s.call('POST', '/api/dev/eta', { body });
    const res = await post({ vslCd: 'QMRD', hours: 2.5, usrId: 'staff' });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json();
    expect(Date.parse(moved.toEta) - Date.parse(moved.fmEta)).toBe(2.5 * HOUR);
    const hist = findCall(await cascadeOf('QMRD'), moved.callSeq)?.etaHist;
    // A user's change carries the user's name (product.md#eta-history), shown instead of the ID.
    const [staff] = await s.db.query<{ usr_nm: string }>("SELECT usr_nm FROM users WHERE usr_id = 'staff'");
    expect(staff?.usr_nm).toBeTruthy();
    expect(hist?.chgs.at(-1)).toEqual({
      chgDt: expect.any(String),
      fmEta: moved.fmEta,
      toEta: moved.toEta,
      chgBy: 'staff',
      chgByNm: staff?.usr_nm,
    });
    const again = (await post({ vslCd: 'QMRD', callSeq: moved.callSeq, hours: -1 })).json();
    const bySimulator = findCall(await cascadeOf('QMRD'), moved.callSeq)?.etaHist?.chgs.at(-1);
    expect(bySimulator).toMatchObject({ toEta: again.toEta, chgBy: 'simulator' });
    expect(bySimulator).not.toHaveProperty('chgByNm');

    expect((await post({ vslCd: 'QMRD', hours: 0 })).statusCode).toBe(400);
    expect((await post({ vslCd: 'QMRD', hours: 1, usrId: 'nobody' })).statusCode).toBe(400);
    expect((await post({ vslCd: 'QMRD', hours: 1, extra: 1 })).statusCode).toBe(400);
    expect((await post({ vslCd: 'ZZZZ', hours: 1 })).statusCode).toBe(404);
    const arrived = await s.db.query<{ call_seq: number }>(
      `SELECT c.call_seq FROM port_calls c JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
        WHERE c.vsl_cd = 'QMRD' AND v.is_current AND c.ata IS NOT NULL LIMIT 1`,
    );
    if (arrived[0])
      expect((await post({ vslCd: 'QMRD', callSeq: arrived[0].call_seq, hours: 1 })).statusCode).toBe(404);
  });
});

describe('vessel particulars', () => {
  it('are valid for the whole fleet: IMO check digit, MMSI of 9 digits with the flag MID, sizes by class', async () => {
    const rows = await s.db.query<{
      vsl_cd: string;
      imo_no: string;
      mmsi: string;
      flag_cd: string;
      teu: number;
      loa_m: number;
      beam_m: number;
      draught_m: number;
    }>('SELECT vsl_cd, imo_no, mmsi, flag_cd, teu, loa_m, beam_m, draught_m FROM vessels');
    expect(rows.length).toBe(FLEET.length);
    expect(new Set(rows.map((r) => r.mmsi)).size).toBe(rows.length);
    for (const r of rows) {
      expect(isValidImo(r.imo_no), r.vsl_cd).toBe(true);
      expect(r.mmsi, r.vsl_cd).toMatch(/^\d{9}$/);
      expect(r.mmsi.slice(0, 3), r.vsl_cd).toBe(FLAG_MID[r.flag_cd]);
      expect(r.beam_m).toBeGreaterThan(r.loa_m / 8.5);
      expect(r.beam_m).toBeLessThan(r.loa_m / 5.5);
      expect(r.draught_m).toBeGreaterThanOrEqual(10);
      expect(r.draught_m).toBeLessThanOrEqual(16.5);
    }
  });

  it('are what migration 007 gives a database seeded before it', async () => {
    const script = await readFile(
      new URL('../server/db/migrations/007_eta_history_particulars.sql', import.meta.url),
      'utf8',
    );
    const update = script.slice(script.indexOf('UPDATE vessels SET')).trim();
    const seeded = await s.db.query('SELECT vsl_cd, mmsi, beam_m, draught_m FROM vessels ORDER BY vsl_cd');
    await s.db.query('UPDATE vessels SET mmsi = NULL, beam_m = NULL, draught_m = NULL');
    await s.db.query(update);
    expect(await s.db.query('SELECT vsl_cd, mmsi, beam_m, draught_m FROM vessels ORDER BY vsl_cd')).toEqual(
      seeded,
    );
  });

  it('come with the vessel page data, for the vessel user too', async () => {
    const res = await s.call('GET', '/api/v2/app/vessel/current?vslCd=QHZN', { as: 'vessel' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    const q = FLEET.find((x) => x.vslCd === 'QHZN')!;
    expect(v).toMatchObject({
      imoNo: q.imoNo,
      mmsi: q.mmsi,
      callSgn: q.callSgn,
      flagCd: q.flagCd,
      builtYr: q.builtYr,
      teu: q.teu,
      loaM: q.loaM,
      beamM: q.beamM,
      draughtM: q.draughtM,
    });
    expect((await s.call('GET', '/api/v2/app/vessel/current?vslCd=NRPL', { as: 'vessel' })).statusCode).toBe(
      403,
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes the ETA history of the cascade and the particulars of the vessel page data', async () => {
    const doc = JSON.stringify((await s.call('GET', '/api/docs/openapi.json')).json());
    for (const field of [
      'etaHist',
      'firstEta',
      'chgCnt',
      'fmEta',
      'toEta',
      'chgBy',
      'mmsi',
      'beamM',
      'draughtM',
    ])
      expect(doc).toContain(`"${field}"`);
    expect(doc).toContain(`the newest ${ETA_HISTORY_MAX} changes, oldest first`);
  });
});
