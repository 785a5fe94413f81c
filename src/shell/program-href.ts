// The drawer's program links (product.md#screens-and-routes): the vessel, service and port pages carry the user's current vessel, lane
// or port code; vessel links follow the link helper of product.md#who-may-do-what. A vessel user's port links carry the port its vessel
// is at or heading to.
import type { LoggedUser } from '../core/contract/common.ts';
import { portLiveLink, portStatusLink, serviceLink, vesselLink } from '../core/link.ts';
import { ownPort } from '../core/current-call.ts';

export interface CurrentCodes {
  user: LoggedUser | null;
  vesselCode: string | null;
  currVslCd: string | null;
  currSlanCd: string | null;
  currPortCd: string | null;
  portCode: string | null;
  ownPortCd: string | null;
}

export function programHref(url: string, s: CurrentCodes): string {
  const path = url.replace(/\/+$/, '') || '/';
  switch (path) {
    case '/vessel':
      return vesselLink(s.user, s.vesselCode ?? s.currVslCd);
    case '/service':
      return serviceLink(s.currSlanCd);
    case '/port/live':
      return portLiveLink(ownPort(s) ?? s.currPortCd ?? s.portCode);
    case '/port/status':
      return portStatusLink(ownPort(s) ?? s.currPortCd ?? s.portCode);
    default:
      return url;
  }
}
