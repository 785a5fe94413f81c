// One followed vessel at a glance: name (linking to its page), service, next port and ETA, delay (SPEC §5), a status
// line such as "Under way · 18.6 kn", "Waiting to send" while its addition is not confirmed, and its remove button.
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { FleetVessel } from '../../core/contract/vessel.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { portLiveLink, serviceLink } from '../../core/link.ts';
import { updatedAgo } from '../../shell/sync-status-text.ts';
import { Icon } from '../../ui/Icon.tsx';
import { PendingMarker } from '../../ui/PendingMarker.tsx';
import { motionText } from '../ports/motion-text.ts';
import { CarrierBadge, DelayBadge, VesselName } from '../ports/parts.tsx';
import type { LaneDetail } from './use-lane-details.ts';

interface Props {
  vessel: FleetVessel;
  detail: LaneDetail | undefined;
  user: LoggedUser | null;
  waiting: boolean;
  now: number;
  onRemove: (vessel: FleetVessel) => void;
}

export function FollowedVessel({ vessel: v, detail, user, waiting, now, onRemove }: Props) {
  // The service's data names the next port and knows the delay, when it agrees with the fleet on which port it is.
  const next = detail?.nextCall && detail.nextCall.portCd === v.nextPortCd ? detail.nextCall : null;
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
          {detail?.laneNm ? `${detail.laneNm} (${v.laneCd})` : `Service ${v.laneCd}`}
        </Link>
      </p>
      {v.nextPortCd && (
        <p className="followed__line">
          {next?.ata ? 'At ' : 'Next port '}
          <Link href={portLiveLink(v.nextPortCd)} className="nowrap">
            {next ? `${next.portNm} (${v.nextPortCd})` : v.nextPortCd}
          </Link>
          {' · '}
          <span className="nowrap">
            {next?.ata ? `ATA ${formatTimeDate(next.ata)}` : `ETA ${formatTimeDate(next?.eta ?? v.nextEta)}`}{' '}
            UTC
          </span>
        </p>
      )}
      <p className="call-card__foot">
        <DelayBadge hrs={next?.delayHrs} />
        {status && <span>{status}</span>}
        {posAge && <span className="muted">position {posAge}</span>}
      </p>
      {waiting && <PendingMarker as="p" />}
    </li>
  );
}
