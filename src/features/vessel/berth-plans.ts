// Berth plans (N004 notifications) this device has the detail of: per port of the vessel's voyage, the newest plan's
// required speed, terminal and alongside, for the voyage timeline (product.md#notification-detail N004 layout).
import type { NotificationDetail } from '../../core/contract/notification.ts';

export interface BerthPlan {
  notSeq: number;
  reqSpd: number | null;
  ydNm: string | null;
  algsdNm: string | null;
  creUtcDt: string | null;
}

type Detail = Pick<
  NotificationDetail,
  | 'notSeq'
  | 'notId'
  | 'vslCd'
  | 'portCd'
  | 'skdVoyNo'
  | 'skdDirCd'
  | 'reqSpd'
  | 'ydNm'
  | 'algsdNm'
  | 'creUtcDt'
>;

/** The newest N004 per port for this vessel and voyage (a plan of another voyage does not count). */
export function berthPlansByPort(
  details: readonly Detail[],
  vslCd: string,
  voyage: { skdVoyNo: string | null; skdDirCd: string | null },
): Map<string, BerthPlan> {
  const out = new Map<string, BerthPlan>();
  const newest = [...details].sort(
    (a, b) => (a.creUtcDt ?? '').localeCompare(b.creUtcDt ?? '') || a.notSeq - b.notSeq,
  );
  for (const d of newest) {
    if (d.notId !== 'N004' || d.vslCd !== vslCd || !d.portCd) continue;
    if (voyage.skdVoyNo && d.skdVoyNo && d.skdVoyNo !== voyage.skdVoyNo) continue;
    if (voyage.skdDirCd && d.skdDirCd && d.skdDirCd !== voyage.skdDirCd) continue;
    out.set(d.portCd, {
      notSeq: d.notSeq,
      reqSpd: d.reqSpd,
      ydNm: d.ydNm,
      algsdNm: d.algsdNm,
      creUtcDt: d.creUtcDt,
    });
  }
  return out;
}
