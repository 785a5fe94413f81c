// How a call's ETA slid (product.md#eta-history): a button, collapsed by default, that says how many times the
// ETA moved and how far in all ("3 h later in all"); open, the first and the current ETA and the changes (when made,
// from → to, how far in words, by whom: the user's name). From the cascade the device keeps, so it shows offline too.
// No chart: it cost 266 B brotli of the first install, and the list says the same.
import { useId, useState } from 'react';
import type { CascadeCall } from '../../core/contract/vessel.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';
import { etaMoveWords } from '../../core/format/format-delay.ts';

const HOUR = 3_600_000;

/** How far the ETA went from one time to another, in words: "3 h later", "1.5 h earlier". */
const moved = (fromIso: string, toIso: string): string =>
  etaMoveWords((Date.parse(toIso) - Date.parse(fromIso)) / HOUR);

/** In all, from the first ETA to the current one: "3 h later in all", or back where it began. */
function inAll(fromIso: string, toIso: string): string {
  const words = moved(fromIso, toIso);
  return words === 'no change' ? 'back to the first ETA' : `${words} in all`;
}

export function EtaHistory({ call }: { call: CascadeCall }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const h = call.etaHist;
  if (!h) return null;
  const n = h.chgCnt;
  return (
    <div className="eta-hist">
      <button
        type="button"
        className="eta-hist__toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        ETA history: {n} {n === 1 ? 'change' : 'changes'}, {inAll(h.firstEta, call.eta)}
      </button>
      {open && (
        <div id={id} className="eta-hist__panel" role="region" aria-label={`ETA history at ${call.portCd}`}>
          <dl className="call-times">
            <div>
              <dt>First ETA</dt>
              <dd>{formatTimeDate(h.firstEta)}</dd>
            </div>
            <div>
              <dt>{call.ata ? 'Last ETA' : 'Current ETA'}</dt>
              <dd>{formatTimeDate(call.eta)}</dd>
            </div>
          </dl>
          <ol className="eta-hist__list" aria-label={`ETA changes at ${call.portCd}`}>
            {h.chgs.map((c, i) => (
              <li key={i}>
                <span className="muted">
                  {formatTimeDate(c.chgDt)} UTC · {c.chgByNm ?? c.chgBy}
                </span>
                <span className="eta-hist__move">
                  <span>
                    {formatTimeDate(c.fmEta)} → {formatTimeDate(c.toEta)}
                  </span>{' '}
                  <strong>{moved(c.fmEta, c.toEta)}</strong>
                </span>
              </li>
            ))}
          </ol>
          {n > h.chgs.length && (
            <p className="muted">
              The last {h.chgs.length} of {n} changes; times in UTC.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
