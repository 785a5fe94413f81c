// The drawer's program links (SPEC §2): the vessel, service and port pages carry the user's current vessel, lane
// or port code; vessel links follow the link helper of SPEC §6.
import type { LoggedUser } from '../core/contract/common.ts';
import { portLiveLink, portStatusLink, serviceLink, vesselLink } from '../core/link.ts';

export interface CurrentCodes {
  user: LoggedUser | null;
  vesselCode: string | null;
  currVslCd: string | null;
  currSlanCd: string | null;
  currPortCd: string | null;
  portCode: string | null;
}

export function programHref(url: string, s: CurrentCodes): string {
  const path = url.replace(/\/+$/, '') || '/';
  switch (path) {
    case '/vessel':
      return vesselLink(s.user, s.vesselCode ?? s.currVslCd);
    case '/service':
      return serviceLink(s.currSlanCd);
    case '/port/live':
      return portLiveLink(s.currPortCd ?? s.portCode);
    case '/port/status':
      return portStatusLink(s.currPortCd ?? s.portCode);
    default:
      return url;
  }
}
