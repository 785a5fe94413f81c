// The schedule widget (product.md#routes, IBM_W2030): the current voyage's port calls with ETA/ETB/ETD or their actuals, the
// delay of each, the current call and omitted calls marked. `?widgetPath=IBM_W2030` scrolls here and outlines it.
import { useRef } from 'react';
import type { CascadeResponse } from '../../core/contract/vessel.ts';
import { DataAge } from '../../ui/DataAge.tsx';
import { HelpLink } from '../../ui/HelpLink.tsx';
import type { PageData } from '../../state/use-page-data.ts';
import { currentCallIndex } from '../../core/current-call.ts';
import { callState, SCHEDULE_WIDGET } from './calls.ts';
import { CallTimesGrid } from './CallTimesGrid.tsx';
import { EtaHistory } from './EtaHistory.tsx';
import { SectionData } from './SectionData.tsx';
import { useHighlight } from './use-highlight.ts';

const STATE_TEXT = { current: 'Current', omitted: 'Omitted', past: null, ahead: null } as const;

export function ScheduleWidget({ page, highlight }: { page: PageData<CascadeResponse>; highlight: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const on = useHighlight(highlight ? SCHEDULE_WIDGET : null, !!page.data, heading);
  return (
    <section
      id={SCHEDULE_WIDGET}
      className={`card schedule${on ? ' is-highlighted' : ''}`}
      aria-labelledby="schedule-heading"
    >
      <div>
        <h2 id="schedule-heading" ref={heading} tabIndex={-1} className="card__heading">
          Schedule
        </h2>
        <p className="muted">
          {page.data?.skdVoyNo && (
            <>
              Voyage {page.data.skdVoyNo}
              {page.data.skdDirCd} ·{' '}
            </>
          )}
          times in UTC · <HelpLink />
        </p>
      </div>
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      <SectionData page={page}>{(data) => <ScheduleList data={data} />}</SectionData>
    </section>
  );
}

function ScheduleList({ data }: { data: CascadeResponse }) {
  if (data.calls.length === 0) return <p className="muted">No current voyage.</p>;
  const current = currentCallIndex(data.calls);
  return (
    <ol className="schedule__list">
      {data.calls.map((c, i) => {
        const state = callState(c, i, current);
        const mark = STATE_TEXT[state];
        return (
          <li
            key={`${c.callSeq}`}
            className={`schedule__call schedule__call--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <div className="schedule__port">
              <span className="schedule__code">{c.portCd}</span>
              <span className="schedule__name">{c.portNm}</span>
              {mark && <span className={`call-tag call-tag--${state}`}>{mark}</span>}
            </div>
            {c.ydNm && <p className="schedule__terminal muted">{c.ydNm}</p>}
            <CallTimesGrid call={c} />
            <EtaHistory call={c} />
          </li>
        );
      })}
    </ol>
  );
}
