// The demo world (server/seed): its invariants checked with SQL on a freshly seeded in-memory database,
// its determinism (same `now`, same rows) and createNotifications' results and validation.
// Always in-memory PGlite, even under DATABASE_URL: seed() empties every table, which would pull the
// rug from under the other test files sharing that PostgreSQL database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { createNotifications, DEFAULT_CHAT_LANES, DEMO_USERS, isSeeded, seed } from '../server/seed/seed.ts';
import { isValidImo } from '../server/seed/world/fleet.ts';
import { LANES } from '../server/seed/world/lanes.ts';
import { seaRoute } from '../server/seed/world/routes.ts';

const NOW = new Date('2025-11-21T09:37:00Z');
const HOUR = 3_600_000;
let db: Db;
let twin: Db;
let seedMs = 0;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => db.query<T>(sql, params);
const num = async (sql: string, params: unknown[] = []) => (await q<{ n: number }>(sql, params))[0]?.n ?? -1;

beforeAll(async () => {
  [db, twin] = await Promise.all([openDb({}), openDb({})]);
  await migrate(db);
  await migrate(twin);
  expect(await isSeeded(db)).toBe(false);
  const t0 = performance.now();
  await seed(db, { now: NOW });
  seedMs = performance.now() - t0;
  console.log(`seed took ${Math.round(seedMs)} ms`);
  await seed(twin, { now: NOW });
}, 120_000);

afterAll(async () => {
  await Promise.all([db?.close(), twin?.close()]);
});

