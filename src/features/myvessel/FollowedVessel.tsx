// One followed vessel at a glance: name (linking to its page), service, next port and ETA, delay (product.md#input-and-formatting-rules), a status
// line such as "Under way · 18.6 kn", "Waiting to send" while its addition is not confirmed, and its remove button.
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { portLiveLink, serviceLink } from '../../core/link.ts';
import { updatedAgo } from '../../ui/updated-ago.ts';
import { Icon } from '../../ui/Icon.tsx';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { motionText } from '../ports/motion-text.ts';
import { CarrierBadge, DelayBadge, VesselName } from '../ports/parts.tsx';

interface Props {
  vessel: FleetVessel;
  user: LoggedUser | null;
  waiting: boolean;
  now: number;
  onRemove: (vessel: FleetVessel) => void;
}

export function FollowedVessel({ vessel: v, user, waiting, now, onRemove }: Props) {
  const status = motionText(v);
  const posAge = v.posDt ? updatedAgo(Date.parse(v.posDt), now) : null;
  return (
    <li className="followed">
      <div className="followed__head">
        <CarrierBadge crrCd={v.crrCd} bg={v.crrBgColrVal} fg={v.crrFgColrVal} />
        <VesselName user={user} vslCd={v.vslCd} vslNm={v.vslNm} />
        <button
          type="button"
          className="icon-button icon-button--light followed__remove"
          aria-label={`Remove ${v.vslNm}`}
          onClick={() => onRemove(v)}
        >
          <Icon name="close" />
        </button>
      </div>
      <p className="followed__line">
        <Link href={serviceLink(v.laneCd)}>
          {v.laneNm} ({v.laneCd})
        </Link>
      </p>
      {v.nextPortCd && (
        <p className="followed__line">
          {v.nextAta ? 'At ' : 'Next port '}
          <Link href={portLiveLink(v.nextPortCd)} className="nowrap">
            {v.nextPortNm ? `${v.nextPortNm} (${v.nextPortCd})` : v.nextPortCd}
          </Link>
          {' · '}
          <span className="nowrap">
            {v.nextAta ? `ATA ${formatTimeDate(v.nextAta)}` : `ETA ${formatTimeDate(v.nextEta)}`} UTC
          </span>
        </p>
      )}
      <p className="call-card__foot">
        <DelayBadge hrs={v.nextDelayHrs} />
        {status && <span>{status}</span>}
        {posAge && <span className="muted">position {posAge}</span>}
      </p>
      {waiting && <PendingMarker as="p" />}
    </li>
  );
}
