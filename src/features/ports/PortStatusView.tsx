// /port/status: the port's status, since when and why (the N009 fields stsNm, stsFrmDt, stsReasNm), and its recent
// changes, newest first.
import type { PortStatus, PortStatusEntry } from '../../core/contract/port.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';

const tone = (stsNm: string) => {
  const s = stsNm.toLowerCase();
  return s === 'open' ? 'open' : s === 'closed' ? 'closed' : 'restricted';
};

export function StatusPill({ stsNm }: { stsNm: string }) {
  return <span className={`status-pill status-pill--${tone(stsNm)}`}>{stsNm}</span>;
}

function Reason({ entry }: { entry: PortStatusEntry }) {
  return <>{entry.stsReasNm || 'No reason given'}</>;
}

export function PortStatusView({ status }: { status: PortStatus }) {
  const now = status.current;
  const changes = status.history;
  return (
    <>
      <section className="card" aria-labelledby="port-status-now">
        <h3 id="port-status-now" className="section-title">
          Current status
        </h3>
        {now ? (
          <dl className="facts">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusPill stsNm={now.stsNm} />
              </dd>
            </div>
            <div>
              <dt>From</dt>
              <dd>{formatTimeDateYear(now.stsFrmDt)} UTC</dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>
                <Reason entry={now} />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">This port has no status.</p>
        )}
      </section>
      <section className="card" aria-labelledby="port-status-changes">
        <h3 id="port-status-changes" className="section-title">
          Recent changes
        </h3>
        {changes.length === 0 ? (
          <p className="muted">No changes recorded.</p>
        ) : (
          <ol className="status-changes">
            {changes.map((e, i) => {
              // Newest first: each status lasted until the one above it began.
              const until = changes[i - 1]?.stsFrmDt;
              return (
                <li key={`${e.stsFrmDt}-${e.stsNm}`}>
                  <StatusPill stsNm={e.stsNm} />
                  <span className="status-changes__text">
                    <span>
                      {until ? 'from' : 'since'} {formatTimeDateYear(e.stsFrmDt)} UTC
                    </span>
                    {until && <span>until {formatTimeDateYear(until)} UTC</span>}
                    <span className="muted">
                      <Reason entry={e} />
                    </span>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
