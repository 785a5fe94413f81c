// /vessel, /vessel/{vslCd} and /vessel/schedule: the vessel the address names (or the product.md#input-and-formatting-rules fallback) with what
// this device has of it: Follow, identity and current state, the particulars (folded), the map, the schedule widget
// (IBM_W2030), each with its age, and the past calls (folded, asked for when opened); /vessel/schedule shows the
// widget alone. A vessel user may open only its own vessel (product.md#who-may-do-what).
import { useSearch } from 'wouter';
import { DataAge } from '../ui/DataAge.tsx';
import { usePageData } from '../state/use-page-data.ts';
import { wantsScheduleWidget } from '../features/vessel/calls.ts';
import { ScheduleWidget } from '../features/vessel/ScheduleWidget.tsx';
import { SectionData } from '../features/vessel/SectionData.tsx';
import { useRememberVessel, VesselGate } from '../features/vessel/VesselGate.tsx';
import { VesselMap } from '../features/vessel/VesselMap.tsx';
import { VesselSummary } from '../features/vessel/VesselSummary.tsx';
import { VesselParticulars } from '../features/vessel/VesselParticulars.tsx';
import { PageActions } from '../features/share/PageActions.tsx';
import { UnknownCode } from '../ui/UnknownCode.tsx';
import { FollowButton } from '../features/vessel/FollowButton.tsx';
import { PastCalls } from '../features/vessel/PastCalls.tsx';

export function VesselPage({ vslCd, view = 'vessel' }: { vslCd?: string; view?: 'vessel' | 'schedule' }) {
  return (
    <VesselGate vslCd={vslCd}>
      {(code) => (view === 'schedule' ? <ScheduleOnly vslCd={code} /> : <VesselData vslCd={code} />)}
    </VesselGate>
  );
}

function VesselData({ vslCd }: { vslCd: string }) {
  const search = useSearch();
  const vessel = usePageData('vessel', vslCd);
  const cascade = usePageData('cascade', vslCd);
  const track = usePageData('track', vslCd);
  useRememberVessel(vslCd, !!vessel.data);
  // A code the server knows nothing by: one plain "not found", no Share, calendar or map (product.md#unknown-codes).
  if (!vessel.data && vessel.error?.notFound) return <UnknownCode what="vessel" code={vslCd} />;
  const age = <DataAge syncedAt={vessel.syncedAt} loading={vessel.loading} error={vessel.error} />;
  const name = vessel.data?.vslNm ?? `Vessel ${vslCd}`;
  return (
    <div className="stack vessel-page">
      <div className="vessel-page__top">
        {vessel.data && <FollowButton vslCd={vslCd} vslNm={vessel.data.vslNm} />}
        <PageActions
          path={`/vessel/${vslCd}`}
          title={name}
          calendar={{ kind: 'vessel', code: vslCd, name }}
        />
      </div>
      {vessel.data ? (
        <VesselSummary vessel={vessel.data} age={age}>
          <VesselParticulars vessel={vessel.data} />
        </VesselSummary>
      ) : (
        <section className="card" aria-labelledby="vessel-code">
          <h2 id="vessel-code" className="card__heading">
            Vessel {vslCd}
          </h2>
          {age}
          <SectionData page={vessel}>{() => null}</SectionData>
        </section>
      )}
      <VesselMap vessel={vessel.data} track={track} cascade={cascade.data} />
      <ScheduleWidget page={cascade} highlight={wantsScheduleWidget(search)} />
      {vessel.data && <PastCalls vslCd={vslCd} />}
    </div>
  );
}

function ScheduleOnly({ vslCd }: { vslCd: string }) {
  const search = useSearch();
  const cascade = usePageData('cascade', vslCd);
  useRememberVessel(vslCd, !!cascade.data);
  return (
    <div className="stack vessel-page vessel-page--schedule">
      <p className="schedule__vessel">
        {cascade.data ? `${cascade.data.vslNm} (${cascade.data.vslCd})` : `Vessel ${vslCd}`}
      </p>
      <ScheduleWidget page={cascade} highlight={wantsScheduleWidget(search)} />
    </div>
  );
}
