// The simulator's side of the NMEA door: its ships' positions as !AIVDM message 1 and their particulars as message 5,
// with ITU-R M.1371's bit layout, 6-bit armouring and the NMEA checksum (integration.md#ais-positions-in).

/** Bits written most significant first, read out in 6-bit groups. */
class Bits {
  private readonly out: number[] = [];

  /** An unsigned or two's-complement value in `width` bits. */
  int(value: number, width: number): this {
    const v = Math.round(value);
    for (let i = width - 1; i >= 0; i--) this.out.push(Math.floor(v / 2 ** i) & 1);
    return this;
  }

  /** Text in AIS's 6-bit characters, upper case, padded with '@' to `chars`. */
  text(s: string, chars: number): this {
    const up = s.toUpperCase();
    for (let i = 0; i < chars; i++) {
      const c = i < up.length ? up.charCodeAt(i) : 64;
      this.int(c >= 64 && c < 96 ? c - 64 : c >= 32 && c < 64 ? c : 63, 6);
    }
    return this;
  }

  /** The armoured payload and its fill bits. */
  armour(): { payload: string; fill: number } {
    const fill = (6 - (this.out.length % 6)) % 6;
    for (let i = 0; i < fill; i++) this.out.push(0);
    let payload = '';
    for (let i = 0; i < this.out.length; i += 6) {
      let v = 0;
      for (let j = 0; j < 6; j++) v = v * 2 + (this.out[i + j] ?? 0);
      payload += String.fromCharCode(v < 40 ? v + 48 : v + 56);
    }
    return { payload, fill };
  }
}

/** `!` + body + `*hh`: the checksum is the XOR of the characters between them. */
function withChecksum(body: string): string {
  let sum = 0;
  for (let i = 1; i < body.length; i++) sum ^= body.charCodeAt(i);
  return `${body}*${sum.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Payloads longer than this go over several sentences, each within NMEA's 82 characters. */
const PART_CHARS = 60;

/** The sentences of one message; `seqId` (0-9) ties the parts of a long one together. */
function sentences(bits: Bits, seqId: number): string[] {
  const { payload, fill } = bits.armour();
  const count = Math.ceil(payload.length / PART_CHARS);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const part = payload.slice(i * PART_CHARS, (i + 1) * PART_CHARS);
    const last = i === count - 1;
    out.push(
      withChecksum(`!AIVDM,${count},${i + 1},${count > 1 ? seqId % 10 : ''},A,${part},${last ? fill : 0}`),
    );
  }
  return out;
}

export interface PositionIn {
  mmsi: number;
  /** ITU-R M.1371 navigational status (0 under way, 1 at anchor, 5 moored). */
  navStatus: number;
  lat: number;
  lon: number;
  /** Knots, course and heading in degrees; null when not available. */
  sog: number | null;
  cog: number | null;
  heading: number | null;
  /** The second of the UTC minute of the fix. */
  second: number;
}

/** Message 1, a class A position report: one sentence. */
export function encodePosition(p: PositionIn): string {
  const bits = new Bits()
    .int(1, 6)
    .int(0, 2)
    .int(p.mmsi, 30)
    .int(p.navStatus, 4)
    .int(-128, 8) // rate of turn: not available
    .int(p.sog === null ? 1023 : Math.min(1022, p.sog * 10), 10)
    .int(0, 1)
    .int(p.lon * 600_000, 28)
    .int(p.lat * 600_000, 27)
    .int(p.cog === null ? 3600 : (((p.cog % 360) + 360) % 360) * 10, 12)
    .int(p.heading === null ? 511 : Math.round(((p.heading % 360) + 360) % 360) % 360, 9)
    .int(p.second, 6)
    .int(0, 2 + 3 + 1 + 19); // manoeuvre, spare, RAIM, radio status
  return sentences(bits, 0)[0] as string;
}

export interface StaticIn {
  mmsi: number;
  imo: number | null;
  callSign: string;
  name: string;
  shipType: number;
  /** Metres from the antenna to bow, stern, port and starboard. */
  toBow: number;
  toStern: number;
  toPort: number;
  toStarboard: number;
  /** UTC; null: not available. */
  eta: Date | null;
  draughtM: number | null;
  destination: string;
}

/** Message 5, static and voyage data: two sentences (424 bits). */
export function encodeStatic(s: StaticIn, seqId: number): string[] {
  const eta = s.eta;
  const bits = new Bits()
    .int(5, 6)
    .int(0, 2)
    .int(s.mmsi, 30)
    .int(0, 2)
    .int(s.imo ?? 0, 30)
    .text(s.callSign, 7)
    .text(s.name, 20)
    .int(s.shipType, 8)
    .int(Math.min(511, s.toBow), 9)
    .int(Math.min(511, s.toStern), 9)
    .int(Math.min(63, s.toPort), 6)
    .int(Math.min(63, s.toStarboard), 6)
    .int(1, 4) // GPS
    .int(eta ? eta.getUTCMonth() + 1 : 0, 4)
    .int(eta ? eta.getUTCDate() : 0, 5)
    .int(eta ? eta.getUTCHours() : 24, 5)
    .int(eta ? eta.getUTCMinutes() : 60, 6)
    .int(Math.min(255, (s.draughtM ?? 0) * 10), 8)
    .text(s.destination, 20)
    .int(0, 2); // DTE ready, spare
  return sentences(bits, seqId);
}
