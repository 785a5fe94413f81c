// Port to port (product.md#port-to-port): two ports picked with the port picker (every port the device knows),
// how many weeks ahead, and the vessels that sail from the first to the second in that time, by departure, with ETD,
// ETA and transit days. Online the server answers; with no link the schedules this device keeps, with their age.
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import type { Sailing } from '../../core/contract/sailings.ts';
import { SAILINGS_MAX_WEEKS } from '../../core/sailing-weeks.ts';
import { formatDate } from '../../core/format/format-date.ts';
import { sailingsLink, serviceLink } from '../../core/link.ts';
import type { LoggedUser } from '../../core/contract/common.ts';
import { userState } from '../../state/app-state.ts';
import { updatedAgo } from '../../ui/updated-ago.ts';
import { useNow } from '../../ui/use-now.ts';
import { CarrierBadge, TimeDay, VesselName } from './parts.tsx';
import { PortPicker, useKnownPorts } from './PortPicker.tsx';
import { useSailings } from './use-sailings.ts';

type End = 'from' | 'to';

function PortChoice({
  end,
  code,
  name,
  open,
  onToggle,
  link,
}: {
  end: End;
  code: string | null;
  name: string | undefined;
  open: boolean;
  onToggle: (open: boolean) => void;
  link: (portCd: string) => string;
}) {
  const id = useId();
  return (
    <div className="sailings-port">
      <div className="sailings-port__row">
        <span className="sailings-port__label">{end === 'from' ? 'From' : 'To'}</span>
        <span className="sailings-port__name">
          {code ? (
            <>
              {name ?? code} <span className="code">{code}</span>
            </>
          ) : (
            <span className="muted">Pick a port below</span>
          )}
        </span>
        {code && (
          <button
            type="button"
            className="button button--secondary sailings-port__change"
            aria-expanded={open}
            aria-controls={id}
            aria-label={`Change the port to sail ${end}`}
            onClick={() => onToggle(!open)}
          >
            Change
          </button>
        )}
      </div>
      <div id={id} hidden={!open}>
        {open && (
          <PortPicker
            link={link}
            current={code}
            label={`Find the port to sail ${end}`}
            autoFocus={code !== null}
            onPick={() => onToggle(false)}
          />
        )}
      </div>
    </div>
  );
}

function SailingCard({
  s,
  user,
  from,
  to,
}: {
  s: Sailing;
  user: LoggedUser | null;
  from: string;
  to: string;
}) {
  return (
    <li className="call-card">
      <div className="call-card__head">
        <CarrierBadge crrCd={s.crrCd} bg={s.crrBgColrVal} fg={s.crrFgColrVal} />
        <VesselName user={user} vslCd={s.vslCd} vslNm={s.vslNm} />
      </div>
      <p className="call-card__meta">
        Voyage {s.voyNo} · <Link href={serviceLink(s.laneCd)}>{s.laneCd}</Link> {s.laneNm}
      </p>
      <dl className="times">
        <div>
          <dt>ETD {from}</dt>
          <dd>
            <TimeDay time={s.etd} />
          </dd>
        </div>
        <div>
          <dt>ETA {to}</dt>
          <dd>
            <TimeDay time={s.eta} />
          </dd>
        </div>
        <div>
          <dt>Transit</dt>
          <dd>
            <span className="times__time">{s.transitDays}</span> <span className="times__day">days</span>
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Results({
  from,
  to,
  weeks,
  names,
}: {
  from: string;
  to: string;
  weeks: number;
  names: [string, string];
}) {
  const state = useSailings(from, to, weeks);
  const user = useSnapshot(userState).user;
  const now = useNow(60_000);
  const list = state.status === 'done' ? state.result.answer.sailings : [];
  const source =
    state.status !== 'done'
      ? ''
      : state.result.fromDevice
        ? `Schedules from ${updatedAgo(state.result.schedulesAt ?? now, now)}, kept on this device (no link).`
        : `Departures ${formatDate(state.result.answer.from)} to ${formatDate(state.result.answer.to)}. Times are UTC.`;
  return (
    <section
      className="card port-section"
      aria-labelledby="sailings-found"
      aria-busy={state.status === 'searching'}
    >
      <h3 id="sailings-found" className="section-title">
        Sailings {state.status === 'done' && <span className="count">{list.length}</span>}
      </h3>
      <p className="muted" role="status">
        {state.status === 'searching' ? 'Searching…' : source}
      </p>
      {state.status === 'error' && (
        <p className="inline-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' &&
        (list.length === 0 ? (
          <p className="muted">
            No vessel sails from {names[0]} to {names[1]} in the next {weeks} {weeks === 1 ? 'week' : 'weeks'}
            .
          </p>
        ) : (
          <ul className="call-list" aria-label={`Sailings from ${names[0]} to ${names[1]}`}>
            {list.map((s) => (
              <SailingCard key={`${s.vslCd}-${s.voyNo}-${s.etd}`} s={s} user={user} from={from} to={to} />
            ))}
          </ul>
        ))}
    </section>
  );
}

export function SailingsView({ from, to, weeks }: { from: string | null; to: string | null; weeks: number }) {
  const { ports } = useKnownPorts();
  const [picking, setPicking] = useState<End | null>(null);
  const [, navigate] = useLocation();
  const weeksId = useId();
  const nameOf = (cd: string | null) => (cd ? ports.find((p) => p.portCd === cd)?.portNm : undefined);
  // A missing port is picked at once; a chosen one on "Change".
  const open: End | null = picking ?? (!from ? 'from' : !to ? 'to' : null);
  const toggle = (end: End) => (on: boolean) => setPicking(on ? end : null);
  return (
    <div className="stack">
      <section className="card sailings-form" aria-labelledby="sailings-title">
        <h2 id="sailings-title" className="card__heading">
          Port to port
        </h2>
        <PortChoice
          end="from"
          code={from}
          name={nameOf(from)}
          open={open === 'from'}
          onToggle={toggle('from')}
          link={(cd) => sailingsLink(cd, to, weeks)}
        />
        <PortChoice
          end="to"
          code={to}
          name={nameOf(to)}
          open={open === 'to'}
          onToggle={toggle('to')}
          link={(cd) => sailingsLink(from, cd, weeks)}
        />
        <div className="sailings-form__row">
          <label htmlFor={weeksId}>Leaving in the next</label>
          <select
            id={weeksId}
            className="select"
            value={weeks}
            onChange={(e) => navigate(sailingsLink(from, to, Number(e.target.value)), { replace: true })}
          >
            {Array.from({ length: SAILINGS_MAX_WEEKS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'week' : 'weeks'}
              </option>
            ))}
          </select>
          {from && to && (
            <Link href={sailingsLink(to, from, weeks)} className="button button--secondary">
              Swap ports
            </Link>
          )}
        </div>
        {from && to && from === to && (
          <p className="inline-error" role="alert">
            Pick two different ports: from and to are the same.
          </p>
        )}
      </section>
      {from && to && from !== to && (
        <Results from={from} to={to} weeks={weeks} names={[nameOf(from) ?? from, nameOf(to) ?? to]} />
      )}
    </div>
  );
}
