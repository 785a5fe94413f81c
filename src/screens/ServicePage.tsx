// /service and /service/{laneCode}: the service the address names, else the current lane (a vessel user's own),
// with its rotation and vessels as this device last had them.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { setCurrentCodes, userState } from '../state/app-state.ts';
import { DataAge } from '../ui/DataAge.tsx';
import { usePageData } from '../state/use-page-data.ts';
import { ServiceView } from '../features/ports/ServiceView.tsx';

export function ServicePage({ laneCode }: { laneCode?: string }) {
  const snap = useSnapshot(userState);
  const code = laneCode ? decodeURIComponent(laneCode).toUpperCase() : snap.currSlanCd;
  if (!code)
    return (
      <section className="card" aria-labelledby="no-service">
        <h2 id="no-service" className="card__heading">
          No service chosen
        </h2>
        <p>Search for a service with Search below.</p>
      </section>
    );
  return <ServiceData code={code} />;
}

function ServiceData({ code }: { code: string }) {
  const page = usePageData('service', code);
  // Remembered as the current service only once known: a code that names nothing is not (product.md#unknown-codes).
  const known = !!page.data;
  useEffect(() => {
    if (known) setCurrentCodes({ laneCd: code });
  }, [code, known]);
  const snap = useSnapshot(userState);
  const own =
    snap.ownVessel && (snap.ownVessel.vslSlanCd || snap.ownVessel.laneCd) === code ? snap.ownVessel : null;
  return (
    <div className="stack">
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      {page.data ? (
        <ServiceView service={page.data} user={snap.user} />
      ) : (
        page.data === null &&
        !page.loading && (
          <section className="card" aria-labelledby="service-title">
            <h2 id="service-title" className="card__heading">
              {own ? `${own.laneNm} (${code})` : `Service ${code}`}
            </h2>
            <p className="muted">
              {page.error
                ? page.error.detail || page.error.title
                : 'The port rotation and the vessels of this service are not on this device yet.'}
            </p>
          </section>
        )
      )}
    </div>
  );
}
