// A call's arrival, berthing and departure (actual A* when it happened, marked when detected from AIS, else the
// estimate) and its delay against the proforma ETA, as a small grid that fits a phone: label over value, times in UTC.
import type { CascadeCall } from '../../core/contract/vessel.ts';
import { delayTone, formatDelayHours } from '../../core/format/format-delay.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { AisMark } from '../../ui/AisMark.tsx';
import { shownTimes } from './calls.ts';

export function CallTimesGrid({ call, delay = true }: { call: CascadeCall; delay?: boolean }) {
  return (
    <dl className="call-times">
      {shownTimes(call).map((t) => (
        <div key={t.label} className={t.actual ? 'call-times__actual' : undefined}>
          <dt>{t.label}</dt>
          <dd>
            {formatTimeDate(t.value)}
            {t.fromAis && <AisMark />}
          </dd>
        </div>
      ))}
      {delay && (
        <div>
          <dt>Delay</dt>
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

/** product.md#what-the-app-holds: positive is ahead, anything else behind; LTS (0) is on time; unknown is plain. */
export function delayClass(hrs: number | null | undefined): string | undefined {
  const tone = delayTone(hrs);
  return tone ? `delay-ink delay-ink--${tone}` : undefined;
}
