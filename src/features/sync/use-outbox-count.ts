// How many of the user's changes wait in the outbox (live; undefined while the first read is under way). Page
// visits recorded for the application history wait there too, but are not the user's changes: not counted.
import { useLiveQuery } from 'dexie-react-hooks';
import { pendingCount } from '../../device/outbox/count.ts';
import { db } from '../../platform/db.ts';

export function useOutboxCount(): number | undefined {
  return useLiveQuery(() => pendingCount(db));
}
