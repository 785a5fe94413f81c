// A voyage as a timeline of its calls (the voyage page, vessel users' home): each call with its port, terminal and
// berth, ETA/ETB/ETD or the actuals, delay and, where known, the speed needed to make it; the current call and
// omitted calls marked. The call a notification is about is scrolled to, focused and outlined.
import { useRef } from 'react';
import type { CascadeCall, CascadeResponse, VesselCurrent } from '../../core/contract/vessel.ts';
import { formatNumber } from '../../core/format/format-number.ts';
import { useNow } from '../../ui/use-now.ts';
import type { BerthPlan } from './berth-plans.ts';
import { currentCallIndex } from '../../core/current-call.ts';
import { callState, type CallState } from './calls.ts';
import { CallTimesGrid } from './CallTimesGrid.tsx';
import { EtaHistory } from './EtaHistory.tsx';
import { requiredSpeed } from './required-speed.ts';
import { useHighlight } from './use-highlight.ts';

interface Props {
  voyage: CascadeResponse;
  vessel: VesselCurrent | null | undefined;
  berthPlans: Map<string, BerthPlan>;
  /** Index of the call to bring into view (from a notification), or -1. */
  highlighted: number;
}

const TAGS: Record<CallState, string | null> = {
  current: 'Current',
  omitted: 'Omitted',
  past: null,
  ahead: null,
};

export function VoyageTimeline({ voyage, vessel, berthPlans, highlighted }: Props) {
  const now = useNow(60_000);
  const heading = useRef<HTMLHeadingElement>(null);
  const target = highlighted >= 0 ? `call:${voyage.calls[highlighted]?.callSeq ?? ''}` : null;
  const on = useHighlight(target, true, heading);
  const current = currentCallIndex(voyage.calls);
  if (voyage.calls.length === 0) return <p className="muted">No current voyage.</p>;

  return (
    <ol className="timeline" aria-label={`Calls of voyage ${voyage.skdVoyNo ?? ''}${voyage.skdDirCd ?? ''}`}>
      {voyage.calls.map((c, i) => {
        const state = callState(c, i, current);
        const plan = berthPlans.get(c.portCd);
        const speed = speedOf(c, state, plan, vessel, now);
        const isTarget = i === highlighted;
        return (
          <li
            key={c.callSeq}
            className={`timeline__call timeline__call--${state}${isTarget ? ' timeline__call--target' : ''}${isTarget && on ? ' is-highlighted' : ''}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="timeline__node" aria-hidden="true" />
            <div className="timeline__body">
              <h3
                ref={isTarget ? heading : undefined}
                tabIndex={isTarget ? -1 : undefined}
                className="timeline__port"
              >
                <span className="timeline__code">{c.portCd}</span>{' '}
                <span className="timeline__name">{c.portNm}</span>
              </h3>
              <div className="timeline__tags">
                {TAGS[state] && <span className={`call-tag call-tag--${state}`}>{TAGS[state]}</span>}
                {isTarget && <span className="call-tag call-tag--notification">Notification</span>}
              </div>
              <dl className="timeline__facts">
                <div>
                  <dt>Terminal</dt>
                  <dd>{plan?.ydNm ?? c.ydNm ?? '-'}</dd>
                </div>
                {plan?.algsdNm && (
                  <div>
                    <dt>Alongside</dt>
                    <dd>{plan.algsdNm}</dd>
                  </div>
                )}
                {speed && (
                  <div>
                    <dt>Required speed</dt>
                    <dd>
                      {formatNumber(speed.kts, 1)} kts <span className="muted">({speed.from})</span>
                    </dd>
                  </div>
                )}
              </dl>
              <CallTimesGrid call={c} />
              <EtaHistory call={c} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The berth plan's required speed for a call still ahead; for the current call before arrival, the device's own. */
function speedOf(
  c: CascadeCall,
  state: CallState,
  plan: BerthPlan | undefined,
  vessel: VesselCurrent | null | undefined,
  now: number,
): { kts: number; from: string } | null {
  if (c.ata || c.atd || state === 'omitted' || state === 'past') return null;
  if (plan?.reqSpd !== null && plan?.reqSpd !== undefined) return { kts: plan.reqSpd, from: 'berth plan' };
  if (state !== 'current' || !vessel) return null;
  const kts = requiredSpeed(vessel, c, c.eta, now);
  return kts === null ? null : { kts, from: 'from position' };
}
