// How a call's ETA slid (product.md#eta-history): a button, collapsed by default, that says how many times the
// ETA moved and by how much in all; open, the first and the current ETA and the changes (when made, from → to, by how
// many hours, by whom). From the cascade the device keeps, so it shows offline too. No chart: it cost 266 B brotli of
// the first install, and the list says the same.
import { useId, useState } from 'react';
import type { CascadeCall } from '../../core/contract/vessel.ts';
import { formatTimeDate } from '../../core/format/format-date.ts';

const HOUR = 3_600_000;

/** Hours between two times as "+3 h" (later) or "−1.5 h" (earlier); "0 h" when equal. */
function shiftText(fromIso: string, toIso: string): string {
  const h = Math.round(((Date.parse(toIso) - Date.parse(fromIso)) / HOUR) * 10) / 10;
  return h === 0 ? '0 h' : `${h > 0 ? '+' : '−'}${Math.abs(h)} h`;
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
        ETA history: {n} {n === 1 ? 'change' : 'changes'}, {shiftText(h.firstEta, call.eta)}
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
                  {formatTimeDate(c.chgDt)} UTC · {c.chgBy}
                </span>
                <span className="eta-hist__move">
                  <span>
                    {formatTimeDate(c.fmEta)} → {formatTimeDate(c.toEta)}
                  </span>{' '}
                  <strong>{shiftText(c.fmEta, c.toEta)}</strong>
                </span>
              </li>
            ))}
          </ol>
          {n > h.chgs.length && (
            <p className="muted">
              The last {h.chgs.length} of {n} changes; times in UTC, + later, − earlier.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
