// The vessel a vessel, schedule or voyage page shows (the address's code, else product.md#input-and-formatting-rules's fallback) and whether the
// user may open it (product.md#who-may-do-what: a vessel user only its own); the page itself renders only for an allowed vessel,
// and remembers the vessel as the current one only once it is known (useRememberVessel).
import { useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ForbiddenError } from '../../device/net/errors.ts';
import { chooseVessel, storeVesselCode } from './vessel-access.ts';
import { setCurrentCodes, userState } from '../../state/app-state.ts';
import { ErrorView } from '../../ui/ErrorView.tsx';
import { toShownError } from '../../ui/shown-error.ts';

/**
 * Makes the vessel the current one (the Vessel tab's and the drawer's) once the page knows it, from the device's copy
 * or the server's answer: a code that names no vessel (/vessel/ZZZZ) is never remembered (product.md#unknown-codes).
 */
export function useRememberVessel(vslCd: string, known: boolean): void {
  useEffect(() => {
    if (!known) return;
    setCurrentCodes({ vslCd });
    storeVesselCode(vslCd);
  }, [vslCd, known]);
}

export function VesselGate({
  vslCd: fromPath,
  children,
}: {
  vslCd?: string | undefined;
  children: (vslCd: string) => ReactNode;
}) {
  const snap = useSnapshot(userState);
  const { vslCd, allowed } = chooseVessel(snap.user, fromPath, snap);

  // The user's state fills from the device a moment after the shell shows: decide once it is there, so a deep link
  // never flashes a refusal.
  if (!snap.user) return null;
  if (!allowed)
    return (
      <ErrorView
        inline
        error={toShownError(
          new ForbiddenError(`You can open only your own vessel, ${snap.vesselCode ?? ''}.`),
        )}
      />
    );
  if (!vslCd)
    return (
      <section className="card" aria-labelledby="no-vessel">
        <h2 id="no-vessel" className="card__heading">
          No vessel chosen
        </h2>
        <p>Search for a vessel with Search below, or open one from My Vessel.</p>
      </section>
    );
  return <>{children(vslCd)}</>;
}
