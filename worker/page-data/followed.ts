// What each user follows, kept on the device by the leader's sync (issue: pages open at sea with data): a vessel
// user its own vessel's pages, an agent its ports' live and status pages, everyone else My Vessel. Refreshed after
// a good sync pass when older than an hour, with If-None-Match, so a routine pass stays one request.
import type { LoggedUser } from '../../src/core/contract/common.ts';
import type { QuayDb } from '../../src/device/db.ts';
import type { PageKind } from './sources.ts';
import { isAgent, isVesselUser } from '../../src/core/role.ts';

const FOLLOWED_MAX_AGE_MS = 60 * 60_000;

async function followedPages(db: QuayDb, user: LoggedUser): Promise<[PageKind, string][]> {
  if (isVesselUser(user) && user.ofcId) {
    const vslCd = user.ofcId;
    return [
      ['vessel', vslCd],
      ['cascade', vslCd],
      ['track', vslCd],
    ];
  }
  if (isAgent(user)) {
    const ports = await db.myPorts.orderBy('sortNo').toArray();
    return ports.flatMap((p): [PageKind, string][] => [
      ['portLive', p.portCd],
      ['portStatus', p.portCd],
    ]);
  }
  return [['myVessels', user.usrId]];
}

type LoadPage = (kind: PageKind, code: string, opts: { maxAgeMs?: number }) => Promise<unknown>;

/** One page after the other (a shared, paid link); a failure is the page's own and does not stop the others. */
export async function refreshFollowed(db: QuayDb, loadPage: LoadPage): Promise<number> {
  const user = await db.getMeta('user');
  if (!user) return 0;
  let done = 0;
  for (const [kind, code] of await followedPages(db, user)) {
    try {
      await loadPage(kind, code, { maxAgeMs: FOLLOWED_MAX_AGE_MS });
      done += 1;
    } catch (err) {
      console.warn(`Keeping ${kind} ${code} up to date failed`, err);
    }
  }
  return done;
}
