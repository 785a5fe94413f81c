// Small pieces the port, service and My Vessel pages share: carrier colours, the delay in words of product.md#input-and-formatting-rules, a vessel's name as a
// link where the user may open it (product.md#who-may-do-what link helper), and a call's times with their actuals.
import { Link } from 'wouter';
import type { LoggedUser } from '../../core/contract/common.ts';
import { delayTone, formatDelayHours } from '../../core/format/format-delay.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { vesselLink } from '../../core/link.ts';
import { AisMark } from '../../ui/AisMark.tsx';
import { formatPortTime } from '../vessel/port-time.ts';

export function CarrierBadge({ crrCd, bg, fg }: { crrCd: string; bg: string; fg: string }) {
  return (
    <span className="carrier" style={{ background: bg, color: fg }} title={`Carrier ${crrCd}`}>
      {crrCd}
    </span>
  );
}

/** "2 h early", "3 h late", "on time" (product.md#input-and-formatting-rules); nothing when there is no delay to tell. */
export function DelayBadge({ hrs }: { hrs: number | null | undefined }) {
  const tone = delayTone(hrs);
  if (!tone) return null;
  return <span className={`delay delay--${tone}`}>{formatDelayHours(hrs)}</span>;
}

/** The vessel's name, linking to its page when the user may open it (a vessel user only its own). */
export function VesselName({
  user,
  vslCd,
  vslNm,
}: {
  user: LoggedUser | null;
  vslCd: string;
  vslNm: string;
}) {
  const href = vesselLink(user, vslCd);
  const label = (
    <>
      {vslNm} <span className="code">{vslCd}</span>
    </>
  );
  return href === '#' ? (
    <span className="vessel-name">{label}</span>
  ) : (
    <Link href={href} className="vessel-name">
      {label}
    </Link>
  );
}

/** "22:30" over "23-Nov": a time and its day on two lines, so three fit side by side on a phone; with a port's zone,
 * its local time under them. */
export function TimeDay({ time, tz }: { time: string; tz?: string | undefined }) {
  const [hhmm, day] = formatTimeDate(time).split(' ');
  const local = formatPortTime(time, tz);
  return (
    <>
      <span className="times__time">{hhmm}</span> <span className="times__day">{day ?? ''}</span>
      {local && <span className="times__local">{local}</span>}
    </>
  );
}

export interface CallTimes {
  eta: string;
  etb: string;
  etd: string;
  ata: string | null;
  atb: string | null;
  atd: string | null;
  /** The actual times detected from AIS positions (absent: none). */
  fromAis?: readonly ('ata' | 'atb' | 'atd')[];
}

/**
 * Arrival, berthing and departure: the actual time where there is one (ATA, ATB, ATD), marked when detected from
 * AIS, else the estimate.
 */
export function TimeFacts({ call, tz }: { call: CallTimes; tz?: string | undefined }) {
  const items: [string, string, boolean][] = [
    [call.ata ? 'ATA' : 'ETA', call.ata ?? call.eta, !!call.ata && !!call.fromAis?.includes('ata')],
    [call.atb ? 'ATB' : 'ETB', call.atb ?? call.etb, !!call.atb && !!call.fromAis?.includes('atb')],
    [call.atd ? 'ATD' : 'ETD', call.atd ?? call.etd, !!call.atd && !!call.fromAis?.includes('atd')],
  ];
  return (
    <dl className="times">
      {items.map(([label, time, ais]) => (
        <div key={label} className={label.startsWith('A') ? 'times__actual' : undefined}>
          <dt>{label}</dt>
          <dd>
            <TimeDay time={time} tz={tz} />
            {ais && <AisMark />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
