// NMEA 0183 AIS sentences (!AIVDM, !AIVDO) in, the few facts Quay keeps out: positions (messages 1, 2, 3, 18, 19)
// and static data (5, 19, 24). A bad sentence is counted by reason and dropped, never thrown (integration.md#ais-positions-in).
import AisParser, { type AisMessage } from 'aisparser';

/** Why a sentence was dropped; each has its counter. */
const DROP_REASONS = [
  /** The `*hh` checksum does not match the sentence. */
  'checksum',
  /** Not an AIS sentence, or not one NMEA 0183 can hold: wrong field count, bad characters, bad part numbers. */
  'garbage',
  /** Too few bits for its message type, or a part of a multi-sentence message missing. */
  'truncated',
  /** A message type Quay does not read (base stations, aids to navigation, binary and safety messages…). */
  'otherType',
  /** A position report that says its position is not available (latitude 91, longitude 181). */
  'noPosition',
  /** A value no vessel can have: a latitude past 90, an MMSI of 0. */
  'outOfRange',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface PositionReport {
  kind: 'position';
  type: 1 | 2 | 3 | 18 | 19;
  mmsi: number;
  lat: number;
  lon: number;
  /** Knots; null when not available. */
  sog: number | null;
  /** Degrees true; null when not available. */
  cog: number | null;
  /** True heading in whole degrees; null when not available (511). */
  heading: number | null;
  /** ITU-R M.1371 navigational status 0-14 (class A only); null when not defined (15) or class B. */
  navStatus: number | null;
  /** The second of the UTC minute the fix was taken; null when not available. */
  second: number | null;
}

/** The AIS ETA: month, day, hour and minute in UTC, without a year. Hour and minute null when not given. */
export interface AisEta {
  month: number;
  day: number;
  hour: number | null;
  minute: number | null;
}

export interface StaticReport {
  kind: 'static';
  type: 5 | 19 | 24;
  mmsi: number;
  /** Seven digits, or null. */
  imo: string | null;
  callSign: string | null;
  name: string | null;
  /** ITU ship and cargo type (70-79 cargo ships); null when not given. */
  shipType: number | null;
  /** Bow to stern and port to starboard, in metres, from the antenna's distances; null when not given. */
  lengthM: number | null;
  beamM: number | null;
  destination: string | null;
  eta: AisEta | null;
  draughtM: number | null;
}

export type Decoded = PositionReport | StaticReport;

export interface DecodeStats {
  /** Lines handed to the decoder. */
  sentences: number;
  /** Reports made (a message 19 makes two). */
  decoded: number;
  dropped: Record<DropReason, number>;
}

/** A multi-sentence message waiting for its next part. */
interface Pending {
  count: number;
  next: number;
  payload: string;
}

const NOTHING: readonly Decoded[] = Object.freeze([]);
/** Sequential message IDs are 0-9 per channel; more waiting messages than this are a broken feed. */
const MAX_PENDING = 40;
const NA_LAT = 91;
/** The characters of AIS 6-bit armouring: '0' to 'W' and '`' to 'w'. */
const ARMOUR = /^[0-W`-w]+$/;

const text = (s: string): string | null => s.trim() || null;
const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
/** A value within [lo, hi], else null. */
const within = (x: number, lo: number, hi: number): number | null =>
  Number.isFinite(x) && x >= lo && x <= hi ? x : null;

/** The XOR of the characters between `!` and `*`, as NMEA 0183 checks a sentence. */
function checksumOk(line: string, star: number): boolean {
  let sum = 0;
  for (let i = 1; i < star; i++) sum ^= line.charCodeAt(i);
  const given = parseInt(line.slice(star + 1, star + 3), 16);
  return given === sum && /^[0-9A-Fa-f]{2}$/.test(line.slice(star + 1));
}

/** A sentence's count or number field: one digit 1-9. */
const digit = (s: string | undefined): number =>
  s?.length === 1 && s >= '1' && s <= '9' ? s.charCodeAt(0) - 48 : 0;

/**
 * One decoder per feed: multi-sentence messages are put together from that feed's sentences only. aisparser
 * decodes the payload; this class checks the sentence, assembles the parts (a lost part drops its message alone,
 * where the library's own assembly also drops the next one with the same sequence ID) and the values' ranges.
 */
export class AisDecoder {
  readonly stats: DecodeStats = {
    sentences: 0,
    decoded: 0,
    dropped: Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>,
  };
  private readonly parser = new AisParser();
  private readonly pending = new Map<string, Pending>();

  private drop(reason: DropReason): readonly Decoded[] {
    this.stats.dropped[reason]++;
    return NOTHING;
  }

  /** A line the feed would not hand on (one far too long): counted as a sentence, dropped for `reason`. */
  reject(reason: DropReason): void {
    this.stats.sentences++;
    this.stats.dropped[reason]++;
  }

  /** One line of a feed in; the reports it completes out (none while a multi-sentence message waits for more). */
  decode(raw: string): readonly Decoded[] {
    this.stats.sentences++;
    let line = raw.trim();
    // An IEC 61162-450 tag block (\s:station,c:time*hh\) before the sentence, as aggregators send it.
    if (line.charCodeAt(0) === 92) line = line.slice(line.indexOf('\\', 1) + 1);
    const star = line.length - 3;
    if (line.charCodeAt(0) !== 33 || line.charCodeAt(star) !== 42) return this.drop('garbage');
    const kind = line.slice(3, 7);
    if (kind !== 'VDM,' && kind !== 'VDO,') return this.drop('garbage');
    if (!checksumOk(line, star)) return this.drop('checksum');
    const f = line.slice(0, star).split(',');
    const count = digit(f[1]);
    const index = digit(f[2]);
    const fill = f[6] ?? '';
    if (f.length !== 7 || !count || !index || index > count || !/^[0-5]$/.test(fill))
      return this.drop('garbage');
    const channel = f[4] ?? '';
    let payload = f[5] ?? '';
    if (count > 1) {
      const key = `${f[3] ?? ''},${channel}`;
      const waiting = this.pending.get(key);
      if (index === 1) {
        if (waiting) this.stats.dropped.truncated++;
        if (this.pending.size >= MAX_PENDING) this.pending.clear();
        this.pending.set(key, { count, next: 2, payload });
        return NOTHING;
      }
      if (!waiting || waiting.next !== index || waiting.count !== count) {
        this.pending.delete(key);
        return this.drop('truncated');
      }
      waiting.payload += payload;
      waiting.next++;
      if (index < count) return NOTHING;
      this.pending.delete(key);
      payload = waiting.payload;
    }
    if (!payload) return this.drop('truncated');
    if (!ARMOUR.test(payload)) return this.drop('garbage');
    const msg = this.parser.parseArray(['!AIVDM', '1', '1', '', channel, payload, fill]);
    if (msg.valid === 'UNSUPPORTED') return this.drop('otherType');
    if (msg.valid !== 'VALID') return this.drop(/bitcount/.test(msg.errMsg) ? 'truncated' : 'garbage');
    try {
      return this.read(msg);
    } catch {
      // A getter that reads past the payload's bits (the armouring was checked above).
      return this.drop('truncated');
    }
  }

  /** The reports of a valid message, its values checked. */
  private read(m: AisMessage): readonly Decoded[] {
    const type = m.aisType;
    if (type !== 1 && type !== 2 && type !== 3 && type !== 5 && type !== 18 && type !== 19 && type !== 24)
      return this.drop('otherType');
    const mmsi = m.mmsi;
    if (!(mmsi >= 1 && mmsi <= 999_999_999)) return this.drop('outOfRange');
    if (type === 5 || type === 24) {
      this.stats.decoded++;
      return [staticOf(m, type, mmsi)];
    }
    const lat = m.latitude;
    const lon = m.longitude;
    if (Number.isNaN(lat) || Number.isNaN(lon)) return this.drop('noPosition');
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
      return this.drop(Math.abs(lat) === NA_LAT ? 'noPosition' : 'outOfRange');
    const status = type <= 3 ? m.navStatus : NaN;
    const position: PositionReport = {
      kind: 'position',
      type,
      mmsi,
      lat,
      lon,
      sog: num(m.sog),
      cog: within(m.cog, 0, 359.9),
      heading: within(m.heading, 0, 359),
      navStatus: within(status, 0, 14),
      second: within(m.utcTsSec, 0, 59),
    };
    if (type !== 19) {
      this.stats.decoded++;
      return [position];
    }
    this.stats.decoded += 2;
    return [position, staticOf(m, type, mmsi)];
  }
}

/** Distances to bow and stern (or port and starboard) summed, when both are given. */
function span(a: number, b: number): number | null {
  return Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? a + b : null;
}

/**
 * The AIS ETA of a message 5. aisparser answers NaN for an hour or a minute of 0 (it reads `raw || NaN`), so NaN
 * there is 0; 24 and 60 are "not available". A month or day of 0 (NaN) is no ETA at all.
 */
function etaOf(m: AisMessage): AisEta | null {
  const month = within(m.etaMonth, 1, 12);
  const day = within(m.etaDay, 1, 31);
  if (month === null || day === null) return null;
  const h = Number.isNaN(m.etaHour) ? 0 : m.etaHour;
  const min = Number.isNaN(m.etaMinute) ? 0 : m.etaMinute;
  return { month, day, hour: within(h, 0, 23), minute: h < 24 ? within(min, 0, 59) : null };
}

function staticOf(m: AisMessage, type: 5 | 19 | 24, mmsi: number): StaticReport {
  const partB = type === 24 && m.partNo === 1;
  // A craft of a mother ship (MMSI 98…) sends the mother ship's MMSI where the dimensions would be.
  const dims = type !== 24 || (partB && !String(mmsi).startsWith('98'));
  const imo = type === 5 ? m.imo : NaN;
  const draught = type === 5 ? m.draught : NaN;
  return {
    kind: 'static',
    type,
    mmsi,
    imo: imo >= 1_000_000 && imo <= 9_999_999 ? String(imo) : null,
    callSign: type === 19 || (type === 24 && !partB) ? null : text(m.callSign),
    name: partB ? null : text(m.name),
    shipType: type === 24 && !partB ? null : within(m.shipType, 1, 99),
    lengthM: dims ? span(m.dimToBow, m.dimToStern) : null,
    beamM: dims ? span(m.dimToPort, m.dimToStbrd) : null,
    destination: type === 5 ? text(m.destination) : null,
    eta: type === 5 ? etaOf(m) : null,
    draughtM: draught > 0 ? draught : null,
  };
}
