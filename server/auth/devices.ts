// "My devices" (product.md#my-devices): the caller's live sessions as the devices it signed on with, signing one of
// them out from another, and when each was last seen (written at most once per few minutes per session).
import { createHash } from 'node:crypto';
import type { Db, Sql } from '../db/db.ts';
import { iso, isoRequired } from '../http/rows.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { audit } from '../admin/audit.ts';
import { recordEvent } from '../domain/events.ts';
import { forgetSignedOutDevice } from '../notifications/devices.ts';
import { deviceWords } from './user-agent.ts';
import { endSession } from './sessions.ts';
import type { MyDevice } from '../../src/core/contract/my-devices.ts';

/**
 * The id the list gives a session: a digest of it. The session id is the cookie's secret, so it never leaves the
 * server; a digest names the device to its owner and opens nothing.
 */
const deviceIdOf = (sid: string): string =>
  createHash('sha256').update(`quay-device:${sid}`).digest('base64url').slice(0, 22);

interface SessionRow {
  sid: string;
  user_agent: string;
  method: string;
  created_at: Date;
  last_seen_at: Date | null;
  not_dev_id: string | null;
  push: 'on' | 'off' | 'none';
}

/** The user's live sessions, with the state of the push subscription of the app's device on each. */
async function liveSessionsOf(sql: Sql, usrId: string): Promise<SessionRow[]> {
  return sql.query<SessionRow>(
    `SELECT s.sid, s.user_agent, s.method, s.created_at, s.last_seen_at, s.not_dev_id,
            CASE WHEN d.not_dev_id IS NULL THEN 'none'
                 WHEN d.not_sbscr_yn = 'Y' AND d.subscription IS NOT NULL THEN 'on'
                 ELSE 'off' END AS push
       FROM sessions s
       LEFT JOIN user_devices d ON d.not_dev_id = s.not_dev_id AND d.usr_id = s.usr_id
      WHERE s.usr_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
      ORDER BY s.last_seen_at DESC NULLS LAST, s.created_at DESC`,
    [usrId],
  );
}

/** The caller's devices: the one it asks from first, then the others, the one seen last first. */
export async function myDevices(sql: Sql, usrId: string, currentSid: string): Promise<MyDevice[]> {
  const rows = await liveSessionsOf(sql, usrId);
  const devices = rows.map((r): MyDevice => ({
    devId: deviceIdOf(r.sid),
    current: r.sid === currentSid,
    device: deviceWords(r.user_agent),
    method: r.method === 'oidc' ? 'oidc' : 'password',
    signedOnAt: isoRequired(r.created_at),
    lastSeenAt: iso(r.last_seen_at),
    push: r.push,
  }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/**
 * Signs one of the caller's other devices out: its session ends ('signed-out-elsewhere', so that the device is told
 * why at its next contact), its live sockets close on every instance, its push subscription goes, and the audit log
 * keeps who did it. In the caller's transaction. 404 for a device that is not one of the caller's live sessions.
 */
export async function signOutMyDevice(
  sql: Sql,
  caller: { usrId: string; sid: string },
  devId: string,
): Promise<void> {
  const rows = await liveSessionsOf(sql, caller.usrId);
  const row = rows.find((r) => deviceIdOf(r.sid) === devId);
  if (!row) throw notFound(`No device ${devId} is signed on as you: it may have signed out already`);
  if (row.sid === caller.sid)
    throw badRequest('devId is the device you are using: log out instead to sign it out');
  await endSession(sql, row.sid, 'signed-out-elsewhere');
  if (row.not_dev_id !== null) await forgetSignedOutDevice(sql, [row.sid], row.not_dev_id);
  recordEvent(sql, { type: 'sessionsEnded', sids: [row.sid] });
  await audit(sql, {
    actor: caller.usrId,
    action: 'device.signed-out',
    usrId: caller.usrId,
    detail: { device: deviceWords(row.user_agent), signedOnAt: isoRequired(row.created_at) },
  });
}

/** Writes that the session was seen now (a token refresh, the live connection's connect). */
export async function markSeen(db: Db | Sql, sid: string): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = now() WHERE sid = $1 AND ended_at IS NULL', [sid]);
}

/**
 * How often at most an authenticated call writes its session's last_seen_at: a write per call would cost the
 * database one more statement on every request, for a time the list shows to a few minutes anyway.
 */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Past this many sessions remembered, those written longer than LAST_SEEN_EVERY_MS ago are forgotten. */
const REMEMBERED = 10_000;

/**
 * When this instance last wrote each session's last_seen_at, in memory: each instance writes a session at most once
 * per LAST_SEEN_EVERY_MS, whatever the other instances do. A failed write is logged and tried at the next call.
 */
export function lastSeenWriter(db: Db, onError: (err: unknown) => void, now: () => number = Date.now) {
  const written = new Map<string, number>();
  let limit = REMEMBERED;
  const write = async (sid: string, at: number): Promise<void> => {
    written.set(sid, at);
    if (written.size > limit) {
      for (const [s, t] of written) if (at - t >= LAST_SEEN_EVERY_MS) written.delete(s);
      limit = Math.max(REMEMBERED, written.size * 2);
    }
    await markSeen(db, sid).catch((err: unknown) => {
      written.delete(sid);
      onError(err);
    });
  };
  return {
    /** An authenticated call: written when this instance has not written the session for LAST_SEEN_EVERY_MS. */
    async called(sid: string): Promise<void> {
      const at = now();
      const last = written.get(sid);
      if (last === undefined || at - last >= LAST_SEEN_EVERY_MS) await write(sid, at);
    },
    /** The live connection's connect: written now. */
    connected: (sid: string): Promise<void> => write(sid, now()),
  };
}
