// Port to port (product.md#port-to-port): the vessels that call at one port and then at another, from the compact
// schedule set. The server answers its route with it and the worker answers with it at sea, so both say the same.
import type { Sailing, ScheduleSet } from './contract/sailings.ts';

const MIN_MS = 60_000;
const DAY_MS = 24 * 60 * MIN_MS;

/** Sailings leaving `fromCd` between `nowMs` and `weeks` weeks later that call at `toCd` later on the same voyage. */
export function findSailings(
  set: ScheduleSet,
  fromCd: string,
  toCd: string,
  nowMs: number,
  weeks: number,
): Sailing[] {
  const base = Date.parse(set.base);
  const at = (min: number) => base + min * MIN_MS;
  const until = nowMs + weeks * 7 * DAY_MS;
  const out: Sailing[] = [];
  for (const s of set.services)
    for (const v of s.voyages) {
      const i = v.calls.findIndex(([port, , etd]) => port === fromCd && at(etd) >= nowMs && at(etd) < until);
      if (i < 0) continue;
      const j = v.calls.findIndex(([port], k) => k > i && port === toCd);
      const dep = v.calls[i];
      const arr = v.calls[j];
      if (!dep || !arr) continue;
      out.push({
        laneCd: s.laneCd,
        laneNm: s.laneNm,
        crrCd: s.crrCd,
        crrBgColrVal: s.bg,
        crrFgColrVal: s.fg,
        vslCd: v.vslCd,
        vslNm: v.vslNm,
        voyNo: v.voyNo,
        etd: new Date(at(dep[2])).toISOString(),
        eta: new Date(at(arr[1])).toISOString(),
        transitDays: Math.round(((arr[1] - dep[2]) * MIN_MS * 10) / DAY_MS) / 10,
      });
    }
  return out.sort(
    (a, b) => a.etd.localeCompare(b.etd) || a.transitDays - b.transitDays || a.vslCd.localeCompare(b.vslCd),
  );
}

/** The window the search covers, as the answers state it. */
export function sailingsWindow(nowMs: number, weeks: number): { from: string; to: string } {
  return { from: new Date(nowMs).toISOString(), to: new Date(nowMs + weeks * 7 * DAY_MS).toISOString() };
}
