// Quay's call rows (ovs.ts's CallRow) written as DCSA CS 1.0.3's pieces: the vessel, the call's location, its
// timestamps and its service and voyage. CS writes times as local times at the port with their offset.
import { callReference, locationName, type CallRow } from './ovs.ts';
import { zoneFormat } from '../../src/core/format/zone-format.ts';
import type { ErrorResponse as OvsErrorResponse } from './ovs-schemas.ts';
import type {
  ErrorResponse,
  PortScheduleLocation,
  ServicePartnerSchedule,
  Timestamp,
  TransportCall,
  Vessel,
} from './cs-schemas.ts';

/** The port's local date and time with its offset, as CS writes them. */
const LOCAL: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'longOffset',
};

/** An instant as the local time at a port, with its offset: 2026-11-18T22:00:00+08:00. */
export function localTime(at: Date, tz: string): string {
  // An imported port with a zone this runtime does not know (no formatter): its times are written in UTC.
  const f = zoneFormat(tz, LOCAL);
  if (!f) return `${at.toISOString().slice(0, 19)}Z`;
  const p = Object.fromEntries(f.formatToParts(at).map((part) => [part.type, part.value]));
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : (p.timeZoneName ?? '').replace('GMT', '');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** Text the standard's pattern takes (no space at either end), cut to its length; undefined when nothing is left. */
const clean = (value: string | null, max: number): string | undefined =>
  value ? locationName(value.slice(0, max)) : undefined;

export function vesselOf(r: CallRow): Vessel {
  const name = clean(r.vsl_nm, 50);
  const callSign = clean(r.call_sgn, 10);
  return {
    ...(r.imo_no && /^\d{7,8}$/.test(r.imo_no) ? { vesselIMONumber: r.imo_no } : {}),
    ...(r.mmsi && /^\d{9}$/.test(r.mmsi) ? { MMSINumber: r.mmsi } : {}),
    ...(name ? { name } : {}),
    ...(r.flag_cd && /^[A-Z]{2}$/.test(r.flag_cd) ? { flag: r.flag_cd } : {}),
    ...(callSign ? { callSign } : {}),
    // Quay's carrier codes are its own, neither SMDG's nor NMFTA's: no list provider is named.
    operatorCarrierCode: r.crr_cd.slice(0, 10),
  };
}

/** The port, with the terminal's SMDG code where known and its name as the facility's. */
export function locationOf(r: CallRow): PortScheduleLocation {
  const name = clean(r.port_nm, 100);
  const facility = clean(r.yd_nm, 100);
  return {
    UNLocationCode: r.port_cd,
    ...(name ? { locationName: name } : {}),
    ...(facility ? { facilityName: facility } : {}),
    ...(r.smdg_cd ? { facilitySMDGCode: r.smdg_cd.slice(0, 6) } : {}),
  };
}

/**
 * The call's times. CS's timestamps name no facility, so Quay's berth times (ETB, ATB) are left out: the arrival is
 * at port limits (proforma, estimated, actual), the departure from the berth.
 */
export function timestampsOf(r: CallRow): Timestamp[] {
  const stamp = (
    eventTypeCode: Timestamp['eventTypeCode'],
    eventClassifierCode: Timestamp['eventClassifierCode'],
    at: Date | null,
  ): Timestamp[] => (at ? [{ eventTypeCode, eventClassifierCode, eventDateTime: localTime(at, r.tz) }] : []);
  return [
    ...stamp('ARRI', 'PLN', r.pf_eta),
    ...stamp('ARRI', 'EST', r.eta),
    ...stamp('ARRI', 'ACT', r.ata),
    ...stamp('DEPA', 'EST', r.etd),
    ...stamp('DEPA', 'ACT', r.atd),
  ];
}

/** A voyage's number and direction, e.g. 0399E: a Quay voyage arrives and leaves on the same one. */
export const voyageOf = (r: CallRow): string => `${r.skd_voy_no}${r.skd_dir_cd}`;

export function transportCallOf(r: CallRow): TransportCall {
  return {
    transportCallReference: callReference(r),
    carrierImportVoyageNumber: voyageOf(r),
    carrierExportVoyageNumber: voyageOf(r),
    location: locationOf(r),
    timestamps: timestampsOf(r),
  };
}

/** The service and voyage of a call, as a port schedule names them. */
export function partnerOf(r: CallRow): ServicePartnerSchedule {
  return {
    ...(/^\S{1,4}$/.test(r.crr_cd) ? { carrierCode: r.crr_cd } : {}),
    carrierServiceName: clean(r.lane_nm, 50) ?? r.lane_cd,
    carrierServiceCode: r.lane_cd,
    carrierImportVoyageNumber: voyageOf(r),
    carrierExportVoyageNumber: voyageOf(r),
  };
}

/** A refusal in CS's words: its DetailedError spells errorCodeMessage, and requires it. */
export function csError(e: OvsErrorResponse): ErrorResponse {
  return {
    ...e,
    errors: e.errors.map(({ erorCodeMessage, ...rest }) => ({
      ...rest,
      errorCodeMessage: erorCodeMessage ?? rest.errorCodeText,
    })),
  };
}
