// The user's devices and their Web Push subscriptions (user_devices), which the Web Push sender (../push/) reads.
import type { Sql } from '../db/db.ts';
import { forbidden } from '../http/errors.ts';
import type { SubscriptionBody } from '../../src/core/contract/notification.ts';

/**
 * Saves the device's subscription (notSbscrYn Y) or switches it off (N); 403 when the device is another user's. The
 * session it is saved with (sid) is on that device: My devices shows its push state (product.md#my-devices).
 */
export async function saveSubscription(
  sql: Sql,
  usrId: string,
  body: SubscriptionBody,
  sid?: string,
): Promise<void> {
  const endpoint = body.subscription?.endpoint;
  const owner = await sql.query<{ usr_id: string; endpoint: string | null }>(
    `SELECT usr_id, subscription->>'endpoint' AS endpoint FROM user_devices WHERE not_dev_id = $1`,
    [body.notDevId],
  );
  // A device is its user's. It moves to another only from the same browser: the one that holds its push
  // subscription (the endpoint is a secret the browser and this server share), e.g. a shared bridge tablet.
  const row = owner[0];
  if (row && row.usr_id !== usrId && (row.endpoint === null || row.endpoint !== endpoint))
    throw forbidden('This device is registered to another user');
  await sql.query(
    `INSERT INTO user_devices (not_dev_id, usr_id, not_sbscr_yn, subscription) VALUES ($1, $2, $3, $4::text::jsonb)
           ON CONFLICT (not_dev_id) DO UPDATE SET usr_id = EXCLUDED.usr_id, not_sbscr_yn = EXCLUDED.not_sbscr_yn,
             subscription = coalesce(EXCLUDED.subscription, user_devices.subscription), upd_dt = now()`,
    [body.notDevId, usrId, body.notSbscrYn, body.subscription ? JSON.stringify(body.subscription) : null],
  );
  if (sid !== undefined) await tieSession(sql, sid, body.notDevId);
}

/** The app's device id of a session (sessions.not_dev_id): its push subscription is that device's. */
async function tieSession(sql: Sql, sid: string, notDevId: string): Promise<void> {
  await sql.query('UPDATE sessions SET not_dev_id = $2 WHERE sid = $1 AND not_dev_id IS DISTINCT FROM $2', [
    sid,
    notDevId,
  ]);
}

/**
 * Ties a device to the user, and the session it registers with (sid) to the device; 403 when it is another user's
 * (it moves only with its push subscription).
 */
export async function registerDevice(sql: Sql, usrId: string, notDevId: string, sid?: string): Promise<void> {
  // A device is its user's: another user moves it only by saving its push subscription from that browser.
  const owner = await sql.query<{ usr_id: string }>('SELECT usr_id FROM user_devices WHERE not_dev_id = $1', [
    notDevId,
  ]);
  if (owner[0] && owner[0].usr_id !== usrId) throw forbidden('This device is registered to another user');
  await sql.query(
    `INSERT INTO user_devices (not_dev_id, usr_id) VALUES ($1, $2)
           ON CONFLICT (not_dev_id) DO UPDATE SET upd_dt = now()`,
    [notDevId, usrId],
  );
  if (sid !== undefined) await tieSession(sql, sid, notDevId);
}

/**
 * Drops the device from the users of the sessions that just ended (architecture.md#sign-out): its push subscription
 * goes with its row, so a crew change leaves no notification of the last user on the device the next one holds. A
 * device that is another user's by now (it moved with its subscription) stays theirs.
 */
export async function forgetSignedOutDevice(
  sql: Sql,
  sids: readonly string[],
  notDevId: string,
): Promise<void> {
  await sql.query(
    `DELETE FROM user_devices d USING sessions s
      WHERE d.not_dev_id = $1 AND s.sid = ANY($2::text[]) AND d.usr_id = s.usr_id`,
    [notDevId, [...sids]],
  );
}
