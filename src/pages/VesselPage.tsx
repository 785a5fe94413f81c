// /vessel, /vessel/{vslCd} and /vessel/schedule: the vessel the address names (or the SPEC §5 fallback) with what
// this device has of it. A vessel user may open only its own vessel (SPEC §6).
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { setCurrentCodes, userState } from '../state/app-state.ts';
import { ErrorView } from '../ui/ErrorView.tsx';
import { toShownError } from '../ui/shown-error.ts';
import { ForbiddenError } from '../core/net/http.ts';
import { chooseVessel, storeVesselCode } from './vessel-access.ts';
import { VesselSummary } from './VesselSummary.tsx';

export function VesselPage({
  vslCd: fromPath,
  kind = 'vessel',
}: {
  vslCd?: string;
  kind?: 'vessel' | 'voyage';
}) {
  const snap = useSnapshot(userState);
  const { vslCd, allowed } = chooseVessel(snap.user, fromPath, snap);

  useEffect(() => {
    if (!vslCd || !allowed) return;
    setCurrentCodes({ vslCd });
    storeVesselCode(vslCd);
  }, [vslCd, allowed]);

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
  const own = snap.ownVessel?.vslCd === vslCd ? userState.ownVessel : null;
  if (own) return <VesselSummary vessel={own} />;
  return (
    <section className="card" aria-labelledby="vessel-code">
      <h2 id="vessel-code" className="card__heading">
        {kind === 'voyage' ? 'Voyage of ' : 'Vessel '}
        {vslCd}
      </h2>
      <p className="muted">This vessel&apos;s details are not on this device.</p>
    </section>
  );
}
