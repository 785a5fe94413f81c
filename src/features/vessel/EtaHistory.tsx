// How a call's ETA slid (product.md §3 "ETA history"): a button, collapsed by default, that says how many times the
// ETA moved and by how much in all; open, the first and the current ETA, a small step chart and the changes (when
// made, from → to, by how many hours, by whom). From the cascade the device keeps, so it shows offline too.
import { useId, useState } from 'react';
import type { CascadeCall, EtaHistory as History } from '../../core/contract/vessel.ts';
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
          <EtaChart history={h} />
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

/** The ETA after each change, in hours from the first ETA, as a step line; the zero line is the first ETA. */
function EtaChart({ history }: { history: History }) {
  const first = Date.parse(history.firstEta);
  const ys = [history.chgs[0]?.fmEta ?? history.firstEta, ...history.chgs.map((c) => c.toEta)].map(
    (t) => (Date.parse(t) - first) / HOUR,
  );
  const lo = Math.min(0, ...ys);
  const span = Math.max(1, Math.max(0, ...ys) - lo);
  const W = 300;
  const H = 48;
  const x = (i: number) => (i * W) / (ys.length - 1 || 1);
  const y = (v: number) => 4 + ((H - 8) * (span - (v - lo))) / span;
  const d = ys.map((v, i) => (i === 0 ? `M0 ${y(v)}` : `H${x(i)} V${y(v)}`)).join(' ');
  const last = ys.at(-1) ?? 0;
  return (
    <svg
      className="eta-hist__chart"
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Chart: the ETA ends ${shiftText(history.firstEta, new Date(first + last * HOUR).toISOString())} from the first ETA`}
    >
      <line x1="0" x2={W} y1={y(0)} y2={y(0)} className="eta-hist__zero" />
      <path d={d} className="eta-hist__line" />
    </svg>
  );
}