describe('seed: world', () => {
  it('is seeded', async () => {
    expect(await isSeeded(db)).toBe(true);
    // A figure, not a test: machines here are shared and noisy.
    console.log(`seed: ${seedMs} ms`);
  });

  it('has the reference data', async () => {
    expect(await num('SELECT count(*)::int AS n FROM ports')).toBeGreaterThanOrEqual(60);
    expect(
      await num(
        "SELECT count(*)::int AS n FROM ports WHERE port_cd !~ '^[A-Z]{2}[A-Z0-9]{3}$' OR cnt_cd <> left(port_cd, 2)",
      ),
    ).toBe(0);
    expect(
      await num(
        'SELECT count(*)::int AS n FROM ports p WHERE NOT EXISTS (SELECT 1 FROM terminals t WHERE t.port_cd = p.port_cd)',
      ),
    ).toBe(0);
    expect(
      await num("SELECT count(*)::int AS n FROM terminals WHERE yd_cd !~ ('^' || port_cd || '[A-Z0-9]{2}$')"),
    ).toBe(0);
    expect(await num('SELECT count(*)::int AS n FROM lanes')).toBeGreaterThanOrEqual(12);
    expect(
      await num(
        "SELECT count(*)::int AS n FROM carriers WHERE bg_colr !~ '^#[0-9A-F]{6}$' OR fg_colr !~ '^#[0-9A-F]{6}$'",
      ),
    ).toBe(0);
    const rot = await q<{ lane_cd: string; n: number }>(
      'SELECT lane_cd, count(*)::int AS n FROM lane_ports GROUP BY lane_cd',
    );
    for (const r of rot) expect(r.n, r.lane_cd).toBeGreaterThanOrEqual(6);
    const vessels = await q<{ vsl_cd: string; imo_no: string; teu: number; loa_m: number }>(
      'SELECT vsl_cd, imo_no, teu, loa_m FROM vessels',
    );
    expect(vessels.length).toBeGreaterThanOrEqual(40);
    for (const v of vessels) {
      expect(v.vsl_cd).toMatch(/^[A-Z]{4}$/);
      expect(isValidImo(v.imo_no), v.imo_no).toBe(true);
      expect(v.teu).toBeGreaterThanOrEqual(1700);
      expect(v.teu).toBeLessThanOrEqual(24000);
      expect(v.loa_m).toBeGreaterThan(150 + v.teu / 200);
    }
    expect(new Set(vessels.map((v) => v.imo_no)).size).toBe(vessels.length);
    expect(await num('SELECT count(*)::int AS n FROM port_status')).toBe(
      await num('SELECT count(*)::int AS n FROM ports'),
    );
    expect(await num("SELECT count(*)::int AS n FROM port_status WHERE sts_nm <> 'Open'")).toBeGreaterThan(0);
    expect(await num('SELECT count(*)::int AS n FROM storms')).toBeGreaterThanOrEqual(2);
    expect(await num('SELECT count(*)::int AS n FROM holidays')).toBeGreaterThan(50);
  });

  it('routes go through the canals and straits a real ship would take', () => {
    expect(seaRoute('CNSHA', 'NLRTM').canals).toEqual(['SUEZ']);
    expect(seaRoute('KRPUS', 'PABLB').canals).toEqual([]);
    expect(seaRoute('PABLB', 'USSAV').canals).toEqual(['PANAMA']);
    expect(seaRoute('SGSIN', 'BRSSZ').canals).toEqual([]);
    for (const lane of LANES) {
      lane.rotation.forEach((c, i) => {
        const next = lane.rotation[(i + 1) % lane.rotation.length];
        const route = seaRoute(c.portCd, next?.portCd ?? c.portCd);
        expect(route.points.length, `${lane.laneCd} ${c.portCd}`).toBeGreaterThanOrEqual(2);
        expect(route.distanceNm).toBeGreaterThan(0);
      });
    }
  });

  it('gives every vessel a current voyage of at least 8 calls', async () => {
    const rows = await q<{ vsl_cd: string; n: number }>(
      `SELECT v.vsl_cd, count(pc.*)::int AS n FROM vessels v
         LEFT JOIN voyages voy ON voy.vsl_cd = v.vsl_cd AND voy.is_current
         LEFT JOIN port_calls pc ON pc.vsl_cd = voy.vsl_cd AND pc.skd_voy_no = voy.skd_voy_no AND pc.skd_dir_cd = voy.skd_dir_cd
        GROUP BY v.vsl_cd`,
    );
    for (const r of rows) expect(r.n, r.vsl_cd).toBeGreaterThanOrEqual(8);
    expect(
      await num(
        'SELECT count(*)::int AS n FROM (SELECT vsl_cd FROM voyages WHERE is_current GROUP BY vsl_cd HAVING count(*) > 1) x',
      ),
    ).toBe(0);
  });

  it('keeps schedules consistent with now', async () => {
    expect(await num('SELECT count(*)::int AS n FROM port_calls WHERE NOT (eta <= etb AND etb <= etd)')).toBe(
      0,
    );
    expect(
      await num('SELECT count(*)::int AS n FROM port_calls WHERE ata > $1 OR atb > $1 OR atd > $1', [NOW]),
    ).toBe(0);
    expect(
      await num(
        'SELECT count(*)::int AS n FROM port_calls WHERE atd IS NOT NULL AND (ata IS NULL OR atb IS NULL OR NOT (ata <= atb AND atb <= atd))',
      ),
    ).toBe(0);
    const past = await num(
      "SELECT count(*)::int AS n FROM port_calls WHERE skip_yn = 'N' AND etd < $1 AND atd IS NULL",
      [new Date(NOW.getTime() - 6 * HOUR)],
    );
    expect(past).toBe(0);
    const future = await num(
      'SELECT count(*)::int AS n FROM port_calls WHERE eta > $1 AND (ata IS NOT NULL OR atb IS NOT NULL OR atd IS NOT NULL)',
      [new Date(NOW.getTime() + HOUR)],
    );
    expect(future).toBe(0);
    expect(await num("SELECT count(*)::int AS n FROM port_calls WHERE skip_yn = 'Y'")).toBeGreaterThan(0);
    expect(
      await num("SELECT count(*)::int AS n FROM port_calls WHERE skip_yn = 'Y' AND ata IS NOT NULL"),
    ).toBe(0);
    // Actuals form a prefix of each voyage: no call has an arrival after one without a departure.
    const gaps = await num(
      `SELECT count(*)::int AS n FROM port_calls a JOIN port_calls b USING (vsl_cd, skd_voy_no, skd_dir_cd)
        WHERE b.call_seq > a.call_seq AND a.skip_yn = 'N' AND a.atd IS NULL AND b.ata IS NOT NULL`,
    );
    expect(gaps).toBe(0);
    const live = await num(
      `SELECT count(*)::int AS n FROM port_calls pc JOIN voyages v USING (vsl_cd, skd_voy_no, skd_dir_cd)
        WHERE v.is_current AND pc.atd IS NOT NULL`,
    );
    expect(live).toBeGreaterThan(0);
  });

  it('has vessels at sea, at anchor and alongside, with a 48 h AIS track', async () => {
    const states = await q<{ nav_sts: string; n: number }>(
      `SELECT nav_sts, count(*)::int AS n FROM (
         SELECT DISTINCT ON (vsl_cd) vsl_cd, nav_sts FROM vessel_positions ORDER BY vsl_cd, pos_dt DESC) x
        GROUP BY nav_sts`,
    );
    const by = Object.fromEntries(states.map((s) => [s.nav_sts, s.n]));
    expect(by.UNDER_WAY).toBeGreaterThan(0);
    expect(by.AT_ANCHOR).toBeGreaterThan(0);
    expect(by.MOORED).toBeGreaterThan(0);
    const short = await num(
      'SELECT count(*)::int AS n FROM (SELECT vsl_cd FROM vessel_positions WHERE pos_dt >= $1 GROUP BY vsl_cd HAVING count(*) < 25) x',
      [new Date(NOW.getTime() - 48 * HOUR)],
    );
    expect(short).toBe(0);
    expect(
      await num("SELECT count(*)::int AS n FROM vessel_positions WHERE nav_sts = 'UNDER_WAY' AND sog < 5"),
    ).toBe(0);
    expect(
      await num("SELECT count(*)::int AS n FROM vessel_positions WHERE nav_sts = 'MOORED' AND sog <> 0"),
    ).toBe(0);
  });

  it('has noon reports with fuel going down', async () => {
    const rows = await q<{ vsl_cd: string; rob_fo_mt: number; rob_do_mt: number; rpt_tp_cd: string }>(
      'SELECT vsl_cd, rob_fo_mt, rob_do_mt, rpt_tp_cd FROM vessel_reports ORDER BY vsl_cd, rpt_dt',
    );
    const byVessel = new Map<string, typeof rows>();
    for (const r of rows) byVessel.set(r.vsl_cd, [...(byVessel.get(r.vsl_cd) ?? []), r]);
    expect(byVessel.size).toBe(await num('SELECT count(*)::int AS n FROM vessels'));
    for (const [vsl, list] of byVessel) {
      expect(list.filter((r) => r.rpt_tp_cd === 'NOON').length, vsl).toBeGreaterThanOrEqual(7);
      list.slice(1).forEach((r, i) => {
        expect(r.rob_fo_mt, vsl).toBeLessThanOrEqual((list[i] as (typeof list)[number]).rob_fo_mt);
        expect(r.rob_do_mt, vsl).toBeLessThanOrEqual((list[i] as (typeof list)[number]).rob_do_mt);
      });
    }
  });

  it('lists the programs with World Status invalid', async () => {
    const programs = await q<{ pgm_nm: string; pgm_url: string; valid: boolean }>(
      'SELECT pgm_nm, pgm_url, valid FROM programs',
    );
    expect(programs.find((p) => p.pgm_nm === 'World Status')?.valid).toBe(false);
    expect(programs.filter((p) => !p.valid)).toHaveLength(1);
    for (const url of [
      '/vessel',
      '/voyage',
      '/myvessel',
      '/service',
      '/port/live',
      '/port/status',
      '/chat/',
      '/setting',
      '/addressBook',
      '/inform/gsi',
    ]) {
      expect(
        programs.some((p) => p.pgm_url === url),
        url,
      ).toBe(true);
    }
    expect(
      await num(
        "SELECT count(*)::int AS n FROM widgets WHERE wdgt_id = 'IBM_W2030' AND wdgt_path = '/vessel/schedule'",
      ),
    ).toBe(1);
  });

  it('leaves the runtime tables empty and fills the others', async () => {
    for (const t of [
      'sessions',
      'mutations',
      'app_history',
      'event_remarks',
      'chat_reads',
      'analytics_event',
      'calendar_links',
      'alert_rules',
      'sign_on_failures',
      'api_keys',
      'user_identities',
      'audit_log',
    ]) {
      expect(await num(`SELECT count(*)::int AS n FROM ${t}`), t).toBe(0);
    }
    // A running server's own state, not the seed's: the secrets, the simulator's clock, the instances and who is
    // connected where (docs/cluster.md), the feeds' state. Filled or not depending on the database and the instances running.
    const serverState = ['server_secrets', 'sim_clock', 'instances', 'presence', 'feed_states'];
    const tables = await q<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'sessions', 'mutations', 'app_history', 'event_remarks', 'chat_reads', 'analytics_event', 'calendar_links', 'alert_rules', 'sign_on_failures', 'api_keys', 'user_identities', 'audit_log', ${serverState.map((t) => `'${t}'`).join(', ')})`,
    );
    for (const { tablename } of tables)
      expect(await num(`SELECT count(*)::int AS n FROM ${tablename}`), tablename).toBeGreaterThan(0);
  });
});

describe('seed: users', () => {
  it('has every demo user with the right type and role', async () => {
    const expected: Record<string, [string, string]> = {
      agent: ['3', 'AGT00'],
      vessel: ['4', 'VSL00'],
      vessel2: ['4', 'VSL00'],
      operator: ['5', 'NAV00,NAV01'],
      viewer: ['6', ''],
      staff: ['2', 'NAV00,ADM00'],
    };
    expect(DEMO_USERS.map((u) => u.usrId).sort()).toEqual(Object.keys(expected).sort());
    for (const [usrId, [tp, role]] of Object.entries(expected)) {
      const [u] = await q<{
        usr_tp_cd: string;
        usr_role_cd: string;
        ext_usr_id: string;
        email: string;
        password_hash: string;
      }>('SELECT usr_tp_cd, usr_role_cd, ext_usr_id, email, password_hash FROM users WHERE usr_id = $1', [
        usrId,
      ]);
      expect(u, usrId).toBeDefined();
      expect([u?.usr_tp_cd, u?.usr_role_cd], usrId).toEqual([tp, role]);
      expect(u?.ext_usr_id).toMatch(/^EXT-\d{4}$/);
      expect(u?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(u?.password_hash).toMatch(/^scrypt\$/);
    }
    expect(
      await num(
        "SELECT count(*)::int AS n FROM user_relations WHERE usr_id = 'agent' AND rel_tp_cd = 'AGT_PORT'",
      ),
    ).toBeGreaterThanOrEqual(3);
    const follows = await num(
      "SELECT count(*)::int AS n FROM user_relations WHERE usr_id = 'operator' AND rel_tp_cd = 'REL_USR_VSL'",
    );
    expect(follows).toBeGreaterThanOrEqual(5);
    expect(follows).toBeLessThanOrEqual(8);
  });

  it("chat-enables the vessel user's lane and not vessel2's", async () => {
    const lanes = DEFAULT_CHAT_LANES.split(',');
    const laneOf = async (usrId: string) =>
      (
        await q<{ lane_cd: string }>(
          'SELECT v.lane_cd FROM users u JOIN vessels v ON v.vsl_cd = u.ofc_id WHERE u.usr_id = $1',
          [usrId],
        )
      )[0]?.lane_cd;
    expect(lanes).toContain(await laneOf('vessel'));
    expect(lanes).not.toContain(await laneOf('vessel2'));
    expect(lanes.length).toBeGreaterThanOrEqual(Math.floor(LANES.length / 3));
    expect(lanes.length).toBeLessThan(LANES.length);
  });

  it("has a lively chat room for the vessel user's vessel", async () => {
    const [room] = await q<{ room_id: string }>(
      "SELECT 'V-' || ofc_id AS room_id FROM users WHERE usr_id = 'vessel'",
    );
    const members = await q<{ usr_id: string }>('SELECT usr_id FROM chat_members WHERE room_id = $1', [
      room?.room_id,
    ]);
    expect(members.map((m) => m.usr_id)).toEqual(expect.arrayContaining(['vessel', 'operator', 'agent']));
    const msgs = await q<{ sender_type: string; cre_dt: Date; client_msg_id: string | null }>(
      'SELECT sender_type, cre_dt, client_msg_id FROM chat_messages WHERE room_id = $1 ORDER BY msg_seq',
      [room?.room_id],
    );
    expect(msgs.length).toBeGreaterThanOrEqual(10);
    expect(msgs.length).toBeLessThanOrEqual(30);
    expect(new Set(msgs.map((m) => m.sender_type))).toEqual(new Set(['V', 'S']));
    for (const m of msgs) {
      expect(m.client_msg_id).toBeNull();
      expect(m.cre_dt.getTime()).toBeGreaterThan(NOW.getTime() - 3 * 24 * HOUR);
      expect(m.cre_dt.getTime()).toBeLessThan(NOW.getTime());
    }
    expect(await num('SELECT count(*)::int AS n FROM chat_rooms')).toBe(
      await num('SELECT count(*)::int AS n FROM vessels'),
    );
  });
});

describe('seed: notifications', () => {
  it('gives the vessel user every type, read and unread, acknowledged and not', async () => {
    const rows = await q<{
      not_id: string;
      not_read_yn: string;
      ack_usr_id: string | null;
      ack_dt: Date | null;
    }>("SELECT not_id, not_read_yn, ack_usr_id, ack_dt FROM notifications WHERE usr_id = 'vessel'");
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.not_id))).toEqual(
      new Set(['N001', 'N002', 'N003', 'N004', 'N005', 'N006', 'N007', 'N008', 'N009', 'N020', 'N101']),
    );
    const ackable = rows.filter((r) => ['N001', 'N002', 'N003', 'N004', 'N005', 'N006'].includes(r.not_id));
    expect(rows.some((r) => r.not_read_yn === 'N')).toBe(true);
    expect(rows.some((r) => r.not_read_yn === 'Y')).toBe(true);
    expect(ackable.filter((r) => r.ack_usr_id === 'vessel' && r.ack_dt).length).toBeGreaterThanOrEqual(3);
    expect(ackable.filter((r) => r.ack_usr_id === null).length).toBeGreaterThanOrEqual(3);
    for (const usrId of ['vessel2', 'agent', 'operator', 'staff', 'viewer']) {
      expect(
        await num('SELECT count(*)::int AS n FROM notifications WHERE usr_id = $1', [usrId]),
        usrId,
      ).toBeGreaterThanOrEqual(8);
    }
  });

  it('spreads them over 14 days, in not_seq order, with the full detail', async () => {
    const rows = await q<{
      not_seq: number;
      not_id: string;
      cre_dt: Date;
      detail: Record<string, unknown>;
      vsl_cd: string | null;
    }>('SELECT not_seq, not_id, cre_dt, detail, vsl_cd FROM notifications ORDER BY not_seq');
    rows
      .slice(1)
      .forEach((r, i) =>
        expect(r.cre_dt.getTime()).toBeGreaterThanOrEqual(
          (rows[i] as (typeof rows)[number]).cre_dt.getTime(),
        ),
      );
    expect(rows[0]?.cre_dt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 14 * 24 * HOUR);
    expect(rows[rows.length - 1]?.cre_dt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    const keys = [
      'vslNm',
      'portCd',
      'skdVoyNo',
      'skdDirCd',
      'etaDt',
      'etbDt',
      'etdDt',
      'ataDt',
      'atdDt',
      'etaDelayHrs',
      'prevEtaDt',
      'vslSlanCd',
      'ydNm',
      'algsdNm',
      'reqSpd',
      'stsNm',
      'stsFrmDt',
      'stsReasNm',
      'notMsg',
      'creUsrId',
      'creUtcDt',
    ];
    for (const r of rows) {
      expect(Object.keys(r.detail).sort()).toEqual([...keys].sort());
      expect(typeof r.detail.notMsg).toBe('string');
      if (r.not_id !== 'N101') expect(r.vsl_cd).not.toBeNull();
      // A delay says early or late in words, as the pages do: "3 h late", "on time", never "0 h" nor a bare sign.
      if (r.not_id === 'N003') expect(r.detail.notMsg).toMatch(/ is (\d+ h (late|early)|on time) for /);
    }
    // A system notice belongs to a vessel user's own vessel (the vessel user's list is per vessel), else to none.
    const misplaced = await num(
      `SELECT count(*)::int AS n FROM notifications n JOIN users u USING (usr_id)
        WHERE n.not_id = 'N101' AND n.vsl_cd IS DISTINCT FROM (CASE WHEN u.usr_tp_cd = '4' THEN u.ofc_id END)`,
    );
    expect(misplaced).toBe(0);
    const n001 = rows.find((r) => r.not_id === 'N001')?.detail;
    expect(typeof n001?.prevEtaDt).toBe('string');
    expect(typeof n001?.etaDelayHrs).toBe('number');
    expect(rows.find((r) => r.not_id === 'N003')?.detail.etaDelayHrs).toEqual(expect.any(Number));
    expect(rows.find((r) => r.not_id === 'N004')?.detail.algsdNm).toMatch(/^(Port|Starboard) side$/);
    expect(rows.find((r) => r.not_id === 'N005')?.detail.ataDt).toEqual(expect.any(String));
    expect(rows.find((r) => r.not_id === 'N006')?.detail.atdDt).toEqual(expect.any(String));
    expect(rows.find((r) => r.not_id === 'N009')?.detail.stsNm).toMatch(/^(Open|Restricted|Closed)$/);
  });
});

describe('seed: determinism', () => {
  const tables: [string, string][] = [
    ['vessels', 'vsl_cd'],
    ['port_calls', 'vsl_cd, skd_voy_no, skd_dir_cd, call_seq'],
    ['vessel_positions', 'vsl_cd, pos_dt'],
    ['notifications', 'not_seq'],
    ['chat_messages', 'msg_seq'],
    ['users', 'usr_id'],
  ];
  it.each(tables)('gives identical %s for the same now', async (table, order) => {
    const [a, b] = await Promise.all(
      [db, twin].map((d) => d.query(`SELECT * FROM ${table} ORDER BY ${order}`)),
    );
    expect(a?.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });
});

describe('createNotifications', () => {
  it('inserts count notifications and returns their not_seq in order', async () => {
    const max = await num('SELECT max(not_seq)::int AS n FROM notifications');
    const seqs = await db.tx((sql) =>
      createNotifications(sql, { usrId: 'vessel', notId: 'N001', count: 3, now: NOW }),
    );
    expect(seqs).toEqual([max + 1, max + 2, max + 3]);
    const rows = await q<{ vsl_cd: string; detail: { notMsg: string; prevEtaDt: string } }>(
      'SELECT vsl_cd, detail FROM notifications WHERE not_seq = ANY($1::int[]) ORDER BY not_seq',
      [seqs],
    );
    const own = (await q<{ ofc_id: string }>("SELECT ofc_id FROM users WHERE usr_id = 'vessel'"))[0]?.ofc_id;
    for (const r of rows) {
      expect(r.vsl_cd).toBe(own);
      expect(r.detail.notMsg).toMatch(
        /^ETA at [A-Z]{5} changed from \d\d:\d\d \d\d-[A-Z][a-z]{2} to \d\d:\d\d \d\d-[A-Z][a-z]{2} \(UTC\)\.$/,
      );
    }
  });

  it("picks an agent's port and a followed vessel when not told", async () => {
    const [seq] = await db.tx((sql) => createNotifications(sql, { usrId: 'agent', notId: 'N008' }));
    const [row] = await q<{ port_cd: string }>('SELECT port_cd FROM notifications WHERE not_seq = $1', [seq]);
    const agentPorts = (
      await q<{ rel_cd: string }>(
        "SELECT rel_cd FROM user_relations WHERE usr_id = 'agent' AND rel_tp_cd = 'AGT_PORT'",
      )
    ).map((r) => r.rel_cd);
    expect(agentPorts).toContain(row?.port_cd);
    const seqs = await db.tx((sql) => createNotifications(sql, { usrId: 'viewer', notId: 'N002', count: 5 }));
    const followed = (
      await q<{ rel_cd: string }>(
        "SELECT rel_cd FROM user_relations WHERE usr_id = 'viewer' AND rel_tp_cd = 'REL_USR_VSL'",
      )
    ).map((r) => r.rel_cd);
    for (const r of await q<{ vsl_cd: string }>(
      'SELECT vsl_cd FROM notifications WHERE not_seq = ANY($1::int[])',
      [seqs],
    )) {
      expect(followed).toContain(r.vsl_cd);
    }
  });

  it('rejects bad input with a clear message and inserts nothing', async () => {
    const before = await num('SELECT count(*)::int AS n FROM notifications');
    const bad: [Parameters<typeof createNotifications>[1], RegExp][] = [
      [{ usrId: 'nobody', notId: 'N001' }, /usrId/],
      [{ usrId: 'vessel', notId: 'N999' }, /notId/],
      [{ usrId: 'vessel', notId: 'N001', vslCd: 'ZZZZ' }, /vslCd/],
      [{ usrId: 'vessel', notId: 'N001', portCd: 'ZZZZZ' }, /portCd/],
      [{ usrId: 'vessel', notId: 'N001', count: 0 }, /count/],
      [{ usrId: 'vessel', notId: 'N001', count: 501 }, /count/],
      [{ usrId: 'vessel', notId: 'N001', count: 1.5 }, /count/],
    ];
    for (const [opts, message] of bad) {
      await expect(db.tx((sql) => createNotifications(sql, opts))).rejects.toThrow(message);
    }
    expect(await num('SELECT count(*)::int AS n FROM notifications')).toBe(before);
  });
});
