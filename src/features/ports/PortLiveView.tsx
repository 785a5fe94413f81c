// /port/live: its calls around now in the order a call runs, Expected, At anchor, Alongside and Departed, each call
// with its vessel, voyage, service, terminal, ETA/ETB/ETD (actuals where known, with the port's local time) and delay
// (product.md#input-and-formatting-rules): cards by section on the phone, one sortable table with the filters beside
// it at the desk. All of it is the one answer kept on the device, so it shows offline.
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { PortCall, PortLive, PortStatusEntry } from '../../core/contract/port.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';
import { serviceLink } from '../../core/link.ts';
import { useDesk } from '../../ui/use-desk.ts';
import { utcOffset } from './local-time.ts';
import { motionText } from './motion-text.ts';
import { CarrierBadge, DelayBadge, TimeFacts, VesselName } from './parts.tsx';
import { portSections, SECTIONS, type Section } from './port-sections.ts';
import { applyFilter, isFiltering } from '../../core/port-filters.ts';
import { PortFilters, usePortFilter, usePortSort } from './PortFilters.tsx';
import { StatusPill } from './PortStatusView.tsx';
import { HelpLink } from '../../ui/HelpLink.tsx';

/** The desk's table is a chunk of its own: a phone never loads it, and the first page carries none of it. */
const PortTable = lazy(() => import('./PortTable.tsx').then((m) => ({ default: m.PortTable })));

function CallCard({
  call,
  section,
  user,
  tz,
}: {
  call: PortCall;
  section: Section;
  user: LoggedUser | null;
  tz: string | undefined;
}) {
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
      <TimeFacts call={call} tz={tz} />
      <p className="call-card__foot">
        {call.omitted && <span className="tag tag--warn">Omitted</span>}
        <DelayBadge hrs={call.delayHrs} />
        {motion && <span className="muted">{motion}</span>}
      </p>
    </li>
  );
}

/** The port's status in one or two lines of the port's card: "Port status Restricted, since … · Strong winds …"; the
 * status page has its history. */
export function StatusNow({ status }: { status: PortStatusEntry | null }) {
  return (
    <section className="port-now" aria-labelledby="port-now">
      <h3 id="port-now" className="port-now__title">
        Port status {status && <StatusPill stsNm={status.stsNm} />}
      </h3>
      {status ? (
        <p className="port-now__text">
          <span className="muted">since {formatTimeDateYear(status.stsFrmDt)} UTC</span>
          {status.stsReasNm && <span> · {status.stsReasNm}</span>}
        </p>
      ) : (
        <p className="port-now__text muted">This port has no status.</p>
      )}
    </section>
  );
}

export function PortLiveView({ live, user }: { live: PortLive; user: LoggedUser | null }) {
  const desk = useDesk();
  const all = portSections(live);
  const [filter, setFilter] = usePortFilter(live.port.portCd);
  const [sort, setSort] = usePortSort();
  const filtering = isFiltering(filter);
  const calls = [...live.expected, ...live.alongside, ...live.departed];
  const shown = portSections({
    expected: applyFilter(live.expected, filter),
    alongside: applyFilter(live.alongside, filter),
    departed: applyFilter(live.departed, filter),
  });
  const tz = live.port.tz;
  const offset = utcOffset(tz);
  const note = (
    <p className="muted times-note">
      {offset ? `Times are UTC, local time is ${offset}.` : 'Times are UTC.'} <HelpLink />
    </p>
  );
  const filters = (
    <PortFilters
      calls={calls}
      filter={filter}
      onChange={setFilter}
      shown={Object.values(shown).reduce((n, list) => n + list.length, 0)}
      desk={desk}
    />
  );
  if (desk) {
    const rows = SECTIONS.flatMap(({ key }) => shown[key].map((call) => ({ call, section: key })));
    const caption = SECTIONS.map(({ key, title }) => `${title} ${shown[key].length}`).join(' · ');
    return (
      <div className="port-desk">
        <div className="port-desk__side">{filters}</div>
        <div className="port-desk__main">
          {note}
          {rows.length === 0 ? (
            <p className="card muted">
              {filtering && calls.length > 0
                ? 'No vessel here matches the filters.'
                : 'No vessel is expected, in port, or recently left.'}
            </p>
          ) : (
            <Suspense fallback={<p className="card muted">Opening the table…</p>}>
              <PortTable rows={rows} tz={tz} user={user} sort={sort} onSort={setSort} caption={caption} />
            </Suspense>
          )}
        </div>
      </div>
    );
  }
  return (
    <>
      {filters}
      {note}
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
                    tz={tz}
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
