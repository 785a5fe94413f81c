// The seeded notification history: per demo user a mix of types on the vessels and calls that
// concern them, created over the last 14 days by createNotifications' batch form (same checks and
// details as the dev API), then marked read and acknowledged the way the users would have.
import type { Sql } from '../db/db.ts';
import { createNotificationBatch } from './notify.ts';
import { rng } from './rng.ts';
import type { Call, Schedule } from './schedule.ts';
import { DAY, HOUR, MIN, iso } from './time.ts';
import { portStatusRows } from './world/port-status.ts';
import { DEMO_USERS } from './world/users.ts';
import { isVesselUser } from '../../src/core/role.ts';

interface Spec {
  usrId: string;
  notId: string;
  vslCd?: string;
  portCd?: string;
  at: number;
}

// prettier-ignore
const PLAN: Readonly<Record<string, readonly string[]>> = {
  vessel: ['N002', 'N004', 'N020', 'N001', 'N003', 'N005', 'N006', 'N009', 'N007', 'N008', 'N001', 'N002', 'N004', 'N003', 'N020', 'N005', 'N006', 'N001', 'N009', 'N007', 'N101', 'N002', 'N004', 'N008', 'N003', 'N020', 'N001', 'N005'],
  vessel2: ['N002', 'N004', 'N001', 'N005', 'N006', 'N003', 'N020', 'N009', 'N008', 'N007'],
  agent: ['N004', 'N005', 'N008', 'N006', 'N009', 'N004', 'N002', 'N005', 'N008', 'N006', 'N004', 'N009', 'N005', 'N008', 'N006', 'N004', 'N003', 'N008', 'N005', 'N101'],
  operator: ['N001', 'N003', 'N005', 'N006', 'N002', 'N004', 'N009', 'N001', 'N008', 'N006', 'N003', 'N020', 'N005', 'N007'],
  staff: ['N002', 'N001', 'N006', 'N005', 'N003', 'N004', 'N009', 'N020', 'N001', 'N008', 'N006', 'N101'],
  viewer: ['N001', 'N005', 'N006', 'N002', 'N003', 'N009', 'N008', 'N004', 'N020', 'N006'],
};
const ACTUAL_TYPES = new Set(['N005', 'N006', 'N008']);
const ACK_TYPES = new Set(['N001', 'N002', 'N003', 'N004', 'N005', 'N006']);

const actualOf = (c: Call, notId: string): number | null => (notId === 'N006' ? c.atd : c.ata);

