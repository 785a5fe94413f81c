// /service and /service/{laneCode}: the service the address names, else the current lane (a vessel user's own).
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { setCurrentCodes, userState } from '../state/app-state.ts';

export function ServicePage({ laneCode }: { laneCode?: string }) {
  const snap = useSnapshot(userState);
  const code = laneCode ? decodeURIComponent(laneCode).toUpperCase() : snap.currSlanCd;
  useEffect(() => {
    if (code) setCurrentCodes({ laneCd: code });
  }, [code]);
  const own =
    snap.ownVessel && (snap.ownVessel.vslSlanCd || snap.ownVessel.laneCd) === code ? snap.ownVessel : null;
  if (!code)
    return (
      <section className="card" aria-labelledby="no-service">
        <h2 id="no-service" className="card__heading">
          No service chosen
        </h2>
        <p>Search for a service with Search below.</p>
      </section>
    );
  return (
    <section className="card" aria-labelledby="service-title">
      <h2 id="service-title" className="card__heading">
        {own ? `${own.laneNm} (${code})` : `Service ${code}`}
      </h2>
      <p className="muted">The port rotation and the vessels of this service are not on this device yet.</p>
    </section>
  );
}
