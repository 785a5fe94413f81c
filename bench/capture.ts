// The wire as a satellite terminal bills it (budgets.md#how-the-wire-is-counted): tcpdump on the browser's side of
// the link emulator, a reader of the pcap it writes, and every segment counted, re-cut to the link's segment size.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** TCP payload per segment on the link: a 1,500 B MTU less 20 B of IP and 32 B of TCP with timestamps. */
export const LINK_MSS = 1448;
const TCPDUMP = '/usr/bin/tcpdump';
const INSTALL = 'apt-get install tcpdump';

/** One TCP segment as captured: wall-clock milliseconds, both ends, flags, sequence numbers, sizes. */
export interface Segment {
  at: number;
  src: string;
  sport: number;
  dst: string;
  dport: number;
  flags: number;
  seq: number;
  ack: number;
  /** IP header and TCP header with its options, as on the wire. */
  header: number;
  /** TCP payload, from the IP total length (the capture keeps only the first bytes of each packet). */
  payload: number;
}

export const FIN = 0x01;
export const SYN = 0x02;
const RST = 0x04;
export const ACK = 0x10;

const ETHERTYPE_IPV4 = 0x0800;
const ETHERTYPE_IPV6 = 0x86dd;
const ETHERTYPE_VLAN = 0x8100;
/** Link types of the classic pcap header: where the IP packet starts and how its protocol is named. */
const DLT_EN10MB = 1;
const DLT_RAW = 101;
const DLT_LINUX_SLL = 113;
const DLT_LINUX_SLL2 = 276;

/** The IP packet inside a link-layer frame, or null when it is not IP. */
function ipOf(frame: Buffer, linkType: number): { at: number; version: 4 | 6 } | null {
  let at: number;
  let type: number;
  if (linkType === DLT_EN10MB) {
    if (frame.length < 14) return null;
    at = 14;
    type = frame.readUInt16BE(12);
    if (type === ETHERTYPE_VLAN && frame.length >= 18) [at, type] = [18, frame.readUInt16BE(16)];
  } else if (linkType === DLT_LINUX_SLL) {
    if (frame.length < 16) return null;
    [at, type] = [16, frame.readUInt16BE(14)];
  } else if (linkType === DLT_LINUX_SLL2) {
    if (frame.length < 20) return null;
    [at, type] = [20, frame.readUInt16BE(0)];
  } else if (linkType === DLT_RAW) {
    const v = (frame[0] ?? 0) >> 4;
    return v === 4 || v === 6 ? { at: 0, version: v } : null;
  } else throw new Error(`pcap link type ${linkType} is not read (Ethernet, Linux cooked v1/v2, raw IP are)`);
  if (type === ETHERTYPE_IPV4) return { at, version: 4 };
  if (type === ETHERTYPE_IPV6) return { at, version: 6 };
  return null;
}

/** A TCP segment of one captured frame, or null (not TCP over IP, or cut before the TCP header's end). */
function segmentOf(frame: Buffer, linkType: number, at: number): Segment | null {
  const ip = ipOf(frame, linkType);
  if (!ip) return null;
  let tcp: number;
  let ipLength: number;
  let src: string;
  let dst: string;
  if (ip.version === 4) {
    if (frame.length < ip.at + 20 || frame[ip.at + 9] !== 6) return null;
    const ihl = ((frame[ip.at] ?? 0) & 0x0f) * 4;
    tcp = ip.at + ihl;
    ipLength = frame.readUInt16BE(ip.at + 2);
    src = [...frame.subarray(ip.at + 12, ip.at + 16)].join('.');
    dst = [...frame.subarray(ip.at + 16, ip.at + 20)].join('.');
  } else {
    // Extension headers are not followed: the link emulator's connections carry none.
    if (frame.length < ip.at + 40 || frame[ip.at + 6] !== 6) return null;
    tcp = ip.at + 40;
    ipLength = 40 + frame.readUInt16BE(ip.at + 4);
    src = frame.subarray(ip.at + 8, ip.at + 24).toString('hex');
    dst = frame.subarray(ip.at + 24, ip.at + 40).toString('hex');
  }
  if (frame.length < tcp + 20) return null;
  const header = tcp - ip.at + ((frame[tcp + 12] ?? 0) >> 4) * 4;
  return {
    at,
    src,
    sport: frame.readUInt16BE(tcp),
    dst,
    dport: frame.readUInt16BE(tcp + 2),
    seq: frame.readUInt32BE(tcp + 4),
    ack: frame.readUInt32BE(tcp + 8),
    flags: frame[tcp + 13] ?? 0,
    header,
    payload: Math.max(0, ipLength - header),
  };
}