function specsFor(usrId: string, schedules: ReadonlyMap<string, Schedule>, now: number): Spec[] {
  const user = DEMO_USERS.find((u) => u.usrId === usrId);
  if (!user) return [];
  const r = rng('notify-plan', usrId);
  const vessels = isVesselUser(user) ? [user.ofcId] : (user.vessels ?? []);
  const from = now - 14 * DAY;
  const inWindow = (t: number | null): t is number => t != null && t > from && t < now - 10 * MIN;
  const statusSince = new Map(portStatusRows(now).current.map((p) => [p.port_cd, Date.parse(p.sts_frm_dt)]));
  const used = new Set<string>();
  const plan = PLAN[usrId] ?? [];
  return plan.map((planned, i): Spec => {
    let notId = planned;
    const at = from + ((i + r.next()) / plan.length) * (14 * DAY - 30 * MIN);
    if (notId === 'N101') return { usrId, notId, at };
    // Agents hear about calls at their ports, others about their (followed) vessels' next calls.
    const calls: { vsl: string; call: Call }[] = [];
    for (const s of schedules.values()) {
      if (!user.agentPorts && !vessels.includes(s.vessel.vslCd)) continue;
      const cur = s.calls.filter(
        (c) => c.voyage === 'cur' && !c.skip && (!user.agentPorts || user.agentPorts.includes(c.portCd)),
      );
      const upcoming = cur.filter((c) => c.atd == null).slice(0, user.agentPorts ? 2 : 3);
      for (const call of ACTUAL_TYPES.has(notId) ? cur : upcoming) calls.push({ vsl: s.vessel.vslCd, call });
    }
    const key = (p: { vsl: string; call: Call }) => `${notId}|${p.vsl}|${p.call.portCd}|${p.call.callSeq}`;
    let pool = calls;
    if (ACTUAL_TYPES.has(notId)) {
      // An arrival or departure is announced once, minutes after it happened.
      const fresh = calls.filter((p) => actualOf(p.call, notId) != null && !used.has(key(p)));
      pool = fresh.filter((p) => inWindow(actualOf(p.call, notId)));
      if (!pool.length) pool = fresh;
      if (!pool.length) {
        notId = 'N002';
        pool = calls.filter((p) => p.call.atd == null);
      }
    }
    // A reminder goes out 72, 48 or 24 hours before the ETA.
    const lead = (p: { vsl: string; call: Call }) =>
      [72, 48, 24].map((h) => h * HOUR).find((h) => inWindow(p.call.eta - h) && !used.has(`${key(p)}|${h}`));
    if (notId === 'N020' && pool.some((p) => lead(p))) pool = pool.filter((p) => lead(p));
    const unused = pool.filter((p) => !used.has(key(p)));
    if (notId !== 'N020' && unused.length) pool = unused;
    if (!pool.length) return { usrId, notId, vslCd: vessels[0], at };
    const pick = r.pick(pool);
    const { vsl, call } = pick;
    let when = at;
    const actual = actualOf(call, notId);
    if (ACTUAL_TYPES.has(notId) && inWindow(actual)) when = actual + r.int(3, 9) * MIN;
    const before = notId === 'N020' ? lead(pick) : undefined;
    if (before) {
      when = call.eta - before + r.int(0, 5) * MIN;
      used.add(`${key(pick)}|${before}`);
    }
    used.add(key(pick));
    const since = statusSince.get(call.portCd);
    if (notId === 'N009' && since != null && since > when && inWindow(since))
      when = since + r.int(2, 20) * MIN;
    return { usrId, notId, vslCd: vsl, portCd: call.portCd, at: when };
  });
}

export async function insertNotifications(
  sql: Sql,
  schedules: readonly Schedule[],
  now: number,
): Promise<void> {
  const byVessel = new Map(schedules.map((s) => [s.vessel.vslCd, s]));
  const specs = Object.keys(PLAN)
    .flatMap((u) => specsFor(u, byVessel, now))
    .sort((a, b) => a.at - b.at || a.usrId.localeCompare(b.usrId));
  const seqs = await createNotificationBatch(
    sql,
    specs.map((spec) => ({ ...spec, now: new Date(Math.floor(spec.at)) })),
  );
  const flags = specs.map((spec, i) => {
    const seq = seqs[i]?.[0] ?? 0;
    const r = rng('notify-flags', spec.usrId, seq);
    const age = now - spec.at;
    const read = age > 5 * DAY ? r.chance(0.9) : age > DAY ? r.chance(0.5) : r.chance(0.15);
    const vesselUser = isVesselUser(DEMO_USERS.find((u) => u.usrId === spec.usrId));
    const ack = vesselUser && read && ACK_TYPES.has(spec.notId) && r.chance(0.6);
    return {
      not_seq: seq,
      not_read_yn: read ? 'Y' : 'N',
      ack_usr_id: ack ? spec.usrId : null,
      ack_dt: ack ? iso(Math.min(now - MIN, spec.at + r.int(5, 240) * MIN)) : null,
    };
  });
  await sql.query(
    `UPDATE notifications n SET not_read_yn = x.not_read_yn, ack_usr_id = x.ack_usr_id, ack_dt = x.ack_dt
       FROM jsonb_to_recordset($1::jsonb) AS x(not_seq integer, not_read_yn text, ack_usr_id text, ack_dt timestamptz)
      WHERE n.not_seq = x.not_seq`,
    [JSON.stringify(flags)],
  );
}
