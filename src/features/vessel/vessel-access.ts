// Which vessel a vessel or voyage page shows: the code in the address, else the fallback of product.md#input-and-formatting-rules (the user's
// vessel, the current vessel, the stored IBIS_VSL_CD); and whether the user may open it (product.md#who-may-do-what link helper).
import { canOpenVessel } from '../../core/link.ts';
import type { LoggedUser } from '../../core/contract/common.ts';
import { IBIS_VSL_CD_KEY, resolveVesselCode } from '../../core/vessel-code.ts';

function storedVesselCode(): string | null {
  try {
    return localStorage.getItem(IBIS_VSL_CD_KEY);
  } catch {
    return null;
  }
}

/** Remembers the vessel last opened, the last step of the fallback. */
export function storeVesselCode(vslCd: string): void {
  try {
    localStorage.setItem(IBIS_VSL_CD_KEY, vslCd);
  } catch {
    // Storage blocked: the fallback then ends at the current vessel.
  }
}

export interface VesselChoice {
  vslCd: string | null;
  allowed: boolean;
}

export function chooseVessel(
  user: LoggedUser | null,
  fromPath: string | undefined,
  state: { vesselCode: string | null; currVslCd: string | null },
): VesselChoice {
  const vslCd = fromPath
    ? decodeURIComponent(fromPath).toUpperCase()
    : resolveVesselCode({
        userVesselCode: state.vesselCode,
        currentVesselCode: state.currVslCd,
        storedVesselCode: storedVesselCode(),
      });
  return { vslCd, allowed: vslCd === null || canOpenVessel(user, vslCd) };
}
