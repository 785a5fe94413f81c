// The detail of a notification (product.md#what-the-app-holds fields, camelCase), built per type from a vessel's call and
// a port's status the way the simulator words them. Pure: the caller loads the rows.
import type { Rng } from './rng.ts';
import { HOUR, fmtUtc, iso, isoOrNull } from './time.ts';
import type { CallTimesRow } from '../http/rows.ts';
import { etaMoveWords, formatDelayHours } from '../../src/core/format/format-delay.ts';

export interface CallRow extends CallTimesRow {
  port_cd: string;
  call_seq: number;
}

export interface DetailContext {
  notId: string;
  now: number;
  rng: Rng;
  vessel: { vslCd: string; vslNm: string; laneCd: string; svcSpd: number | null } | null;
  voyage: { voyNo: string; dirCd: string } | null;
  call: CallRow | null;
  nextCall: CallRow | null;
  portCd: string | null;
  status: { stsNm: string; stsFrmDt: number; stsReasNm: string } | null;
  /** Nautical miles from the vessel's last position to the port (for the berth plan's required speed). */
  distanceNm: number | null;
  algsdNm: string;
  creUsrId: string;
  /** N001/N003: the ETA before the change (ms); absent or null: a plausible one is made up. */
  prevEta?: number | null;
  /** N010: what the user's alert rule saw; absent or null: an ETA change. */
  alert?: AlertNote | null;
}

/** N010 "My Alert": the event a user's own rule matched (product.md#my-alerts), and its hours for an ETA rule. */
export interface AlertNote {
  event: 'ETA' | 'ATA' | 'ATB' | 'ATD';
  hrs: number | null;
}

export type Detail = Record<string, string | number | null>;

const VESSEL_NOTICES = [
  'Weather routing advisory: heavy swell expected on the next leg, consider adjusting speed.',
  'Please submit pre-arrival documents (crew list, ISPS declaration) 72 hrs before arrival at {port}.',
  'Bunker plan confirmed at {port}: 1,800 mt VLSFO and 120 mt MGO by barge after berthing.',
  'Crew change at {port} confirmed for 6 crew; agent will arrange launch and immigration.',
  'Ballast water reporting form required 24 hrs before arrival at {port}.',
  'Reefer monitoring: 3 units flagged for temperature deviation, please check and report.',
];
const SYSTEM_NOTICES = [
  'Scheduled maintenance of Quay on {day} 02:00-03:00 UTC. Offline features remain available.',
  'A new version of Quay is available. Pull down to refresh.',
  'Notification settings can now be changed per type from the Notification drawer.',
];

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);

/**
 * The delay a notification states (etaDelayHrs, positive = ahead): against the call's proforma ETA, as the vessel and
 * port pages show it; null when the call has none (the caller then states the ETA's change).
 */
const scheduleDelay = (call: CallRow | null, eta: number): number | null =>
  call?.pf_eta ? Math.round(((call.pf_eta.getTime() - eta) / HOUR) * 10) / 10 : null;

