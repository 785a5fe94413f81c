// /port/live: the port's status now (open or restricted, and why), then its calls around now in the order a call runs,
// Expected, At anchor, Alongside and Departed, each call with its vessel, voyage, service, terminal, ETA/ETB/ETD
// (actuals where known) and delay (product.md#input-and-formatting-rules). All of it is the one answer kept on the device, so it shows offline.
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { PortCall, PortLive, PortStatusEntry } from '../../core/contract/port.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import { serviceLink } from '../../core/link.ts';
import { motionText } from './motion-text.ts';
import { CarrierBadge, DelayBadge, TimeFacts, VesselName } from './parts.tsx';
import { portSections, SECTIONS, type Section } from './port-sections.ts';
import { applyFilter, isFiltering } from '../../core/port-filters.ts';
import { PortFilters, usePortFilter } from './PortFilters.tsx';
import { StatusPill } from './PortStatusView.tsx';

function CallCard({ call, section, user }: { call: PortCall; section: Section; user: LoggedUser | null }) {
  // Under way towards the port is worth a glance; moored or at anchor elsewhere would read as being here.
  const motion = section === 'expected' && call.motion?.navSts === 'UNDER_WAY' ? motionText(call.motion) : '';
  return (
    <li className="call-card">
      <div className="call-card__head">
        <CarrierBadge crrCd={call.crrCd} bg={call.crrBgColrVal} fg={call.crrFgColrVal} />
        <VesselName user={user} vslCd={call.vslCd} vslNm={call.vslNm} />
      </div>
      <p className="call-card__meta">
        Voyage {call.skdVoyNo}
        {call.skdDirCd} · <Link href={serviceLink(call.laneCd)}>{call.laneCd}</Link>
        {call.ydNm && <> · {call.ydNm}</>}
      </p>
      <TimeFacts call={call} />
      <p className="call-card__foot">
        {call.omitted && <span className="tag tag--warn">Omitted</span>}
        <DelayBadge hrs={call.delayHrs} />
        {motion && <span className="muted">{motion}</span>}
      </p>
    </li>
  );
}

/** The port's status at the top of Port Live: "Restricted · Strong winds …, since …"; the status page has its history. */
function StatusNow({ status }: { status: PortStatusEntry | null }) {
  return (
    <section className="card port-now" aria-labelledby="port-now">
      <h3 id="port-now" className="section-title">
        Port status {status && <StatusPill stsNm={status.stsNm} />}
      </h3>
      {status ? (
        <p className="port-now__text">
          {status.stsReasNm && <span>{status.stsReasNm}</span>}
          <span className="muted">Since {formatTimeDateYear(status.stsFrmDt)} UTC</span>
        </p>
      ) : (
        <p className="muted">This port has no status.</p>
      )}
    </section>
  );
}

export function PortLiveView({ live, user }: { live: PortLive; user: LoggedUser | null }) {
  const all = portSections(live);
  const [filter, setFilter] = usePortFilter(live.port.portCd);
  const filtering = isFiltering(filter);
  const calls = [...live.expected, ...live.alongside, ...live.departed];
  const shown = portSections({
    expected: applyFilter(live.expected, filter),
    alongside: applyFilter(live.alongside, filter),
    departed: applyFilter(live.departed, filter),
  });
  return (
    <>
      {/* A copy kept from before the answer carried the status has none: the status page still tells it. */}
      {live.status !== undefined && <StatusNow status={live.status} />}
      <PortFilters
        calls={calls}
        filter={filter}
        onChange={setFilter}
        shown={Object.values(shown).reduce((n, list) => n + list.length, 0)}
      />
      <p className="muted times-note">Times are UTC.</p>
      {SECTIONS.map(({ key, title, empty }) => {
        const calls = shown[key];
        const none = filtering && all[key].length > 0 ? 'No vessel here matches the filters.' : empty;
        return (
          <section key={key} className="card port-section" aria-labelledby={`port-${key}`}>
            <h3 id={`port-${key}`} className="section-title">
              {title} <span className="count">{calls.length}</span>
            </h3>
            {calls.length === 0 ? (
              <p className="muted">{none}</p>
            ) : (
              <ul className="call-list">
                {calls.map((c) => (
                  <CallCard
                    key={`${c.vslCd}-${c.skdVoyNo}-${c.skdDirCd}-${c.callSeq}`}
                    call={c}
                    section={key}
                    user={user}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
