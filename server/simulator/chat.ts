// Ship-shore chat now and then: a line fitting the vessel's state (at sea, at anchor, alongside) in the
// room of a chat-enabled vessel, from its crew or from a shore member, stored through storeMessage.
import { storeMessage } from '../chat/messages.ts';
import type { Sql } from '../db/db.ts';
import { DEMO_USERS } from '../seed/world/users.ts';
import { isChatLane } from '../../src/core/contract/chat.ts';
import { nextIdx } from './plan.ts';
import { HOUR, interest, pickWeighted, type CallRec, type Rng, type VesselRec } from './types.ts';
import { isVesselUser } from '../../src/core/role.ts';

type Line = [text: string, berthProspect?: true];

// prettier-ignore
const LINES: Record<'V' | 'S', Record<'sea' | 'anchor' | 'berth', Line[]>> = {
  V: {
    sea: [
      ['Position {pos}, making {sog} kts. ETA {port} {eta} UTC.'],
      ['ETA {port} pilot station {eta} UTC, all well on board.'],
      ['Please advise the berth prospect at {port}.'],
      ['Weather moderate, swell 2 m. Maintaining {sog} kts, ETA {port} unchanged.'],
      ['Arrival draft for {port}: F 14.2 m / A 14.8 m. Requesting 250 t fresh water.'],
    ],
    anchor: [
      ['Anchored at {port} anchorage, awaiting berthing instructions.'],
      ['At anchor {port}, ready to heave up at one hour notice.'],
    ],
    berth: [
      ['All fast at {term}. Cargo operations commenced.'],
      ['Cargo operations progressing, ETD {etd} UTC as planned.'],
      ['Bunkering completed, receiving fresh water now.'],
    ],
  },
  S: {
    sea: [
      ['Good day Captain, please confirm your ETA {port}.'],
      ['Berth prospect {port}: {term}, ETB {etb} / ETD {etd} UTC.', true],
      ['Pilot booked for {pilot} UTC at {port}, please call VTS two hours before arrival.'],
      ['Pre-arrival documents for {port} received, thank you.'],
    ],
    anchor: [
      ['Berth at {term} expected clear for ETB {etb} UTC, pilot ordered for {pilot} UTC.'],
      ['Berth prospect {port}: {term}, ETB {etb} / ETD {etd} UTC.', true],
    ],
    berth: [
      ['Terminal confirms ETD {etd} UTC. Next port {after}, ETA {afterEta} UTC.'],
      ['Cargo plan for {after} sent to the ship email.'],
      ['Crew change completed, joining crew on board. Thank you Captain.'],
    ],
  },
};
const REPLIES: Record<'V' | 'S', string[]> = {
  V: ['Noted, thank you.', 'Well received, thanks.', 'Copy that, will keep you updated.'],
  S: ['Noted, thanks Captain.', 'Well received.', 'Thank you, will advise any change.'],
};

const pad = (n: number): string => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const fmt = (t: number): string => {
  const d = new Date(t);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}`;
};
const coord = (x: number, pos: string, neg: string): string => {
  const a = Math.abs(x);
  return `${pad(Math.floor(a))}°${pad(Math.floor((a % 1) * 60))}'${x >= 0 ? pos : neg}`;
};

interface Member {
  room_id: string;
  usr_id: string;
  usr_tp_cd: string;
  ofc_id: string;
  agent_of: string[] | null;
}

const DEMO = new Set(DEMO_USERS.map((u) => u.usrId));

