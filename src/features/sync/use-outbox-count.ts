// How many changes wait in the outbox (live; undefined while the first read is under way).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db.ts';

export function useOutboxCount(): number | undefined {
  return useLiveQuery(() => db.outbox.count());
}
