// /myvessel, the home of operators and other users: the vessels the user follows at a glance, from this device (it
// opens at sea), with add and remove saved through the outbox: applied at once, marked waiting until the server has it.
import { useSnapshot } from 'valtio';
import type { FleetVessel } from '../core/contract/vessel.ts';
import { AddVessel } from '../features/myvessel/AddVessel.tsx';
import { HelpLink } from '../ui/HelpLink.tsx';
import { emptyListText } from '../features/myvessel/my-vessels-state.ts';
import { isVesselUser } from '../core/role.ts';
import { FollowedVessel } from '../features/myvessel/FollowedVessel.tsx';
import { FollowedVesselsMap } from '../features/myvessel/FollowedVesselsMap.tsx';
import { useMyVessels } from '../features/myvessel/use-my-vessels.ts';
import { DataAge } from '../ui/DataAge.tsx';
import { useNow } from '../ui/use-now.ts';
import { userState } from '../state/app-state.ts';
import { dialog } from '../ui/dialog-store.ts';
import { toShownError } from '../ui/shown-error.ts';
import { toast } from '../ui/toast-store.ts';
import { PendingMarker } from '../ui/PendingMarker.tsx';

export function MyVesselPage() {
  const user = useSnapshot(userState).user;
  const { page, view, save } = useMyVessels(user?.usrId ?? null);
  const followed = view?.followed ?? [];
  const now = useNow(60_000);
  // A vessel user's list can hold its own vessel at most, which is theirs already: nothing to add.
  const ownVessel = user && isVesselUser(user) ? user.ofcId : null;
  const canAdd = !ownVessel && (view?.others.length ?? 0) > 0;

  const change = (vslCds: string[]) =>
    save(vslCds).catch((err: unknown) => {
      const shown = toShownError(err);
      toast.error(shown.detail || shown.title);
    });
  const remove = async (v: FleetVessel) => {
    const ok = await dialog.confirm(`${v.vslNm} (${v.vslCd}) leaves your list. You can add it again later.`, {
      title: `Remove ${v.vslNm}?`,
      okText: 'Remove',
    });
    if (ok && view) await change(view.list.filter((c) => c !== v.vslCd));
  };
  const add = (v: FleetVessel) => {
    if (view) void change([...view.list, v.vslCd]);
  };

  return (
    <div className="stack">
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      <section className="card" aria-labelledby="myvessel-title">
        <h2 id="myvessel-title" className="card__heading">
          Vessels you follow {view && <span className="count">{followed.length}</span>}
        </h2>
        <p className="muted">
          Times in UTC · <HelpLink />
        </p>
        {view && view.removed.length > 0 && (
          <p className="pending-removed">
            <span>Removed: {view.removed.map((v) => v.vslNm).join(', ')}</span> <PendingMarker />
          </p>
        )}
        {view === undefined || (page.data === null && page.loading) ? null : page.data === null ? (
          <p className="muted">
            {page.error
              ? page.error.detail || page.error.title
              : 'The vessels you follow are not on this device yet.'}
          </p>
        ) : followed.length === 0 ? (
          <p className="muted">{emptyListText(canAdd, ownVessel)}</p>
        ) : (
          <ul className="call-list">
            {followed.map((v) => (
              <FollowedVessel
                key={v.vslCd}
                vessel={v}
                user={user}
                waiting={view.added.has(v.vslCd)}
                now={now}
                onRemove={(x) => void remove(x)}
              />
            ))}
          </ul>
        )}
        {view && page.data && canAdd && (
          <AddVessel candidates={view.others} followed={followed} onAdd={add} />
        )}
      </section>
      <FollowedVesselsMap vessels={followed} />
    </div>
  );
}
