// Port Live at the desk (product.md#port-live-filters): every call in one table, in the order a call runs (its stage)
// or sorted by ETA, delay, terminal or service from the column headers; each time in UTC with the port's local time.
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import type { PortCall } from '../../core/contract/port.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { serviceLink } from '../../core/link.ts';
import { firstDir, sortCalls, type PortSort, type PortSortKey } from '../../core/port-filters.ts';
import { AisMark } from '../../ui/AisMark.tsx';
import { formatPortTime } from '../vessel/port-time.ts';
import { CarrierBadge, DelayBadge, VesselName } from './parts.tsx';
import { SECTIONS, type Section } from './port-sections.ts';

interface Row {
  call: PortCall;
  section: Section;
}

const STAGE: Record<Section, string> = Object.fromEntries(SECTIONS.map((s) => [s.key, s.title])) as Record<
  Section,
  string
>;

/** A time in UTC over the port's local time, the actual where there is one. */
function TimeCell({ call, kind, tz }: { call: PortCall; kind: 'a' | 'b' | 'd'; tz: string | undefined }) {
  const actual = { a: call.ata, b: call.atb, d: call.atd }[kind];
  const time = actual ?? { a: call.eta, b: call.etb, d: call.etd }[kind];
  const local = formatPortTime(time, tz);
  return (
    <td className={actual ? 'port-table__time port-table__time--actual' : 'port-table__time'}>
      <span className="port-table__utc">
        {actual && <span className="port-table__kind">AT{kind.toUpperCase()} </span>}
        {formatTimeDate(time)}
      </span>
      {local && <span className="port-table__local">{local}</span>}
      {actual && call.fromAis?.includes(`at${kind}`) && <AisMark />}
    </td>
  );
}

/** A column header; the sortable ones hold a button that sorts by them, or turns their order round. */
function Header({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey?: PortSortKey;
  sort: PortSort;
  onSort: (s: PortSort) => void;
}) {
  if (!sortKey) return <th scope="col">{label}</th>;
  const on = sort.key === sortKey;
  const next: PortSort = on
    ? { key: sortKey, dir: sort.dir === 'ascending' ? 'descending' : 'ascending' }
    : { key: sortKey, dir: firstDir(sortKey) };
  return (
    <th scope="col" aria-sort={on ? sort.dir : 'none'}>
      <button type="button" className="port-table__sort" onClick={() => onSort(next)}>
        {label}
        <span className="port-table__arrow" aria-hidden="true">
          {on ? (sort.dir === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function PortTable({
  rows,
  tz,
  user,
  sort,
  onSort,
  caption,
}: {
  rows: readonly Row[];
  tz: string | undefined;
  user: LoggedUser | null;
  sort: PortSort;
  onSort: (s: PortSort) => void;
  caption: string;
}) {
  const h = { sort, onSort };
  return (
    <div className="card port-table-card">
      <table className="port-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <Header label="Vessel" {...h} />
            <Header label="Stage" sortKey="stage" {...h} />
            <Header label="ETA" sortKey="eta" {...h} />
            <Header label="ETB" {...h} />
            <Header label="ETD" {...h} />
            <Header label="Delay" sortKey="delay" {...h} />
            <Header label="Terminal" sortKey="terminal" {...h} />
            <Header label="Service" sortKey="service" {...h} />
          </tr>
        </thead>
        <tbody>
          {sortCalls(rows, sort).map(({ call: c, section }) => (
            <tr key={`${c.vslCd}-${c.skdVoyNo}-${c.skdDirCd}-${c.callSeq}`}>
              <th scope="row" className="port-table__vessel">
                <span className="port-table__name">
                  <CarrierBadge crrCd={c.crrCd} bg={c.crrBgColrVal} fg={c.crrFgColrVal} />
                  <VesselName user={user} vslCd={c.vslCd} vslNm={c.vslNm} />
                </span>
                <span className="port-table__voyage">
                  Voyage {c.skdVoyNo}
                  {c.skdDirCd}
                </span>
              </th>
              <td>{STAGE[section]}</td>
              <TimeCell call={c} kind="a" tz={tz} />
              <TimeCell call={c} kind="b" tz={tz} />
              <TimeCell call={c} kind="d" tz={tz} />
              <td>
                {c.omitted ? <span className="tag tag--warn">Omitted</span> : <DelayBadge hrs={c.delayHrs} />}
              </td>
              <td>{c.ydNm ?? '-'}</td>
              <td>
                <Link href={serviceLink(c.laneCd)}>{c.laneCd}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
