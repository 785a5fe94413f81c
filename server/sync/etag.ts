// ETags from the user's change version: a conditional GET of a dataset in the sync change log (the notification
// list) is answered from one index lookup, never by reading and hashing the whole list.
import { createHash } from 'node:crypto';
import type { Sql } from '../db/db.ts';
import type { AuthUser } from '../context.ts';

/** The ETag of what `scope` (route and query) gives the user at its current change version. */
export async function versionETag(
  sql: Sql,
  user: Pick<AuthUser, 'usrId' | 'usrTpCd' | 'ofcId'>,
  scope: string,
): Promise<string> {
  const rows = await sql.query<{ epoch: string; version: number }>(
    'SELECT epoch, version FROM sync_clock WHERE usr_id = $1',
    [user.usrId],
  );
  const clock = rows[0] ?? { epoch: '-', version: 0 };
  const digest = createHash('sha1')
    .update([user.usrId, user.usrTpCd, user.ofcId, clock.epoch, clock.version, scope].join('\u0000'))
    .digest('base64url')
    .slice(0, 22);
  return `"v${clock.version.toString(36)}-${digest}"`;
}

/** Does an If-None-Match header name this ETag (weak or strong, alone or in a list)? */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
