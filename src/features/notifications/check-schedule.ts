// "Check schedule" (product.md#notification-detail drawer, product.md#input-and-formatting-rules, product.md#who-may-do-what): where it goes for this user and notification, or
// the error "There is no Vessel Code." when it cannot go anywhere.
import type { LoggedUser } from '../../core/contract/common.ts';
import type { NotificationItem } from '../../core/contract/notification.ts';
import { portLiveLink, vesselLink, voyageLink } from '../../core/link.ts';
import { isVesselUser } from '../../core/role.ts';

export const NO_VESSEL_CODE = 'There is no Vessel Code.';

export type ScheduleTarget = { to: string } | { error: string };

type Item = Pick<NotificationItem, 'notSeq' | 'notId' | 'vslCd' | 'portCd'>;

export function checkScheduleTarget(user: LoggedUser, item: Item): ScheduleTarget {
  const vesselUser = isVesselUser(user);
  const portArrival = item.notId === 'N008' && !vesselUser;
  if (!item.vslCd && !portArrival) return { error: NO_VESSEL_CODE };
  // A vessel user's voyage page, with the notification as the query string (product.md#routes).
  if (vesselUser)
    return {
      to: voyageLink(user, item.vslCd, {
        notSeq: String(item.notSeq),
        notId: item.notId,
        portCd: item.portCd,
      }),
    };
  if (portArrival) return item.portCd ? { to: portLiveLink(item.portCd) } : { error: NO_VESSEL_CODE };
  return { to: vesselLink(user, item.vslCd, { widgetPath: 'IBM_W2030' }) };
}
