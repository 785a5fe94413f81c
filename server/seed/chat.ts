// Chat rooms (one per vessel), their members (the vessel's crew users, shore users following it and
// agents of its ports) and ship-shore messages over the last 3 days in chat-enabled lanes.
import type { Sql } from '../db/db.ts';
import { insertRows, type Row } from './insert.ts';
import { rng } from './rng.ts';
import type { Schedule } from './schedule.ts';
import { DAY, HOUR, MIN, fmtUtc, iso } from './time.ts';
import { CHAT_LANES } from './world/lanes.ts';
import { portByCode } from './world/ports.ts';
import { ALL_USERS, type SeedUser } from './world/users.ts';
import { isAgent, isVesselUser } from '../../src/core/role.ts';

type Line = [side: 'V' | 'S', who: 'master' | 'crew' | 'ops' | 'agent', text: string, type?: 'BERTH_PRSP'];

// prettier-ignore
const DEMO_SCRIPT: Line[] = [
  ['S', 'ops', 'Good morning Captain. Please confirm your ETA {next} and the arrival draft.'],
  ['V', 'master', 'Good morning. ETA {next} pilot station {eta} UTC, arrival draft F 14.6 m / A 15.1 m.'],
  ['S', 'ops', 'Berth prospect {next}: {term}, ETB {etb} / ETD {etd} UTC.', 'BERTH_PRSP'],
  ['V', 'master', 'Noted. Present speed 17.5 kts, we can increase to 19 kts if the window moves earlier.'],
  ['S', 'agent', 'Agent at {nextNm} here. Pilot booked for {pilot} UTC, please call VTS two hours before arrival.'],
  ['V', 'crew', 'Well received, will call VTS 2 hrs prior. Please advise the anchorage if the berth is delayed.'],
  ['S', 'agent', 'Berth still occupied but no delay expected at this stage. Will update you by noon.'],
  ['V', 'master', 'Thank you. Bunker requirement at {next}: 1,800 mt VLSFO and 120 mt MGO.'],
  ['S', 'ops', 'Bunker nomination sent to the supplier, barge expected after berthing. Please send the bunker checklist.'],
  ['V', 'crew', 'Checklist sent by email. Also requesting 300 t fresh water.'],
  ['S', 'agent', 'Fresh water arranged with the terminal. Crew change 4 on / 4 off, immigration cleared.'],
  ['V', 'master', 'Good. Please share the names of the joining crew and their time at the gangway.'],
  ['S', 'agent', 'Joining crew at the terminal 2 hrs after berthing. List sent to the ship email.'],
  ['V', 'master', 'Received. Weather en route fair, no change to ETA.'],
  ['S', 'ops', 'ETD {next} planned {etd} UTC, next port {after}. Cargo plan for {after} to follow.'],
  ['V', 'crew', 'Cargo plan for {after} received, stowage looks fine.'],
  ['S', 'ops', 'Thanks Captain, safe voyage.'],
  ['V', 'master', 'Thank you, will keep you updated.'],
];

// prettier-ignore
const SHORT_SCRIPT: Line[] = [
  ['S', 'ops', 'Please confirm ETA {next}.'],
  ['V', 'master', 'ETA {next} {eta} UTC as per schedule.'],
  ['S', 'ops', 'Thanks, berth window at {term} confirmed.'],
  ['V', 'master', 'Noted, thank you.'],
  ['S', 'agent', 'Pilot booked for {pilot} UTC.'],
];

function chatMembers(s: Schedule, users: readonly SeedUser[]): string[] {
  const ports = new Set(s.calls.filter((c) => c.voyage === 'cur').map((c) => c.portCd));
  return users
    .filter(
      (u) =>
        (isVesselUser(u) && u.ofcId === s.vessel.vslCd) ||
        (u.vessels ?? []).includes(s.vessel.vslCd) ||
        (u.agentPorts ?? []).some((p) => ports.has(p)),
    )
    .map((u) => u.usrId);
}

