// The followed vessels' next port names and delays come from their services' data (page kind 'service'), which the
// fleet answer lacks. Read from the device; brought up to date only when missing or older than LANE_REFRESH_MS (and
// on pull-to-refresh), so the home page does not cost a request per service each time it opens.
import { useEffect, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { NextCall, ServiceRotation } from '../../core/contract/service.ts';
import { db } from '../../db.ts';
import { REFRESH_PAGES_EVENT } from '../pages/use-page-data.ts';
import { callWorker } from '../../worker-bridge.ts';

export const LANE_REFRESH_MS = 15 * 60_000;

export interface LaneDetail {
  laneNm: string | null;
  nextCall: NextCall | null;
}

/** By vessel code: its service's name and, as the service data has it, its next call. */
export function useLaneDetails(laneCds: readonly string[]): Map<string, LaneDetail> {
  const lanes = useMemo(() => [...new Set(laneCds)].sort(), [laneCds]);
  const keyList = lanes.join(',');
  const rows = useLiveQuery(
    () => (keyList ? db.pageData.bulkGet(keyList.split(',').map((l) => `service:${l}`)) : []),
    [keyList],
  );

  // The services missing on the device or older than LANE_REFRESH_MS, as a key: the effect runs when it changes.
  const due =
    rows === undefined
      ? ''
      : lanes
          .filter((_, i) => !rows[i] || Date.now() - (rows[i]?.syncedAt ?? 0) >= LANE_REFRESH_MS)
          .join(',');
  useEffect(() => {
    for (const lane of due ? due.split(',') : [])
      void callWorker((api) => api.loadPage('service', lane)).catch(() => undefined);
  }, [due]);
  useEffect(() => {
    if (!keyList) return;
    const refresh = () => {
      for (const lane of keyList.split(','))
        void callWorker((api) => api.loadPage('service', lane, { force: true })).catch(() => undefined);
    };
    window.addEventListener(REFRESH_PAGES_EVENT, refresh);
    return () => window.removeEventListener(REFRESH_PAGES_EVENT, refresh);
  }, [keyList]);

  return useMemo(() => {
    const map = new Map<string, LaneDetail>();
    for (const row of rows ?? []) {
      const svc = row?.data as ServiceRotation | undefined;
      if (!svc?.vessels) continue;
      for (const v of svc.vessels) map.set(v.vslCd, { laneNm: svc.laneNm, nextCall: v.nextCall });
    }
    return map;
  }, [rows]);
}
