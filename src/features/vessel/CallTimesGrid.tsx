// A call's arrival, berthing and departure (actual A* when it happened, marked when detected from AIS, else the
// estimate) and, in words, where it stands against the proforma ETA ("2 h late"), as a small grid that fits a phone:
// label over value, times in UTC with the port's local time under them.
import type { CascadeCall } from '../../core/contract/vessel.ts';
import { delayTone, formatDelayHours } from '../../core/format/format-delay.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { AisMark } from '../../ui/AisMark.tsx';
import { shownTimes } from './calls.ts';
import { formatPortTime } from './port-time.ts';

export function CallTimesGrid({ call, delay = true }: { call: CascadeCall; delay?: boolean }) {
  return (
    <dl className="call-times">
      {shownTimes(call).map((t) => (
        <div key={t.label} className={t.actual ? 'call-times__actual' : undefined}>
          <dt>{t.label}</dt>
          <dd>
            {formatTimeDate(t.value)}
            {t.fromAis && <AisMark />}
            <LocalTime value={t.value} tz={call.tz} />
          </dd>
        </div>
      ))}
      {delay && (
        <div>
          <dt>Schedule</dt>
          <dd
            className={delayClass(call.etaDelayHrs)}
            title={call.pfEta ? `Against the proforma ETA ${formatTimeDate(call.pfEta)} UTC` : undefined}
          >
            {formatDelayHours(call.etaDelayHrs)}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The port's local time under the UTC one (product.md#port-local-time), when the call names its zone. */
function LocalTime({ value, tz }: { value: string | null; tz: string | undefined }) {
  const local = formatPortTime(value, tz);
  return local && <span className="call-times__local">{local}</span>;
}

/** product.md#what-the-app-holds: positive is ahead (early), negative behind (late), 0 on time; unknown is plain. */
export function delayClass(hrs: number | null | undefined): string | undefined {
  const tone = delayTone(hrs);
  return tone ? `delay-ink delay-ink--${tone}` : undefined;
}
