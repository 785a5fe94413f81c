// ETags from the user's change version: a conditional GET of a dataset in the sync change log (the notification
// list) is answered from one index lookup, never by reading and hashing the whole list; and the comparison of
// If-None-Match every GET answer goes through.
import { createHash } from 'node:crypto';
import type { Sql } from '../db/db.ts';
import type { AuthUser } from '../auth/user.ts';

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
  // Weak: the same tag goes with the plain and the compressed body (docs/sync.md#etags-and-304).
  return `W/"v${clock.version.toString(36)}-${digest}"`;
}

/** An entity tag, W/"…" or "…", or `*`, in an If-None-Match list (a tag may hold a comma, never a quote). */
const TAG = /\*|(?:W\/)?"[^"]*"/g;

/**
 * Does an If-None-Match header name this ETag? RFC 9110 §13.1.2: `*`, or any tag of the list by the weak comparison
 * (W/"x" and "x" are the same tag), so a device holding a tag from before tags were weak still gets its 304.
 */
export function matchesETag(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const [tag] of [ifNoneMatch].flat().join(',').matchAll(TAG))
    if (tag === '*' || tag.replace(/^W\//, '') === opaque) return true;
  return false;
}
