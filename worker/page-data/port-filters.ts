// Port Live's filters and sort kept on the device for the signed-on user (src/core/port-filters.ts): a device
// setting, never sent.
import type { QuayDb } from '../../src/device/db.ts';
import { withFilter, withSort, type PortFilter, type PortSort } from '../../src/core/port-filters.ts';

export async function setPortLiveFilter(db: QuayDb, portCd: string, f: PortFilter): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const user = await db.getMeta('user');
    if (!user) return;
    await db.setMeta(
      'portLiveFilters',
      withFilter(await db.getMeta('portLiveFilters'), user.usrId, portCd, f),
    );
  });
}

export async function setPortLiveSort(db: QuayDb, sort: PortSort): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const user = await db.getMeta('user');
    if (!user) return;
    await db.setMeta('portLiveFilters', withSort(await db.getMeta('portLiveFilters'), user.usrId, sort));
  });
}
