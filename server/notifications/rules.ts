// The notification rules: what each happening (an ETA moved, a call arrived, a port's status changed...) means for whom.
// A reaction of the domain (server/domain/events.ts): it runs in the transaction of the change, whoever made it, and
// makes the standard types for the vessel's users and followers and the port's agents and followers (minus types
// switched off), and the users' own "My alerts".
import type { Sql } from '../db/db.ts';
import type { DomainEvent, Happening, Reaction } from '../domain/events.ts';
import { createNotificationBatch, type CreateNotificationsOptions } from '../seed/notify.ts';
import { alertRequests, type Happening as AlertHappening } from './alert-rules.ts';
import { USER_TYPE } from '../../src/core/role.ts';

const HOUR = 3_600_000;
/** A happening learnt of this long after it happened (a feed catching up after a pause) changes the world silently. */
const NEWS_WITHIN_MS = 6 * HOUR;
/** An ETA that moves this much or more is a delay too (N003), not only an ETA change (N001). */
const DELAY_MS = 3 * HOUR;
/** At most this many notifications from the rules in one transaction: the work of a burst stays bounded. */
export const RULE_NOTIFICATIONS_MAX = 500;

/** One notification the rules ask for. */
interface NotifyRequest {
  usrId: string;
  notId: string;
  vslCd?: string;
  portCd?: string;
  callSeq?: number;
  prevEta?: Date;
  alert?: { event: AlertHappening['event']; hrs: number | null };
  now: Date;
}

interface Audience {
  vesselUsers: Map<string, string[]>;
  /** By relation type, then code: the users. */
  rel: Map<string, Map<string, string[]>>;
  off: Set<string>;
}

const HAPPENINGS = new Set<DomainEvent['type']>([
  'etaMoved',
  'callArrived',
  'callBerthed',
  'callDeparted',
  'berthPlanChanged',
  'portStatusChanged',
]);
const isHappening = (e: DomainEvent): e is Happening => HAPPENINGS.has(e.type);

async function loadAudience(sql: Sql): Promise<Audience> {
  const users = await sql.query<{ usr_id: string; ofc_id: string }>(
    `SELECT usr_id, ofc_id FROM users WHERE usr_tp_cd = '${USER_TYPE.vessel}' ORDER BY usr_id`,
  );
  const rels = await sql.query<{ usr_id: string; rel_tp_cd: string; rel_cd: string }>(
    `SELECT usr_id, rel_tp_cd, rel_cd FROM user_relations
      WHERE rel_tp_cd IN ('REL_USR_VSL', 'AGT_PORT', 'REL_USR_PORT') ORDER BY usr_id`,
  );
  const off = await sql.query<{ usr_id: string; not_id: string }>(
    "SELECT usr_id, not_id FROM notification_settings WHERE not_use_yn = 'N'",
  );
  const add = (m: Map<string, string[]>, k: string, u: string) => m.set(k, [...(m.get(k) ?? []), u]);
  const vesselUsers = new Map<string, string[]>();
  for (const u of users) add(vesselUsers, u.ofc_id, u.usr_id);
  const rel = new Map<string, Map<string, string[]>>();
  for (const r of rels) {
    const m = rel.get(r.rel_tp_cd) ?? new Map<string, string[]>();
    add(m, r.rel_cd, r.usr_id);
    rel.set(r.rel_tp_cd, m);
  }
  return { vesselUsers, rel, off: new Set(off.map((o) => `${o.usr_id}|${o.not_id}`)) };
}

/** The standard notification types a happening calls for, and for whom. */
function standardRequests(e: Happening, a: Audience): NotifyRequest[] {
  const of = (tp: string, cd: string) => a.rel.get(tp)?.get(cd) ?? [];
  const out: NotifyRequest[] = [];
  const now = new Date(e.seen);
  const to = (notId: string, users: string[], extra: Partial<NotifyRequest>) => {
    for (const usrId of new Set(users))
      if (!a.off.has(`${usrId}|${notId}`)) out.push({ usrId, notId, now, ...extra });
  };
  if (e.type === 'portStatusChanged') {
    to('N009', [...of('AGT_PORT', e.portCd), ...of('REL_USR_PORT', e.portCd)], {
      portCd: e.portCd,
      ...(e.vslCd ? { vslCd: e.vslCd } : {}),
    });
    return out;
  }
  const vesselSide = [...(a.vesselUsers.get(e.vslCd) ?? []), ...of('REL_USR_VSL', e.vslCd)];
  const agents = of('AGT_PORT', e.portCd);
  const about = { vslCd: e.vslCd, portCd: e.portCd, callSeq: e.callSeq };
  switch (e.type) {
    case 'etaMoved': {
      const prevEta = new Date(e.prevEta);
      to('N001', [...vesselSide, ...agents], { ...about, prevEta });
      if (Math.abs(e.eta - e.prevEta) >= DELAY_MS)
        to('N003', [...vesselSide, ...agents], { ...about, prevEta });
      break;
    }
    case 'berthPlanChanged':
      to('N004', [...vesselSide, ...agents], about);
      break;
    case 'callArrived':
      to('N005', vesselSide, about);
      to('N008', agents, about);
      break;
    case 'callDeparted':
      to('N006', [...vesselSide, ...agents], about);
      break;
    case 'callBerthed':
      break;
  }
  return out;
}

const ALERT_EVENT = { callArrived: 'ATA', callBerthed: 'ATB', callDeparted: 'ATD', etaMoved: 'ETA' } as const;

/** What the users' own alert rules see of a happening (product.md#my-alerts); null for what they do not watch. */
function alertHappening(e: Happening): AlertHappening | null {
  if (e.type === 'portStatusChanged' || e.type === 'berthPlanChanged') return null;
  const at = { vslCd: e.vslCd, portCd: e.portCd, callSeq: e.callSeq, event: ALERT_EVENT[e.type] };
  return e.type === 'etaMoved' ? { ...at, prevEta: e.prevEta, eta: e.eta } : at;
}

/** The notifications the happenings of a transaction call for, standard types first, then the users' alerts. */
async function requestsOf(sql: Sql, happenings: readonly Happening[]): Promise<NotifyRequest[]> {
  const audience = await loadAudience(sql);
  // The rules are read once per clock the happenings were seen by (one, in practice).
  const alerts: NotifyRequest[] = [];
  for (const seen of new Set(happenings.map((h) => h.seen))) {
    const watched = happenings.filter((h) => h.seen === seen).map(alertHappening);
    const now = new Date(seen);
    for (const q of await alertRequests(
      sql,
      watched.filter((h) => h !== null),
    ))
      alerts.push({ ...q, now });
  }
  return [...happenings.flatMap((h) => standardRequests(h, audience)), ...alerts];
}

/** The reaction: news (not history) becomes notifications, in the transaction of the change. */
export const notificationRules: Reaction = async (sql, events) => {
  const news = events.filter(isHappening).filter((e) => e.seen - e.at <= NEWS_WITHIN_MS);
  if (news.length === 0) return;
  const requests = (await requestsOf(sql, news)).slice(0, RULE_NOTIFICATIONS_MAX);
  if (requests.length === 0) return;
  await createNotificationBatch(
    sql,
    requests.map((q): CreateNotificationsOptions => q),
  );
};
