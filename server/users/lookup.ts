// Looking a user up by id, for the dev API's injections (which act as a given user without a token).
import type { Sql } from '../db/db.ts';
import type { ChatCaller } from '../chat/access.ts';

export async function userExists(sql: Sql, usrId: string): Promise<boolean> {
  const users = await sql.query('SELECT 1 FROM users WHERE usr_id = $1', [usrId]);
  return users.length > 0;
}

/** What the chat rules need of a user (its id, type and office or vessel), or null when there is no such user. */
export async function chatCallerOf(sql: Sql, usrId: string): Promise<ChatCaller | null> {
  const users = await sql.query<{ usr_id: string; usr_tp_cd: string; ofc_id: string }>(
    'SELECT usr_id, usr_tp_cd, ofc_id FROM users WHERE usr_id = $1',
    [usrId],
  );
  const user = users[0];
  return user ? { usrId: user.usr_id, usrTpCd: user.usr_tp_cd, ofcId: user.ofc_id } : null;
}
