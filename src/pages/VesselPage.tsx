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
import { DataAge } from '../features/pages/DataAge.tsx';
import { usePageData } from '../features/pages/use-page-data.ts';

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
  return <VesselData vslCd={vslCd} kind={kind} />;
}

function VesselData({ vslCd, kind }: { vslCd: string; kind: 'vessel' | 'voyage' }) {
  const page = usePageData('vessel', vslCd);
  return (
    <div className="stack">
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      {page.data ? (
        <VesselSummary vessel={page.data} />
      ) : (
        page.data === null &&
        !page.loading && (
          <section className="card" aria-labelledby="vessel-code">
            <h2 id="vessel-code" className="card__heading">
              {kind === 'voyage' ? 'Voyage of ' : 'Vessel '}
              {vslCd}
            </h2>
            <p className="muted">
              {page.error ? page.error.detail || page.error.title : 'This vessel is not on this device yet.'}
            </p>
          </section>
        )
      )}
    </div>
  );
}
