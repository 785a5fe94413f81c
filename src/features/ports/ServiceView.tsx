// /service/{laneCode}: the lane's port rotation in order (each port linking to its live page) and the vessels
// deployed on it, each with its next call, ETA and delay (product.md#input-and-formatting-rules), and its state at a glance where the user may see it.
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { ServiceRotation, ServiceVessel } from '../../core/contract/service.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { portLiveLink } from '../../core/link.ts';
import { HelpLink } from '../../ui/HelpLink.tsx';
import { motionText } from './motion-text.ts';
import { CarrierBadge, DelayBadge, VesselName } from './parts.tsx';

const DIRECTION: Readonly<Record<string, string>> = { E: 'East', W: 'West', N: 'North', S: 'South' };

function NextCallText({ v }: { v: ServiceVessel }) {
  const next = v.nextCall;
  if (!next) return <p className="muted">No call ahead</p>;
  return (
    <p className="service-vessel__next">
      {next.ata ? 'At ' : 'Next: '}
      <Link href={portLiveLink(next.portCd)} className="nowrap">
        {next.portNm} ({next.portCd})
      </Link>
      {' · '}
      <span className="nowrap">
        {next.ata ? `ATA ${formatTimeDate(next.ata)}` : `ETA ${formatTimeDate(next.eta)}`} UTC
      </span>
    </p>
  );
}

export function ServiceView({ service, user }: { service: ServiceRotation; user: LoggedUser | null }) {
  return (
    <>
      <section className="card" aria-labelledby="service-title">
        <div className="card__row">
          <CarrierBadge crrCd={service.crrCd} bg={service.crrBgColrVal} fg={service.crrFgColrVal} />
          <h2 id="service-title" className="card__heading">
            {service.laneNm} <span className="code">{service.laneCd}</span>
          </h2>
        </div>
        <p className="muted">
          {service.tradeNm} · {service.crrNm} · <HelpLink />
        </p>
      </section>
      <section className="card" aria-labelledby="rotation-title">
        <h3 id="rotation-title" className="section-title">
          Port rotation <span className="count">{service.rotation.length}</span>
        </h3>
        <ol className="rotation">
          {service.rotation.map((p) => (
            <li key={p.seq} className="rotation__port">
              <span className="rotation__seq" aria-hidden="true">
                {p.seq}
              </span>
              <Link href={portLiveLink(p.portCd)} className="rotation__link">
                {p.portNm} <span className="code">{p.portCd}</span>
              </Link>
              <span className="rotation__dir" title={`${DIRECTION[p.dirCd] ?? p.dirCd}bound`}>
                {p.dirCd}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="service-vessels-title">
        <h3 id="service-vessels-title" className="section-title">
          Vessels <span className="count">{service.vessels.length}</span>
        </h3>
        {service.vessels.length === 0 ? (
          <p className="muted">No vessel is deployed on this service.</p>
        ) : (
          <ul className="call-list">
            {service.vessels.map((v) => {
              const motion = motionText(v.motion);
              return (
                <li key={v.vslCd} className="call-card">
                  <VesselName user={user} vslCd={v.vslCd} vslNm={v.vslNm} />
                  {v.skdVoyNo && (
                    <p className="call-card__meta">
                      Voyage {v.skdVoyNo}
                      {v.skdDirCd}
                    </p>
                  )}
                  <NextCallText v={v} />
                  <p className="call-card__foot">
                    <DelayBadge hrs={v.nextCall?.delayHrs} />
                    {motion && <span className="muted">{motion}</span>}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