function messages(s: Schedule, members: string[], now: number, script: Line[]): Row[] {
  const byId = new Map(ALL_USERS.map((u) => [u.usrId, u]));
  const cur = s.calls[s.current];
  const after = s.calls.slice(s.current + 1).find((c) => !c.skip);
  if (!cur) return [];
  const crew = members.filter((m) => isVesselUser(byId.get(m)));
  const agents = members.filter((m) => isAgent(byId.get(m)));
  const ops = members.filter((m) => !crew.includes(m) && !agents.includes(m));
  const agent = agents.find((a) => byId.get(a)?.agentPorts?.includes(cur.portCd)) ?? agents[0] ?? ops[0];
  const pick: Record<Line[1], string | undefined> = {
    master: crew[0],
    crew: crew[1] ?? crew[0],
    ops: ops[0] ?? agent,
    agent: agent ?? ops[0],
  };
  const vars: Record<string, string> = {
    next: cur.portCd,
    nextNm: portByCode(cur.portCd).portNm,
    eta: fmtUtc(cur.eta),
    etb: fmtUtc(cur.etb),
    etd: fmtUtc(cur.etd),
    term: cur.ydNm,
    pilot: fmtUtc(cur.etb - 2 * HOUR),
    after: after?.portCd ?? 'the next port',
  };
  const r = rng('chat', s.vessel.vslCd);
  const start = now - 3 * DAY;
  const step = (3 * DAY - 2 * HOUR) / script.length;
  const rows: Row[] = [];
  script.forEach(([side, who, text, type], i) => {
    const sender = pick[who];
    if (!sender) return;
    rows.push({
      room_id: `V-${s.vessel.vslCd}`,
      client_msg_id: null,
      sender,
      sender_type: side,
      msg_tp_cd: type ?? 'TEXT',
      msg_text: text.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? k),
      cre_dt: iso(start + i * step + r.int(0, Math.floor(step / MIN / 2)) * MIN),
    });
  });
  return rows;
}

export async function insertChat(sql: Sql, schedules: readonly Schedule[], now: number): Promise<void> {
  const rooms: Row[] = [];
  const members: Row[] = [];
  const msgs: Row[] = [];
  for (const s of schedules) {
    const vsl = s.vessel.vslCd;
    const roomId = `V-${vsl}`;
    rooms.push({
      room_id: roomId,
      room_nm: s.vessel.vslNm,
      vsl_cd: vsl,
      svce_lane_cd: s.lane.laneCd,
      cre_dt: iso(now - 120 * DAY),
    });
    const who = chatMembers(s, ALL_USERS);
    who.forEach((usrId) =>
      members.push({
        room_id: roomId,
        usr_id: usrId,
        joined_dt: iso(now - rng('join', roomId, usrId).int(20, 110) * DAY),
      }),
    );
    const crew = who.some((u) => isVesselUser(ALL_USERS.find((x) => x.usrId === u)));
    if (!CHAT_LANES.includes(s.lane.laneCd) || !crew || who.length < 2) continue;
    msgs.push(
      ...messages(
        s,
        who,
        now,
        vsl === 'QHZN' ? DEMO_SCRIPT : SHORT_SCRIPT.slice(0, 3 + rng('len', vsl).int(0, 2)),
      ),
    );
  }
  msgs.sort((a, b) => String(a.cre_dt).localeCompare(String(b.cre_dt)));
  await insertRows(
    sql,
    'chat_rooms',
    { room_id: 'text', room_nm: 'text', vsl_cd: 'text', svce_lane_cd: 'text', cre_dt: 'timestamptz' },
    rooms,
  );
  await insertRows(
    sql,
    'chat_members',
    { room_id: 'text', usr_id: 'text', joined_dt: 'timestamptz' },
    members,
  );
  await insertRows(
    sql,
    'chat_messages',
    {
      room_id: 'text',
      client_msg_id: 'text',
      sender: 'text',
      sender_type: 'text',
      msg_tp_cd: 'text',
      msg_text: 'text',
      cre_dt: 'timestamptz',
    },
    msgs,
  );
}
