// The list of a vessel's past calls, loaded on first use (PastCalls.tsx, when the section is first opened): the
// window's first page carries none of it.
import type { PastCall } from '../../core/contract/vessel.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { DataAge } from '../../ui/DataAge.tsx';
import { usePageData } from '../../state/use-page-data.ts';
import { formatPortTime } from './port-time.ts';
import { SectionData } from './SectionData.tsx';

export default function PastCallList({ vslCd }: { vslCd: string }) {
  const page = usePageData('pastCalls', vslCd);
  return (
    <>
      <DataAge syncedAt={page.syncedAt} loading={page.loading} error={page.error} />
      <SectionData page={page}>
        {(data) =>
          data.calls.length === 0 ? (
            <p className="muted">No calls before this voyage.</p>
          ) : (
            <ol className="past-calls" aria-label="Past calls, newest first">
              {data.calls.map((c) => (
                <PastCallRow key={`${c.skdVoyNo}${c.skdDirCd}-${c.portCd}-${c.atd}`} call={c} />
              ))}
            </ol>
          )
        }
      </SectionData>
    </>
  );
}

function PastCallRow({ call: c }: { call: PastCall }) {
  const times: [string, string][] = [
    [c.ata ? 'ATA' : 'ETA', c.ata ?? c.eta],
    ['ATD', c.atd],
  ];
  return (
    <li className="past-calls__call">
      <p className="past-calls__port">
        <span className="timeline__code">{c.portCd}</span> {c.portNm}{' '}
        <span className="muted">
          · voyage {c.skdVoyNo}
          {c.skdDirCd}
        </span>
      </p>
      <dl className="call-times">
        {times.map(([label, at]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {formatTimeDate(at)}
              <span className="call-times__local">{formatPortTime(at, c.tz)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