/** The TCP segments of a classic libpcap file (either byte order, micro- or nanosecond timestamps). */
export function parsePcap(buf: Buffer): Segment[] {
  if (buf.length < 24) throw new Error('not a pcap file: shorter than its 24-byte header');
  const magic = buf.readUInt32LE(0);
  const le = magic === 0xa1b2c3d4 || magic === 0xa1b23c4d;
  const be = buf.readUInt32BE(0) === 0xa1b2c3d4 || buf.readUInt32BE(0) === 0xa1b23c4d;
  if (!le && !be)
    throw new Error(`not a classic pcap file (magic 0x${magic.toString(16)}; pcapng is not read)`);
  const u32 = (at: number) => (le ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const nanos = (le ? magic : buf.readUInt32BE(0)) === 0xa1b23c4d;
  const linkType = u32(20) & 0x0fffffff;
  const out: Segment[] = [];
  // A record cut short at the end is a capture stopped mid-write: the records before it are whole.
  for (let at = 24; at + 16 <= buf.length;) {
    const length = u32(at + 8);
    if (at + 16 + length > buf.length) break;
    const ms = u32(at) * 1000 + u32(at + 4) / (nanos ? 1e6 : 1e3);
    const seg = segmentOf(buf.subarray(at + 16, at + 16 + length), linkType, ms);
    if (seg) out.push(seg);
    at += 16 + length;
  }
  return out;
}

/**
 * What a segment is on the wire. A keep-alive probe is a segment with no payload whose sequence number is one below
 * what the other end has already acknowledged (Linux's probe, as Chromium's sockets send it every 45 s when idle); its
 * answer is the other end's next pure ACK. `link-ack` are the ACKs the re-cut adds (see `countWire`).
 */
export type Category =
  'syn' | 'syn-ack' | 'data' | 'ack' | 'probe' | 'probe-answer' | 'fin' | 'rst' | 'link-ack';
export const CATEGORIES: readonly Category[] = [
  'syn',
  'syn-ack',
  'data',
  'ack',
  'probe',
  'probe-answer',
  'fin',
  'rst',
  'link-ack',
];

/** One captured segment (or the ACKs added for it) as the link would carry it. */
interface Counted {
  at: number;
  /** From the browser towards the server. */
  up: boolean;
  /** The browser's end of the connection ("address:port"). */
  conn: string;
  category: Category;
  packets: number;
  /** Payload and every packet's headers. */
  bytes: number;
}

interface Life {
  opened: number;
  closed: number | null;
}

/** What crossed the link in a window: packets and bytes each way, by category, and the connections. */
export interface WireFigures {
  packets: number;
  bytes: number;
  up: number;
  down: number;
  byCategory: Record<Category, { packets: number; bytes: number }>;
  /** Connections open at some time in the window. */
  connections: number;
  /** Connections opened in the window (SYNs sent). */
  opened: number;
  /** Connections still open at the window's end: no FIN or RST yet. */
  heldOpen: number;
  /** Keep-alive probes sent (their answers apart). */
  probes: number;
}

/** The counted wire of a whole capture, asked window by window. */
export interface Wire {
  counted: Counted[];
  window(fromMs: number, toMs: number): WireFigures;
}

const pieceCount = (payload: number, mss: number) => Math.max(1, Math.ceil(payload / mss));

/**
 * Counts a capture of the link's port as the link carries it. Loopback carries up to 64 KB in one segment (its MTU is
 * 64 KB, and the kernel sends large segments whole); the link carries `mss` of payload per packet. So a data segment
 * of n bytes counts as ceil(n / mss) packets, each with the header seen on the captured one (IP and TCP with options,
 * 52 B with timestamps), and the receiver's delayed ACKs, one per two full segments, count ceil(pieces / 2) ACKs the
 * other way, the one captured among them: ceil(pieces / 2) - 1 are added, each with the header of that end's last
 * pure ACK (or of the data segment, until one is seen). Every other segment counts once, as captured.
 */
export function countWire(segments: Segment[], linkPort: number, mss = LINK_MSS): Wire {
  const counted: Counted[] = [];
  const lives = new Map<string, Life>();
  /** Per connection and direction: the highest ACK the other end sent, and a probe waiting for its answer. */
  const acked = new Map<string, number>();
  const probed = new Set<string>();
  const ackHeader = new Map<string, number>();
  for (const s of segments) {
    const up = s.dport === linkPort;
    if (!up && s.sport !== linkPort) continue;
    const conn = up ? `${s.src}:${s.sport}` : `${s.dst}:${s.dport}`;
    const dir = `${conn} ${up ? 'up' : 'down'}`;
    const other = `${conn} ${up ? 'down' : 'up'}`;
    let life = lives.get(conn);
    if (!life) lives.set(conn, (life = { opened: s.at, closed: null }));
    if (s.flags & (FIN | RST) && life.closed === null) life.closed = s.at;
    const bare = !(s.flags & (SYN | FIN | RST)) && s.payload === 0;
    let category: Category;
    if (s.flags & RST) category = 'rst';
    else if (s.flags & SYN) category = s.flags & ACK ? 'syn-ack' : 'syn';
    else if (s.flags & FIN) category = 'fin';
    else if (s.payload > 0) category = 'data';
    else if (bare && acked.has(dir) && s.seq === ((acked.get(dir) ?? 0) - 1) >>> 0) category = 'probe';
    else if (bare && probed.has(other)) category = 'probe-answer';
    else category = 'ack';
    if (category === 'probe') probed.add(dir);
    if (category === 'probe-answer') probed.delete(other);
    if (category === 'ack' || category === 'probe-answer') ackHeader.set(dir, s.header);
    if (s.flags & ACK) acked.set(other, s.ack);
    const pieces = s.payload > 0 ? pieceCount(s.payload, mss) : 1;
    counted.push({ at: s.at, up, conn, category, packets: pieces, bytes: s.payload + pieces * s.header });
    const added = Math.ceil(pieces / 2) - 1;
    if (s.payload > 0 && added > 0) {
      const header = ackHeader.get(other) ?? s.header;
      counted.push({ at: s.at, up: !up, conn, category: 'link-ack', packets: added, bytes: added * header });
    }
  }
  return { counted, window: (fromMs, toMs) => figuresOf(counted, lives, fromMs, toMs) };
}

function figuresOf(counted: Counted[], lives: Map<string, Life>, fromMs: number, toMs: number): WireFigures {
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, { packets: 0, bytes: 0 }])) as Record<
    Category,
    { packets: number; bytes: number }
  >;
  const f: WireFigures = {
    packets: 0,
    bytes: 0,
    up: 0,
    down: 0,
    byCategory,
    connections: 0,
    opened: 0,
    heldOpen: 0,
    probes: 0,
  };
  for (const c of counted) {
    if (c.at < fromMs || c.at > toMs) continue;
    f.packets += c.packets;
    f.bytes += c.bytes;
    f[c.up ? 'up' : 'down'] += c.bytes;
    byCategory[c.category].packets += c.packets;
    byCategory[c.category].bytes += c.bytes;
  }
  f.probes = byCategory.probe.packets;
  for (const life of lives.values()) {
    if (life.opened > toMs || (life.closed !== null && life.closed < fromMs)) continue;
    f.connections++;
    if (life.opened >= fromMs) f.opened++;
    if (life.closed === null || life.closed > toMs) f.heldOpen++;
  }
  return f;
}

