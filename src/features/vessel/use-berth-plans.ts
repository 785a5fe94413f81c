// The berth plans (N004 details) this device keeps for a vessel's voyage, live from IndexedDB.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../platform/db.ts';
import { berthPlansByPort, type BerthPlan } from './berth-plans.ts';

/** By port code; undefined while the device is read (the page waits, so the calls do not move when they come). */
export function useBerthPlans(
  vslCd: string,
  voyage: { skdVoyNo: string | null; skdDirCd: string | null } | null | undefined,
): Map<string, BerthPlan> | undefined {
  const skdVoyNo = voyage?.skdVoyNo ?? null;
  const skdDirCd = voyage?.skdDirCd ?? null;
  return useLiveQuery(async () => {
    const details = await db.notificationDetails
      .filter((n) => n.notId === 'N004' && n.vslCd === vslCd)
      .toArray();
    return berthPlansByPort(details, vslCd, { skdVoyNo, skdDirCd });
  }, [vslCd, skdVoyNo, skdDirCd]);
}
