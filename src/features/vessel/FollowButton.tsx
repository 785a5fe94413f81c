// Follow and Unfollow on the vessel page (product.md#follow-on-the-vessel-page): the same change of the user's list as
// My Vessel's add and remove, made through the outbox, so it shows at once and works at sea. Not for vessel users,
// whose one vessel is theirs already; nothing until the device holds the list, since a change sends the whole list.
import { useSnapshot } from 'valtio';
import { isVesselUser } from '../../core/role.ts';
import { userState } from '../../state/app-state.ts';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { toShownError } from '../../ui/shown-error.ts';
import { toast } from '../../ui/toast-store.ts';
import { useMyVessels } from '../myvessel/use-my-vessels.ts';

/** The sync keeps the list within an hour (worker/page-data/followed.ts): the page asks for it no sooner. */
const LIST_MAX_AGE_MS = 60 * 60_000;

export function FollowButton({ vslCd, vslNm }: { vslCd: string; vslNm: string }) {
  const user = useSnapshot(userState).user;
  const shore = !!user && !isVesselUser(user);
  const { view, save } = useMyVessels(shore ? user.usrId : null, LIST_MAX_AGE_MS);
  if (!shore || !view) return null;
  const following = view.list.includes(vslCd);
  const waiting = view.added.has(vslCd) || view.removed.some((v) => v.vslCd === vslCd);
  const change = () => {
    const next = following ? view.list.filter((c) => c !== vslCd) : [...view.list, vslCd];
    save(next).then(
      () => toast.info(following ? `${vslNm} left My Vessel.` : `${vslNm} is on My Vessel now.`),
      (err: unknown) => {
        const shown = toShownError(err);
        toast.error(shown.detail || shown.title);
      },
    );
  };
  return (
    <div className="follow">
      <p className="follow__state">{following ? 'You follow this vessel.' : 'Not on your My Vessel list.'}</p>
      {waiting && <PendingMarker />}
      <button
        type="button"
        className={`button ${following ? 'button--secondary' : 'button--primary'} follow__button`}
        aria-label={`${following ? 'Unfollow' : 'Follow'} ${vslNm}`}
        onClick={change}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
    </div>
  );
}
