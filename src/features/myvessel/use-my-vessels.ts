// My Vessel's data in the window: the kept fleet answer (page kind 'myVessels', keyed by the user's id) with the list
// changes still in the outbox laid over it, and the command that saves a new list through the worker's outbox.
import { useCallback } from 'react';
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { MY_VESSELS_ENTITY } from '../../device/outbox/types.ts';
import { usePending, useServerVersion } from '../sync/use-pending.ts';
import { usePageData, type PageData } from '../../state/use-page-data.ts';
import type { PageDataOf } from '../../platform/worker-bridge.ts';
import { myVesselsView, type MyVesselsView } from './my-vessels-state.ts';
import { runOp } from '../sync/use-op.ts';

export interface MyVessels {
  page: PageData<PageDataOf<'myVessels'>>;
  /** undefined until the device's data is read. */
  view: MyVesselsView | undefined;
  /** Saves the whole new list (applied at once, sent through the outbox). */
  save: (vslCds: string[]) => Promise<void>;
}

/** maxAgeMs: how old the kept fleet may be before it is asked again (the vessel page's Follow is content with the sync's). */
export function useMyVessels(usrId: string | null, maxAgeMs?: number): MyVessels {
  const page = usePageData('myVessels', usrId, maxAgeMs);
  const waiting = usePending(MY_VESSELS_ENTITY);
  // The server's list while changes wait: what "added" and "removed" are against.
  const server = useServerVersion('pageData', usrId && `myVessels:${usrId}`);
  const serverFleet = (server?.row as { data?: { vessels?: FleetVessel[] } } | null | undefined)?.data
    ?.vessels;
  const view =
    page.data === undefined || waiting === undefined || server === undefined
      ? undefined
      : myVesselsView(page.data?.vessels ?? [], waiting, serverFleet ?? null);
  const save = useCallback(async (vslCds: string[]) => {
    await runOp('mySetting', vslCds);
  }, []);
  return { page, view, save };
}