/** One message in a random chat-enabled room; null when no room qualifies. */
export async function chatLine(
  sql: Sql,
  vessels: readonly VesselRec[],
  now: number,
  r: Rng,
  chatLanes: string,
): Promise<{ msgSeq: number; roomId: string; sender: string; text: string } | null> {
  const members = await sql.query<Member>(
    `SELECT cm.room_id, u.usr_id, u.usr_tp_cd, u.ofc_id,
            (SELECT array_agg(rel_cd) FROM user_relations ur WHERE ur.usr_id = u.usr_id AND ur.rel_tp_cd = 'AGT_PORT') AS agent_of
       FROM chat_members cm JOIN users u USING (usr_id) ORDER BY cm.room_id, u.usr_id`,
  );
  const byRoom = new Map<string, Member[]>();
  for (const m of members) byRoom.set(m.room_id, [...(byRoom.get(m.room_id) ?? []), m]);
  const rooms = vessels.flatMap((v) => {
    const who = byRoom.get(`V-${v.vslCd}`) ?? [];
    const c = v.calls[nextIdx(v)];
    if (
      !c ||
      !isChatLane(chatLanes, v.laneCd) ||
      !who.some((m) => isVesselUser(m.usr_tp_cd)) ||
      who.length < 2
    )
      return [];
    return [{ v, c, who }];
  });
  // Rooms of watched vessels come up more often.
  const room = pickWeighted(r, rooms, (x) => interest(x.v));
  if (!room) return null;
  const { v, c, who } = room;
  const roomId = `V-${v.vslCd}`;
  const [last] = await sql.query<{ sender_type: string; msg_text: string; cre_dt: Date | string }>(
    'SELECT sender_type, msg_text, cre_dt FROM chat_messages WHERE room_id = $1 ORDER BY msg_seq DESC LIMIT 1',
    [roomId],
  );
  let side: 'V' | 'S' =
    last && r.chance(0.75) ? (last.sender_type === 'V' ? 'S' : 'V') : r.chance(0.5) ? 'V' : 'S';
  let sender = pickSender(who, side, c, r);
  if (!sender) {
    side = side === 'V' ? 'S' : 'V';
    sender = pickSender(who, side, c, r);
  }
  if (!sender) return null;
  const isReply = (text: string) => REPLIES.V.includes(text) || REPLIES.S.includes(text);
  const recentReply =
    last &&
    last.sender_type !== side &&
    !isReply(last.msg_text) &&
    now - new Date(last.cre_dt).getTime() < 2 * HOUR &&
    r.chance(0.35);
  const state = c.atb != null ? 'berth' : c.ata != null ? 'anchor' : 'sea';
  const line: Line = recentReply ? [r.pick(REPLIES[side])] : r.pick(LINES[side][state]);
  const after = v.calls.slice(v.calls.indexOf(c) + 1).find((x) => !x.skip);
  const vars: Record<string, string> = {
    port: c.portCd,
    term: c.ydNm ?? c.portCd,
    eta: fmt(c.eta),
    etb: fmt(c.etb),
    etd: fmt(c.etd),
    pilot: fmt(c.etb - 2 * HOUR),
    after: after?.portCd ?? 'the next port',
    afterEta: after ? fmt(after.eta) : 'to follow',
    pos: v.fix ? `${coord(v.fix.lat, 'N', 'S')} ${coord(v.fix.lon, 'E', 'W')}` : 'at sea',
    sog: String(v.fix?.sog ?? 16),
  };
  const text = line[0].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? k);
  const { message } = await storeMessage(
    sql,
    { usrId: sender.usr_id, usrTpCd: sender.usr_tp_cd, ofcId: sender.ofc_id },
    {
      roomId,
      clientMsgId: `sim-${now}-${r.int(0, 1e9)}`,
      msgText: text,
      msgTpCd: line[1] ? 'BERTH_PRSP' : 'TEXT',
    },
  );
  // Stamp the simulated time (the same as the wall clock when running live).
  await sql.query('UPDATE chat_messages SET cre_dt = $2 WHERE msg_seq = $1', [
    message.msgSeq,
    new Date(now).toISOString(),
  ]);
  return { msgSeq: message.msgSeq, roomId, sender: sender.usr_id, text };
}

/**
 * Crew for the ship side; for the shore an agent of the port, else another shore member. Never a demo
 * user: what they see as sent by themselves is what they sent.
 */
function pickSender(who: readonly Member[], side: 'V' | 'S', c: CallRec, r: Rng): Member | null {
  const crew = (m: Member) => isVesselUser(m.usr_tp_cd);
  const pool = who.filter((m) => !DEMO.has(m.usr_id) && (side === 'V' ? crew(m) : !crew(m)));
  const agents = pool.filter((m) => m.agent_of?.includes(c.portCd));
  const from = agents.length ? agents : pool;
  return from.length ? r.pick(from) : null;
}
