// Vessel routes under /api/v2/app/vessel (product.md#vessel-calls, shapes per architecture.md#the-pages-the-product-leaves-open). A vessel user (type 4) reaches only
// its own vessel, types 5 and 6 read but never write (see ../vessels/access.ts). The routes live in ./vessel/, their
// answers in ../vessels/.
import type { App } from '../context.ts';
import { fleetRoutes } from './vessel/fleet.ts';
import { infoRoutes } from './vessel/info.ts';
import { memoRoutes } from './vessel/memos.ts';
import { reportRoutes } from './vessel/reports.ts';
import { stateRoutes } from './vessel/state.ts';

export async function vesselRoutes(app: App): Promise<void> {
  await stateRoutes(app);
  await reportRoutes(app);
  await memoRoutes(app);
  await infoRoutes(app);
  await fleetRoutes(app);
}
