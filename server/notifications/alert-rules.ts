// A user's own alert rules (product.md#my-alerts, product.md#who-may-do-what rule 6): kept per user, saved and deleted one rule at a time
// (each write noted for the sync pull as the whole list, kind 'alertRules'), and matched against what happens to a
// vessel (an ETA change, an arrival, a berthing, a departure) where it happens: one N010 per matching rule and event.
import type { AuthUser } from '../auth/user.ts';
import type { Sql } from '../db/db.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { recordChange } from '../sync/changes.ts';
import { USER_TYPE, isRestricted, isVesselUser } from '../../src/core/role.ts';
import {
  ALERT_RULES_MAX,
  MY_ALERT_ID,
  type AlertEvent,
  type AlertRule,
} from '../../src/core/contract/notification.ts';

interface RuleRow {
  usr_id: string;
  rule_id: string;
  vsl_cd: string;
  kind: 'ETA' | 'PORT';
  port_cd: string | null;
  hrs: number | null;
  events: AlertEvent[];
}

const toRule = (r: RuleRow): AlertRule => ({
  ruleId: r.rule_id,
  vslCd: r.vsl_cd,
  kind: r.kind,
  portCd: r.port_cd,
  hrs: r.hrs,
  events: r.events,
});

const COLUMNS = 'usr_id, rule_id, vsl_cd, kind, port_cd, hrs, events';

/** The user's rules, oldest first: the pull's dataset and GET /notification/alert-rules. */
export async function alertRules(sql: Sql, usrId: string): Promise<AlertRule[]> {
  const rows = await sql.query<RuleRow>(
    `SELECT ${COLUMNS} FROM alert_rules WHERE usr_id = $1 ORDER BY cre_dt, rule_id`,
    [usrId],
  );
  return rows.map(toRule);
}

/** Types 5 and 6 are read-only (product.md#who-may-do-what): they set no alerts. */
function assertMaySet(user: AuthUser): void {
  if (isRestricted(user)) throw forbidden('Users of type 5 and 6 are read-only: they cannot set alerts');
}

/** What is wrong with a rule's shape (the schema holds each field; this, how they go together), or null. */
function shapeError(rule: AlertRule): string | null {
  if (rule.kind === 'ETA') {
    if (rule.hrs === null) return 'An ETA alert needs hrs, the hours (1 to 72) the ETA must move by';
    if (rule.events.length > 0) return 'An ETA alert takes no events';
    return null;
  }
  if (rule.portCd === null) return 'A port alert needs portCd, the port it is about';
  if (rule.events.length === 0) return 'A port alert needs at least one of ATA, ATB and ATD in events';
  if (rule.hrs !== null) return 'A port alert takes no hrs';
  return null;
}

