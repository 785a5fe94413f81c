// The audit log of the people of an organisation (architecture.md#people): every change to a user, who made it and
// when. Written in the transaction of the change it records, so that a change is never kept without its entry.
import type { Sql } from '../db/db.ts';

/** Who made a change: a staff member's usr_id, 'cli' for npm run admin, 'sign-on' for an OpenID provider's claims. */
export type AuditActor = string;

/** What a change was; the detail says what it changed (old and new values where there were some). */
type AuditAction =
  | 'user.created'
  | 'user.updated'
  | 'user.disabled'
  | 'user.enabled'
  | 'user.password-set'
  | 'user.signed-on-first'
  | 'user.refused'
  | 'device.signed-out';

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  /** The user acted on (null for a refusal of someone who has no user). */
  usrId: string | null;
  detail?: Record<string, unknown>;
}

export async function audit(sql: Sql, entry: AuditEntry): Promise<void> {
  await sql.query(
    'INSERT INTO audit_log (actor, action, usr_id, detail) VALUES ($1, $2, $3, $4::text::jsonb)',
    [entry.actor, entry.action, entry.usrId, JSON.stringify(entry.detail ?? {})],
  );
}
