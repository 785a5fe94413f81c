// The capture bench's counting (budgets.md#how-the-wire-is-counted): a pcap written here, byte by byte, is read and
// each segment classed (handshake, data, ACK, keep-alive probe and answer, close) and re-cut to the link's segments.
import { describe, expect, it } from 'vitest';
import { ACK, countWire, FIN, LINK_MSS, parsePcap, SYN } from '../bench/capture.ts';

const LINK = 4000;
const CLIENT = 50000;
const T0 = 1_796_000_000_000; // wall-clock ms, as Date.now() gives them

interface Spec {
  s: number; // seconds after T0
  up: boolean;
  flags: number;
  seq: number;
  ack: number;
  payload?: number;
  /** TCP options' length: 12 (timestamps) unless told, 20 on a SYN. */
  options?: number;
}

/** An Ethernet frame of IPv4 and TCP, cut after the TCP header as `-s 128` cuts: the IP total length tells the rest. */
function frame(p: Spec): { bytes: Buffer; orig: number } {
  const options = p.options ?? (p.flags & SYN ? 20 : 12);
  const tcpLen = 20 + options;
  const b = Buffer.alloc(14 + 20 + tcpLen);
  b.writeUInt16BE(0x0800, 12);
  const ip = 14;
  b[ip] = 0x45;
  b.writeUInt16BE(20 + tcpLen + (p.payload ?? 0), ip + 2);
  b[ip + 8] = 64;
  b[ip + 9] = 6;
  b.set([127, 0, 0, 1], ip + 12);
  b.set([127, 0, 0, 1], ip + 16);
  const tcp = ip + 20;
  b.writeUInt16BE(p.up ? CLIENT : LINK, tcp);
  b.writeUInt16BE(p.up ? LINK : CLIENT, tcp + 2);
  b.writeUInt32BE(p.seq >>> 0, tcp + 4);
  b.writeUInt32BE(p.ack >>> 0, tcp + 8);
  b[tcp + 12] = (tcpLen / 4) << 4;
  b[tcp + 13] = p.flags;
  return { bytes: b, orig: b.length + (p.payload ?? 0) };
}

function pcap(specs: Spec[]): Buffer {
  const head = Buffer.alloc(24);
  head.writeUInt32LE(0xa1b2c3d4, 0);
  head.writeUInt16LE(2, 4);
  head.writeUInt16LE(4, 6);
  head.writeUInt32LE(128, 16);
  head.writeUInt32LE(1, 20); // Ethernet, as tcpdump writes for lo
  const records = specs.map((p) => {
    const f = frame(p);
    const rec = Buffer.alloc(16);
    const ms = T0 + p.s * 1000;
    rec.writeUInt32LE(Math.floor(ms / 1000), 0);
    rec.writeUInt32LE((ms % 1000) * 1000, 4);
    rec.writeUInt32LE(f.bytes.length, 8);
    rec.writeUInt32LE(f.orig, 12);
    return Buffer.concat([rec, f.bytes]);
  });
  return Buffer.concat([head, ...records]);
}

// One connection: opened, 5,000 B down in one loopback segment, its ACK, a keep-alive probe and its answer, closed.
// Sequence numbers wrap past 2^32 on the client's side, as they may.
const C = 0xffff_ffff;
const S = 5000;
const DAY: Spec[] = [
  { s: 0, up: true, flags: SYN, seq: C, ack: 0 },
  { s: 1, up: false, flags: SYN | ACK, seq: S, ack: C + 1 },
  { s: 2, up: true, flags: ACK, seq: C + 1, ack: S + 1 },
  { s: 3, up: false, flags: ACK, seq: S + 1, ack: C + 1, payload: 5000 },
  { s: 4, up: true, flags: ACK, seq: C + 1, ack: S + 5001 },
  { s: 50, up: true, flags: ACK, seq: C, ack: S + 5001 },
  { s: 51, up: false, flags: ACK, seq: S + 5001, ack: C + 1 },
  { s: 60, up: true, flags: FIN | ACK, seq: C + 1, ack: S + 5001 },
  { s: 61, up: false, flags: FIN | ACK, seq: S + 5001, ack: C + 2 },
  { s: 62, up: true, flags: ACK, seq: C + 2, ack: S + 5002 },
];

describe('the capture bench', () => {
  const segments = parsePcap(pcap(DAY));
  const wire = countWire(segments, LINK);

  it('reads sizes from the IP header, not the cut capture', () => {
    expect(segments).toHaveLength(DAY.length);
    expect(segments[0]).toMatchObject({ header: 60, payload: 0, sport: CLIENT, dport: LINK });
    expect(segments[3]).toMatchObject({ header: 52, payload: 5000, at: T0 + 3000 });
  });

  it('classes every segment, keep-alive probes and their answers apart', () => {
    expect(wire.counted.map((c) => `${c.up ? 'up' : 'down'} ${c.category} ${c.packets}`)).toEqual([
      'up syn 1',
      'down syn-ack 1',
      'up ack 1',
      'down data 4',
      'up link-ack 1',
      'up ack 1',
      'up probe 1',
      'down probe-answer 1',
      'up fin 1',
      'down fin 1',
      'up ack 1',
    ]);
  });

  it('re-cuts loopback segments to the link and adds the delayed ACKs', () => {
    const all = wire.window(T0, T0 + 100_000);
    // 5,000 B in ceil(5000 / 1448) = 4 segments of 52 B headers; two ACKs for them, one of them captured.
    expect(Math.ceil(5000 / LINK_MSS)).toBe(4);
    expect(all.byCategory.data).toEqual({ packets: 4, bytes: 5000 + 4 * 52 });
    expect(all.byCategory['link-ack']).toEqual({ packets: 1, bytes: 52 });
    expect(all.byCategory.syn).toEqual({ packets: 1, bytes: 60 });
    expect(all.byCategory.probe).toEqual({ packets: 1, bytes: 52 });
    expect(all.byCategory['probe-answer']).toEqual({ packets: 1, bytes: 52 });
    expect(all.byCategory.ack).toEqual({ packets: 3, bytes: 156 });
    expect(all.byCategory.fin).toEqual({ packets: 2, bytes: 104 });
    expect(all.up).toBe(60 + 52 + 52 + 52 + 52 + 52 + 52);
    expect(all.down).toBe(60 + 5208 + 52 + 52);
    expect(all.packets).toBe(14);
    expect(all.bytes).toBe(all.up + all.down);
    expect(all).toMatchObject({ connections: 1, opened: 1, heldOpen: 0, probes: 1 });
  });

  it('gives figures per window, with the connections held open at its end', () => {
    const idle = wire.window(T0 + 10_000, T0 + 55_000);
    expect(idle).toMatchObject({ packets: 2, bytes: 104, probes: 1, connections: 1, opened: 0, heldOpen: 1 });
    const after = wire.window(T0 + 70_000, T0 + 80_000);
    expect(after).toMatchObject({ packets: 0, connections: 0, heldOpen: 0 });
  });

  it('refuses a link type it cannot read, by name', () => {
    const file = pcap(DAY.slice(0, 1));
    file.writeUInt32LE(0, 20); // BSD loopback
    expect(() => parsePcap(file)).toThrow(/link type 0 is not read/);
    expect(() => parsePcap(Buffer.from('not a capture, not at all'))).toThrow(/not a classic pcap file/);
  });
});
