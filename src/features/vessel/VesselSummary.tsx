// A vessel's identity and current state as last synced (GET /vessel/current): code, name and carrier colours,
// service (linked), voyage, navigational status, position with its age, speed and course, and the previous and next
// port with ETA and delay (product.md#input-and-formatting-rules formats).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CallRef, VesselCurrent } from '../../core/contract/vessel.ts';
import { formatDelayHours } from '../../core/format/format-delay.ts';
import { delayClass } from './CallTimesGrid.tsx';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import { formatNumber } from '../../core/format/format-number.ts';
import { serviceLink } from '../../core/link.ts';
import { updatedAgo } from '../../ui/updated-ago.ts';
import { useNow } from '../../ui/use-now.ts';

const NAV: Record<string, string> = { UNDER_WAY: 'Under way', AT_ANCHOR: 'At anchor', MOORED: 'Moored' };

const navStatusText = (navSts: string | null): string => (navSts ? (NAV[navSts] ?? navSts) : '-');

function position(v: VesselCurrent): string {
  if (v.lat === null || v.lon === null) return '-';
  const lat = `${Math.abs(v.lat).toFixed(2)}° ${v.lat >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(v.lon).toFixed(2)}° ${v.lon >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lon}`;
}

export function CarrierMark({ crrCd, bg, fg }: { crrCd: string; bg: string; fg: string }) {
  return (
    <span className="carrier" style={{ background: bg, color: fg }}>
      {crrCd}
    </span>
  );
}

function CallFacts({ call, label }: { call: CallRef; label: string }) {
  return (
    <div className="call">
      <h3 className="call__title">
        {label}: {call.portNm} <span className="muted">({call.portCd})</span>
      </h3>
      <dl className="facts facts--compact">
        {call.ydNm && (
          <div>
            <dt>Terminal</dt>
            <dd>{call.ydNm}</dd>
          </div>
        )}
        <div>
          <dt>{call.ata ? 'ATA' : 'ETA'}</dt>
          <dd>{formatTimeDateYear(call.ata ?? call.eta)} UTC</dd>
        </div>
        <div>
          <dt>{call.atb ? 'ATB' : 'ETB'}</dt>
          <dd>{formatTimeDateYear(call.atb ?? call.etb)} UTC</dd>
        </div>
        <div>
          <dt>{call.atd ? 'ATD' : 'ETD'}</dt>
          <dd>{formatTimeDateYear(call.atd ?? call.etd)} UTC</dd>
        </div>
        {call.pfEta && (
          <div>
            <dt>Proforma ETA</dt>
            <dd>{formatTimeDateYear(call.pfEta)} UTC</dd>
          </div>
        )}
        <div>
          <dt>Schedule</dt>
          <dd className={delayClass(call.etaDelayHrs)}>{formatDelayHours(call.etaDelayHrs)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** `age` is the section's DataAge, shown under the name; `children` come right under it (the folded particulars). */
export function VesselSummary({
  vessel,
  age,
  children,
}: {
  vessel: VesselCurrent;
  age?: ReactNode;
  children?: ReactNode;
}) {
  const now = useNow(60_000);
  const lane = vessel.vslSlanCd || vessel.laneCd;
  const posAge = vessel.posDt ? updatedAgo(Date.parse(vessel.posDt), now) : null;
  return (
    <section className="card" aria-labelledby={`vessel-${vessel.vslCd}`}>
      <div className="card__row">
        <CarrierMark crrCd={vessel.crrCd} bg={vessel.crrBgColrVal} fg={vessel.crrFgColrVal} />
        <h2 id={`vessel-${vessel.vslCd}`} className="card__heading">
          {vessel.vslNm} <span className="muted">({vessel.vslCd})</span>
        </h2>
      </div>
      {age}
      {children}
      <dl className="facts">
        <div>
          <dt>Service</dt>
          <dd>
            <Link className="facts__link" href={serviceLink(lane)}>
              {vessel.laneNm} ({lane})
            </Link>
          </dd>
        </div>
        <div>
          <dt>Carrier</dt>
          <dd>{vessel.crrNm}</dd>
        </div>
        {vessel.skdVoyNo && (
          <div>
            <dt>Voyage</dt>
            <dd>
              {vessel.skdVoyNo}
              {vessel.skdDirCd}
            </dd>
          </div>
        )}
        <div>
          <dt>Status</dt>
          <dd>{navStatusText(vessel.navSts)}</dd>
        </div>
        <div>
          <dt>Position</dt>
          <dd>{position(vessel)}</dd>
        </div>
        <div>
          <dt>Speed / course</dt>
          <dd>
            {formatNumber(vessel.sog, 1)} kts / {formatNumber(vessel.cog, 0)}°
          </dd>
        </div>
        <div>
          <dt>Position time</dt>
          <dd>{vessel.posDt ? `${formatTimeDateYear(vessel.posDt)} UTC` : '-'}</dd>
        </div>
        <div>
          <dt>Position age</dt>
          <dd>{posAge ?? '-'}</dd>
        </div>
      </dl>
      {vessel.nextPort && (
        <CallFacts call={vessel.nextPort} label={vessel.nextPort.ata ? 'In port' : 'Next port'} />
      )}
      {vessel.prevPort && <CallFacts call={vessel.prevPort} label="Previous port" />}
    </section>
  );
}
