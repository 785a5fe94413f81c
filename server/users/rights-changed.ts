// What follows, inside the transaction, when what a user may see changes (the userChanged domain event:
// sync.md#a-user-whose-rights-change): a vessel user keeps only its own vessel's chat room, and the user's sync clock
// starts a new epoch, so that every device of the user pulls its datasets whole at its next sync.
import type { Sql } from '../db/db.ts';
import type { DomainEvent, Reaction } from '../domain/events.ts';
import { findRoom, join } from '../chat/access.ts';
import { newEpoch, recordChange } from '../sync/changes.ts';
import { roomIdOf } from '../../src/core/contract/chat.ts';
import { isVesselUser } from '../../src/core/role.ts';

/**
 * A vessel user is a member of its own vessel's room alone: the rooms of other vessels are left, and the new vessel's
 * room (when it has one) joined. A shore user keeps its rooms, as it does when it stops following a vessel.
 */
async function vesselRoomOnly(sql: Sql, usrId: string, vslCd: string): Promise<void> {
  const left = await sql.query<{ room_id: string }>(
    `DELETE FROM chat_members cm USING chat_rooms r
      WHERE cm.room_id = r.room_id AND cm.usr_id = $1 AND r.vsl_cd <> $2
      RETURNING cm.room_id`,
    [usrId, vslCd],
  );
  for (const r of left) await recordChange(sql, usrId, 'chat', r.room_id);
  const own = vslCd ? await findRoom(sql, roomIdOf(vslCd)) : null;
  if (own) await join(sql, own.room_id, [usrId]);
}

/**
 * Cursors given before the change are of the old epoch: the next pull of each device answers `reset: true` and brings
 * everything the user may see now, and nothing it may no longer see. The `user` note moves the clock on, so the
 * change is hinted to the user's connections (server/sync/hints.ts) and a pull carries the user record.
 */
async function restartSync(sql: Sql, usrId: string): Promise<void> {
  await sql.query('UPDATE sync_clock SET epoch = $2 WHERE usr_id = $1', [usrId, newEpoch()]);
  await recordChange(sql, usrId, 'user');
}

/** The domain's reaction to userChanged events (registered with the notification rules in server/app.ts). */
export const rightsChanged: Reaction = async (sql, events: readonly DomainEvent[]) => {
  const usrIds = [...new Set(events.flatMap((e) => (e.type === 'userChanged' ? [e.usrId] : [])))];
  for (const usrId of usrIds.sort()) {
    const rows = await sql.query<{ usr_tp_cd: string; ofc_id: string }>(
      'SELECT usr_tp_cd, ofc_id FROM users WHERE usr_id = $1',
      [usrId],
    );
    const row = rows[0];
    if (!row) continue;
    if (isVesselUser(row.usr_tp_cd)) await vesselRoomOnly(sql, usrId, row.ofc_id);
    await restartSync(sql, usrId);
  }
};