/** Creates or replaces one of the caller's rules, on a vessel the caller follows (a vessel user: its own). */
export async function saveAlertRule(sql: Sql, user: AuthUser, rule: AlertRule): Promise<void> {
  assertMaySet(user);
  if (isVesselUser(user) && rule.vslCd !== user.ofcId)
    throw forbidden(`A vessel user may set alerts on its own vessel ${user.ofcId} only, not ${rule.vslCd}`);
  const shape = shapeError(rule);
  if (shape) throw badRequest(shape);
  const [vessel] = await sql.query<{ followed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_relations r
                     WHERE r.usr_id = $1 AND r.rel_tp_cd = 'REL_USR_VSL' AND r.rel_cd = v.vsl_cd) AS followed
       FROM vessels v WHERE v.vsl_cd = $2`,
    [user.usrId, rule.vslCd],
  );
  if (!vessel) throw notFound(`vslCd ${rule.vslCd} was not found`);
  if (!isVesselUser(user) && !vessel.followed)
    throw badRequest(`Alerts are set on vessels you follow: add ${rule.vslCd} to My Vessel first`);
  if (rule.portCd !== null) {
    const ports = await sql.query('SELECT 1 FROM ports WHERE port_cd = $1', [rule.portCd]);
    if (!ports.length) throw badRequest(`portCd ${rule.portCd} is not a port Quay knows`);
  }
  // The user's rules are locked while counted, so two saves at once cannot pass the limit together.
  const mine = await sql.query<{ rule_id: string }>(
    'SELECT rule_id FROM alert_rules WHERE usr_id = $1 FOR UPDATE',
    [user.usrId],
  );
  if (!mine.some((r) => r.rule_id === rule.ruleId) && mine.length >= ALERT_RULES_MAX)
    throw badRequest(`At most ${ALERT_RULES_MAX} alerts can be set: delete one first`);
  await sql.query(
    `INSERT INTO alert_rules (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7::text[])
     ON CONFLICT (usr_id, rule_id) DO UPDATE SET vsl_cd = EXCLUDED.vsl_cd, kind = EXCLUDED.kind,
       port_cd = EXCLUDED.port_cd, hrs = EXCLUDED.hrs, events = EXCLUDED.events, upd_dt = now()`,
    [user.usrId, rule.ruleId, rule.vslCd, rule.kind, rule.portCd, rule.hrs, rule.events],
  );
  await recordChange(sql, user.usrId, 'alertRules');
}

/** Deletes one of the caller's rules; deleting one already gone changes nothing (a resend from another device). */
export async function deleteAlertRule(sql: Sql, user: AuthUser, ruleId: string): Promise<boolean> {
  assertMaySet(user);
  const gone = await sql.query('DELETE FROM alert_rules WHERE usr_id = $1 AND rule_id = $2 RETURNING 1', [
    user.usrId,
    ruleId,
  ]);
  if (gone.length) await recordChange(sql, user.usrId, 'alertRules');
  return gone.length > 0;
}

/** Something that happened to a vessel's call, as the rules see it. */
export interface Happening {
  vslCd: string;
  portCd: string;
  callSeq: number;
  event: 'ETA' | AlertEvent;
  /** ETA changes: the ETA before and after, ms. */
  prevEta?: number;
  eta?: number;
}

/** One notification a rule asks for. */
export interface AlertRequest {
  usrId: string;
  notId: typeof MY_ALERT_ID;
  vslCd: string;
  portCd: string;
  callSeq: number;
  prevEta?: Date;
  alert: { event: Happening['event']; hrs: number | null };
}

function matches(rule: RuleRow, h: Happening): boolean {
  if (rule.vsl_cd !== h.vslCd || (rule.port_cd !== null && rule.port_cd !== h.portCd)) return false;
  if (h.event !== 'ETA') return rule.kind === 'PORT' && rule.events.includes(h.event);
  if (rule.kind !== 'ETA' || rule.hrs === null || h.prevEta === undefined || h.eta === undefined)
    return false;
  return Math.abs(h.eta - h.prevEta) > rule.hrs * 3_600_000;
}

/**
 * The notifications the rules ask for: one per matching rule and happening, for users who still follow the vessel
 * (a vessel user: its own), may see it (never types 5 and 6) and have not switched N010 off.
 */
export async function alertRequests(sql: Sql, happenings: readonly Happening[]): Promise<AlertRequest[]> {
  if (!happenings.length) return [];
  const restricted = USER_TYPE.restricted.map((t) => `'${t}'`).join(', ');
  const rules = await sql.query<RuleRow>(
    `SELECT ${COLUMNS.split(', ')
      .map((c) => `r.${c}`)
      .join(', ')}
       FROM alert_rules r JOIN users u ON u.usr_id = r.usr_id
      WHERE r.vsl_cd = ANY($1::text[])
        AND u.usr_tp_cd NOT IN (${restricted})
        AND CASE WHEN u.usr_tp_cd = '${USER_TYPE.vessel}' THEN u.ofc_id = r.vsl_cd
                 ELSE EXISTS (SELECT 1 FROM user_relations f WHERE f.usr_id = r.usr_id
                                 AND f.rel_tp_cd = 'REL_USR_VSL' AND f.rel_cd = r.vsl_cd) END
        AND NOT EXISTS (SELECT 1 FROM notification_settings s WHERE s.usr_id = r.usr_id
                           AND s.not_id = '${MY_ALERT_ID}' AND s.not_use_yn = 'N')
      ORDER BY r.usr_id, r.cre_dt, r.rule_id`,
    [[...new Set(happenings.map((h) => h.vslCd))]],
  );
  return happenings.flatMap((h) =>
    rules
      .filter((rule) => matches(rule, h))
      .map((rule): AlertRequest => ({
        usrId: rule.usr_id,
        notId: MY_ALERT_ID,
        vslCd: h.vslCd,
        portCd: h.portCd,
        callSeq: h.callSeq,
        ...(h.prevEta !== undefined ? { prevEta: new Date(h.prevEta) } : {}),
        alert: { event: h.event, hrs: rule.hrs },
      })),
  );
}