/** A running tcpdump; `stop` ends it, reads its file and counts it. */
export interface Capture {
  stop(): Promise<Wire>;
}

/**
 * Starts Debian's tcpdump on loopback for the link's port (the browser's side: the link emulator's other side talks
 * to the server on another port). Rejects with a message naming `apt-get install tcpdump` when it is missing or may
 * not capture. `-U` writes each packet as it is read; `-s 128` keeps the headers (sizes come from the IP header).
 */
export async function startCapture(linkPort: number, iface = 'lo'): Promise<Capture> {
  const dir = mkdtempSync(join(tmpdir(), 'quay-capture-'));
  const file = join(dir, 'link.pcap');
  // -Z root: Debian's tcpdump drops to its own user before opening the file, which could not write in `dir` (0700).
  // --immediate-mode: without it the kernel hands packets over in blocks, and those of the last second are lost on stop.
  const args = [
    '-i',
    iface,
    '--immediate-mode',
    '-U',
    '-n',
    '-s',
    '128',
    '-Z',
    'root',
    '-w',
    file,
    `tcp port ${linkPort}`,
  ];
  const child = spawn(TCPDUMP, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });
  const failed = (why: string) => {
    rmSync(dir, { recursive: true, force: true });
    return new Error(`packet capture unavailable: ${why} (${INSTALL}, and run the bench as root)`);
  };
  const listening = await new Promise<boolean>((resolve) => {
    child.on('error', () => resolve(false));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('listening on')) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  if (!listening) {
    child.kill('SIGINT');
    const missing = child.pid === undefined;
    throw failed(missing ? `${TCPDUMP} is not installed` : `tcpdump refused: ${stderr.trim()}`);
  }
  let stopped: Promise<Wire> | null = null;
  const stop = async () => {
    // SIGINT: tcpdump flushes and closes its file before it exits.
    child.kill('SIGINT');
    await exited;
    try {
      return countWire(parsePcap(readFileSync(file)), linkPort);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Once: the bench reads the capture, and closing the side stops it again (or for the first time, after a failure).
  return { stop: () => (stopped ??= stop()) };
}
