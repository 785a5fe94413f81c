// API keys of partners' systems (integration.md#api-keys): staff make and revoke them; each acts for its owner, with
// the owner's role, and counts its calls per minute in the database (migration 011), the same on every instance.
import { createHash, randomBytes } from 'node:crypto';
import type { AuthUser } from './user.ts';
import type { Sql } from '../db/db.ts';
import { forbidden, notFound, unauthenticated } from '../http/errors.ts';
import { iso, isoRequired } from '../http/rows.ts';
import { loggedUserOf, USER_COLUMNS, type UserRow } from './sessions.ts';
import { isStaff, roleGroup } from '../../src/core/role.ts';
import type { ApiKeyInfo, ApiKeyMade } from '../../src/core/contract/api-keys.ts';

/** A key as made: a prefix a secret scanner can recognise, then 32 random bytes in base64url. */
const KEY = /^quay_[A-Za-z0-9_-]{43}$/;

/** The length of a key's counting window. */
const WINDOW_S = 60;

/**
 * SHA-256, not a password hash: a key is 256 random bits, so its hash cannot be guessed back from a dictionary as a
 * password's could, and a slow hash would only cost every call of a partner's system tens of milliseconds of CPU.
 * A plain digest is also what lets the key be found by an index (key_hash is unique).
 */
const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

interface KeyRow {
  key_id: string;
  label: string;
  usr_id: string;
  made_by: string;
  made_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const infoOf = (r: KeyRow): ApiKeyInfo => ({
  keyId: r.key_id,
  label: r.label,
  usrId: r.usr_id,
  madeBy: r.made_by,
  madeAt: isoRequired(r.made_at),
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
});

const KEY_COLUMNS = 'key_id, label, usr_id, made_by, made_at, last_used_at, revoked_at';

function assertStaff(user: AuthUser): void {
  if (!isStaff(user)) throw forbidden('Only staff (user type 2) make, list and revoke API keys');
}

/** A new key for usrId (the caller's own when left out); the key is in this answer only. */
export async function makeApiKey(
  sql: Sql,
  staff: AuthUser,
  body: { label: string; usrId?: string | undefined },
): Promise<ApiKeyMade> {
  assertStaff(staff);
  const owner = body.usrId ?? staff.usrId;
  const users = await sql.query<{ usr_id: string }>('SELECT usr_id FROM users WHERE usr_id = $1', [owner]);
  if (!users[0]) throw notFound(`usrId ${owner} was not found`);
  const key = `quay_${randomBytes(32).toString('base64url')}`;
  const keyId = `ak_${randomBytes(6).toString('hex')}`;
  const rows = await sql.query<KeyRow>(
    `INSERT INTO api_keys (key_id, key_hash, usr_id, label, made_by) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${KEY_COLUMNS}`,
    [keyId, hashOf(key), owner, body.label, staff.usrId],
  );
  const row = rows[0];
  if (!row) throw new Error('the new API key was not stored');
  return { ...infoOf(row), key };
}

/** Every key, newest first, revoked ones included (they say when). */
export async function apiKeys(sql: Sql, staff: AuthUser): Promise<ApiKeyInfo[]> {
  assertStaff(staff);
  const rows = await sql.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY made_at DESC, key_id`);
  return rows.map(infoOf);
}

/** Revokes a key at once: its next call is a 401. Revoking it again answers when it was revoked. */
export async function revokeApiKey(sql: Sql, staff: AuthUser, keyId: string): Promise<ApiKeyInfo> {
  assertStaff(staff);
  const rows = await sql.query<KeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE key_id = $1 RETURNING ${KEY_COLUMNS}`,
    [keyId],
  );
  const row = rows[0];
  if (!row) throw notFound(`keyId ${keyId} was not found`);
  return infoOf(row);
}

/** The owner a key acts for, or how long it must wait when it is past its calls of the minute. */
export type KeyUse = { user: AuthUser; retryAfterS?: undefined } | { user?: undefined; retryAfterS: number };

/**
 * Finds the key's owner and counts the call, in one statement: the window restarts when a minute has passed since it
 * began. A call past perMin is counted too (a client that keeps calling does not move the window's end). 401 for a
 * key that is malformed, unknown or revoked, without saying which.
 */
export async function useApiKey(sql: Sql, key: string, perMin: number): Promise<KeyUse> {
  if (!KEY.test(key)) throw unauthenticated('Authentication failed: the API key is not valid or was revoked');
  const fresh = `k.window_start > now() - make_interval(secs => ${WINDOW_S})`;
  const rows = await sql.query<UserRow & { window_calls: number; wait_s: number }>(
    `UPDATE api_keys k SET
            window_start = CASE WHEN ${fresh} THEN k.window_start ELSE now() END,
            window_calls = CASE WHEN ${fresh} THEN k.window_calls + 1 ELSE 1 END,
            last_used_at = now()
       FROM users u
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.usr_id = k.usr_id
  RETURNING ${USER_COLUMNS}, k.window_calls,
            ceil(extract(epoch FROM k.window_start + make_interval(secs => ${WINDOW_S}) - now()))::integer AS wait_s`,
    [hashOf(key)],
  );
  const row = rows[0];
  if (!row) throw unauthenticated('Authentication failed: the API key is not valid or was revoked');
  if (row.window_calls > perMin) return { retryAfterS: Math.max(1, row.wait_s) };
  return { user: { ...loggedUserOf(row), sid: '', role: roleGroup(row.usr_role_cd) } };
}