export function buildDetail(c: DetailContext): Detail {
  const port = c.portCd ?? '';
  const call = c.call;
  const eta = ms(call?.eta ?? null);
  const d: Detail = {
    vslNm: c.vessel?.vslNm ?? null,
    portCd: c.portCd,
    skdVoyNo: c.voyage?.voyNo ?? null,
    skdDirCd: c.voyage?.dirCd ?? null,
    etaDt: null,
    etbDt: null,
    etdDt: null,
    ataDt: null,
    atdDt: null,
    etaDelayHrs: null,
    prevEtaDt: null,
    vslSlanCd: c.vessel?.laneCd ?? null,
    ydNm: null,
    algsdNm: null,
    reqSpd: null,
    stsNm: null,
    stsFrmDt: null,
    stsReasNm: null,
    notMsg: null,
    creUsrId: c.creUsrId,
    creUtcDt: iso(c.now),
  };
  const withCall = () => {
    if (!call) return;
    d.etaDt = isoOrNull(eta);
    d.etbDt = isoOrNull(ms(call.etb));
    d.etdDt = isoOrNull(ms(call.etd));
    d.ydNm = call.yd_nm;
  };
  const name = c.vessel?.vslNm ?? 'The vessel';
  switch (c.notId) {
    case 'N001': {
      withCall();
      if (eta == null) break;
      const shift =
        c.prevEta != null
          ? (eta - c.prevEta) / HOUR
          : c.rng.pick([-5, -3.5, -2, -1.5, 1, 1.5, 2.5, 3, 4.5, 6]);
      const prev = eta - shift * HOUR;
      d.prevEtaDt = iso(prev);
      d.etaDelayHrs = scheduleDelay(call, eta) ?? Math.round(-shift * 10) / 10;
      d.notMsg = `ETA at ${port} changed from ${fmtUtc(prev)} to ${fmtUtc(eta)} (UTC).`;
      return d;
    }
    case 'N002':
      withCall();
      if (call)
        d.notMsg = `ETA at ${port}: ${fmtUtc(eta as number)} (UTC), ETB ${fmtUtc(call.etb.getTime())}, ETD ${fmtUtc(call.etd.getTime())}.`;
      break;
    case 'N003': {
      withCall();
      if (eta == null) break;
      const delay =
        scheduleDelay(call, eta) ??
        (c.prevEta != null
          ? Math.round(((c.prevEta - eta) / HOUR) * 10) / 10
          : c.rng.pick([-12, -8, -6.5, -5, -3.5, -2, 1.5, 3]));
      d.etaDelayHrs = delay;
      d.prevEtaDt = iso(c.prevEta ?? eta + delay * HOUR);
      // The app's words for early and late (product.md#input-and-formatting-rules): "3 h late", "on time", never "0 h".
      d.notMsg = `${name} is ${formatDelayHours(delay)} for ${port} (ETA ${fmtUtc(eta)} UTC).`;
      return d;
    }
    case 'N004': {
      withCall();
      d.algsdNm = c.algsdNm;
      if (!call || eta == null) break;
      const hoursLeft = (eta - c.now) / HOUR;
      if (c.distanceNm != null && hoursLeft > 1)
        d.reqSpd = Math.round(Math.min(24, Math.max(6, c.distanceNm / hoursLeft)) * 10) / 10;
      d.notMsg =
        `Berth plan at ${call.yd_nm ?? port} (${port}): ETB ${fmtUtc(call.etb.getTime())}, ETD ${fmtUtc(call.etd.getTime())} (UTC), ${c.algsdNm} alongside.` +
        (d.reqSpd != null ? ` Required speed ${d.reqSpd} kts.` : '');
      return d;
    }
    case 'N005': {
      withCall();
      const ata = ms(call?.ata ?? null) ?? eta;
      d.ataDt = isoOrNull(ata);
      if (ata != null) d.notMsg = `${name} arrived at ${port} port limits at ${fmtUtc(ata)} UTC.`;
      return d;
    }
    case 'N006': {
      withCall();
      const atd = ms(call?.atd ?? null) ?? ms(call?.etd ?? null);
      d.atdDt = isoOrNull(atd);
      if (atd == null) break;
      const next = c.nextCall;
      d.notMsg =
        `${name} departed ${port} at ${fmtUtc(atd)} UTC.` +
        (next ? ` Next port ${next.port_cd}, ETA ${fmtUtc(next.eta.getTime())} UTC.` : '');
      return d;
    }
    case 'N007':
      d.notMsg = c.rng.pick(VESSEL_NOTICES).replace('{port}', port || 'the next port');
      return d;
    case 'N008': {
      withCall();
      d.algsdNm = c.algsdNm;
      const ata = ms(call?.ata ?? null) ?? eta;
      d.ataDt = isoOrNull(ata);
      if (call)
        d.notMsg = `${name} arrived at ${port}, berthing ${c.algsdNm} at ${call.yd_nm ?? port}, ETB ${fmtUtc(call.etb.getTime())} UTC.`;
      return d;
    }
    case 'N009': {
      withCall();
      const s = c.status ?? { stsNm: 'Open', stsFrmDt: c.now, stsReasNm: '' };
      d.stsNm = s.stsNm;
      d.stsFrmDt = iso(s.stsFrmDt);
      d.stsReasNm = s.stsReasNm;
      d.notMsg = `Port status of ${port}: ${s.stsNm} since ${fmtUtc(s.stsFrmDt)} (UTC)${s.stsReasNm ? ` - ${s.stsReasNm}` : ''}.`;
      return d;
    }
    case 'N020': {
      withCall();
      if (eta == null) break;
      const left = (eta - c.now) / HOUR;
      d.notMsg =
        left > 0
          ? `Reminder: ETA at ${port} in ${Math.round(left)} hrs (${fmtUtc(eta)} UTC).`
          : `Reminder: ETA at ${port} was ${fmtUtc(eta)} UTC.`;
      return d;
    }
    case 'N010':
      return myAlert(c, d, withCall);
    case 'N101':
      d.creUsrId = 'SYSTEM';
      d.notMsg = c.rng.pick(SYSTEM_NOTICES).replace('{day}', fmtUtc(c.now + 3 * 24 * HOUR).slice(6));
      return d;
  }
  d.notMsg ??= `${name}: schedule update for ${port || 'the voyage'}.`;
  return d;
}

/** N010: the words of the event the rule matched, with its times; an ETA change states the move and the delay. */
function myAlert(c: DetailContext, d: Detail, withCall: () => void): Detail {
  withCall();
  const call = c.call;
  const name = c.vessel?.vslNm ?? 'The vessel';
  const port = c.portCd ?? 'the port';
  const event = c.alert?.event ?? 'ETA';
  const eta = ms(call?.eta ?? null);
  if (event === 'ETA') {
    if (eta == null) return d;
    const prev = c.prevEta ?? eta - 2 * HOUR;
    const moved = (eta - prev) / HOUR;
    d.prevEtaDt = iso(prev);
    d.etaDelayHrs = scheduleDelay(call, eta) ?? Math.round(-moved * 10) / 10;
    const limit = c.alert?.hrs != null ? ` (your alert: more than ${c.alert.hrs} h)` : '';
    // "moved 4 h later": where the ETA went; the detail's Schedule row says where the call stands (early or late).
    d.notMsg = `${name}: ETA at ${port} moved ${etaMoveWords(moved)}, from ${fmtUtc(prev)} to ${fmtUtc(eta)} UTC${limit}.`;
    return d;
  }
  const at =
    event === 'ATA' ? ms(call?.ata ?? null) : event === 'ATB' ? ms(call?.atb ?? null) : ms(call?.atd ?? null);
  if (event === 'ATA') d.ataDt = isoOrNull(at);
  if (event === 'ATD') d.atdDt = isoOrNull(at);
  const verb = event === 'ATA' ? 'arrived at' : event === 'ATB' ? 'berthed at' : 'left';
  d.notMsg = `${name} ${verb} ${port}${at != null ? ` at ${fmtUtc(at)} UTC` : ''}.`;
  return d;
}
