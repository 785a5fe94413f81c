// /voyage and /voyage/{vslCd}, vessel users' home: the vessel's current voyage as a timeline of its calls, from the
// device first. Opened from a notification (notSeq, notId, portCd in the query, product.md#screens-and-routes), the call at that port is
// scrolled to and outlined. A vessel user may open only its own vessel (product.md#who-may-do-what).
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { formatTimeDate } from '../core/format/format-date.ts';
import { serviceLink } from '../core/link.ts';
import { DataAge } from '../ui/DataAge.tsx';
import { usePageData } from '../state/use-page-data.ts';
import { currentCallIndex } from '../core/current-call.ts';
import { highlightedCallIndex, notificationQuery } from '../features/vessel/calls.ts';
import { SectionData } from '../features/vessel/SectionData.tsx';
import { useBerthPlans } from '../features/vessel/use-berth-plans.ts';
import { useWarmPage } from '../features/vessel/use-warm-page.ts';
import { useRememberVessel, VesselGate } from '../features/vessel/VesselGate.tsx';
import { VoyageTimeline } from '../features/vessel/VoyageTimeline.tsx';
import { userState } from '../state/app-state.ts';
import { CarrierMark } from '../features/vessel/VesselSummary.tsx';
import { PageActions } from '../features/share/PageActions.tsx';
import { UnknownCode } from '../ui/UnknownCode.tsx';
import { HelpLink } from '../ui/HelpLink.tsx';

export function VoyagePage({ vslCd }: { vslCd?: string }) {
  return <VesselGate vslCd={vslCd}>{(code) => <VoyageData vslCd={code} />}</VesselGate>;
}

function VoyageData({ vslCd }: { vslCd: string }) {
  const search = useSearch();
  const snap = useSnapshot(userState);
  const query = notificationQuery(search);
  const vessel = usePageData('vessel', vslCd);
  const cascade = usePageData('cascade', vslCd);
  // A vessel user's own vessel: keep the vessel page's map data on the device too.
  useWarmPage('track', snap.vesselCode === vslCd ? vslCd : null);
  const plans = useBerthPlans(vslCd, cascade.data);
  useRememberVessel(vslCd, !!vessel.data || !!cascade.data);
  const v = vessel.data;
  const voyage = cascade.data;
  // No vessel by this code, so no voyage: one plain "not found" (product.md#unknown-codes).
  if (!v && vessel.error?.notFound) return <UnknownCode what="vessel" code={vslCd} />;
  const calls = voyage?.calls ?? [];
  const current = currentCallIndex(calls);
  const highlighted = highlightedCallIndex(calls, query.portCd, current);
  const now = calls[current];
  const lane = voyage?.laneCd ?? v?.vslSlanCd ?? null;

  // Until the device has answered for the vessel, its voyage and its berth plans, nothing: the summary drawn from one
  // and then grown by another (its next call, its carrier, a berth plan) pushed the port calls down (a layout shift
  // of about 0.2).
  if (vessel.data === undefined || cascade.data === undefined || plans === undefined)
    return <div className="stack voyage-page" aria-busy="true" />;

  return (
    <div className="stack voyage-page">
      <PageActions path={`/voyage/${vslCd}`} title={voyage?.vslNm ?? v?.vslNm ?? `Vessel ${vslCd}`} />
      <section className="card" aria-labelledby="voyage-heading">
        <div className="card__row">
          {v && <CarrierMark crrCd={v.crrCd} bg={v.crrBgColrVal} fg={v.crrFgColrVal} />}
          <h2 id="voyage-heading" className="card__heading">
            {voyage?.vslNm ?? v?.vslNm ?? 'Vessel'} <span className="muted">({vslCd})</span>
          </h2>
        </div>
        <dl className="facts">
          <div>
            <dt>Voyage</dt>
            <dd>{voyage?.skdVoyNo ? `${voyage.skdVoyNo}${voyage.skdDirCd ?? ''}` : '-'}</dd>
          </div>
          {/* Always two lines tall, so that the calls below do not move when the voyage arrives. */}
          <div>
            <dt>{now?.ata ? 'In port' : 'Next call'}</dt>
            <dd className="facts__two-lines">
              {now ? (
                <>
                  {now.portCd} {now.portNm}
                  <br />
                  {now.ata ? `ATA ${formatTimeDate(now.ata)}` : `ETA ${formatTimeDate(now.eta)}`} UTC
                </>
              ) : (
                '-'
              )}
            </dd>
          </div>
          <div>
            <dt>Service</dt>
            <dd>
              {lane ? (
                <Link className="facts__link" href={serviceLink(lane)}>
                  {v?.laneNm ? `${v.laneNm} (${lane})` : lane}
                </Link>
              ) : (
                '-'
              )}
            </dd>
          </div>
        </dl>
        {query.portCd && voyage && highlighted < 0 && (
          <p className="muted">The notification&apos;s port {query.portCd} is not a call of this voyage.</p>
        )}
      </section>
      <section className="card" aria-labelledby="timeline-heading">
        <div>
          <h2 id="timeline-heading" className="card__heading">
            Port calls
          </h2>
          <p className="muted">
            Times in UTC; A* are actual times. <HelpLink />
          </p>
        </div>
        <DataAge syncedAt={cascade.syncedAt} loading={cascade.loading} error={cascade.error} />
        <SectionData page={cascade}>
          {(data) => <VoyageTimeline voyage={data} vessel={v} berthPlans={plans} highlighted={highlighted} />}
        </SectionData>
      </section>
    </div>
  );
}
