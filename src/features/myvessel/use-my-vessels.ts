// My Vessel's data in the window: the kept fleet answer (page kind 'myVessels', keyed by the user's id) with the list
// changes still in the outbox laid over it, and the command that saves a new list through the worker's outbox.
import { useCallback } from 'react';
import { MY_VESSELS_ENTITY } from '../../device/outbox/types.ts';
import { usePending } from '../sync/use-pending.ts';
import { usePageData, type PageData } from '../../state/use-page-data.ts';
import { callWorker, type PageDataOf } from '../../platform/worker-bridge.ts';
import { myVesselsView, type MyVesselsView } from './my-vessels-state.ts';

export interface MyVessels {
  page: PageData<PageDataOf<'myVessels'>>;
  /** undefined until the device's data is read. */
  view: MyVesselsView | undefined;
  /** Saves the whole new list (applied at once, sent through the outbox). */
  save: (vslCds: string[]) => Promise<void>;
}

export function useMyVessels(usrId: string | null): MyVessels {
  const page = usePageData('myVessels', usrId);
  const waiting = usePending(MY_VESSELS_ENTITY);
  const view =
    page.data === undefined || waiting === undefined
      ? undefined
      : myVesselsView(page.data?.vessels ?? [], waiting);
  const save = useCallback(async (vslCds: string[]) => {
    await callWorker((api) => api.saveMyVessels(vslCds));
  }, []);
  return { page, view, save };
}
