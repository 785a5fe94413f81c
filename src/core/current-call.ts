// The call a vessel is at or heading to, and from it the port a vessel user's app treats as its own (the port pages'
// default and the side menu's Port Live). Pure rules, kept apart from the window's views so its state may use them.
import type { LoggedUser } from './contract/common.ts';
import type { CascadeCall } from './contract/vessel.ts';
import { isVesselUser } from './role.ts';

export type CallLike = Pick<CascadeCall, 'portCd' | 'skipYn' | 'ata' | 'atd'> & { isCurrent?: boolean };

/**
 * The call the vessel is at or heading to: the server's mark when there is one; otherwise (a copy kept on the
 * device from before the mark existed, or a voyage the server did not mark) the first call not omitted and not
 * departed with no later call already arrived at. -1 when the voyage is over.
 */
export function currentCallIndex(calls: readonly CallLike[]): number {
  const marked = calls.findIndex((c) => c.isCurrent);
  if (marked >= 0) return marked;
  let lastArrived = -1;
  calls.forEach((c, i) => {
    if (c.ata) lastArrived = i;
  });
  return calls.findIndex((c, i) => i >= lastArrived && c.skipYn !== 'Y' && !c.atd);
}

/** A copy of a page's data kept on the device, with when it was synced. */
interface Kept<T> {
  data: T;
  syncedAt: number;
}

/**
 * The port a vessel is at or heading to, from the fresher of the two answers the device keeps about it: the vessel's
 * current info (its next port: the first call not departed) and its voyage (the current call). null when neither says.
 */
export function ownPortOf(
  vessel: Kept<{ nextPort: { portCd: string } | null }> | null | undefined,
  voyage: Kept<{ calls: readonly CallLike[] }> | null | undefined,
): string | null {
  const fromVessel = vessel ? (vessel.data.nextPort?.portCd ?? null) : null;
  const fromVoyage = voyage ? (voyage.data.calls[currentCallIndex(voyage.data.calls)]?.portCd ?? null) : null;
  if (!vessel || !voyage) return fromVessel ?? fromVoyage;
  return voyage.syncedAt >= vessel.syncedAt ? (fromVoyage ?? fromVessel) : (fromVessel ?? fromVoyage);
}

/** A vessel user's own port (its vessel's next call), else null. */
export const ownPort = (s: { user: LoggedUser | null; ownPortCd: string | null }): string | null =>
  isVesselUser(s.user) ? s.ownPortCd : null;
