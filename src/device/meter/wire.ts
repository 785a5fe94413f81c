// What a message costs on the wire as a satellite terminal bills it, beyond the HTTP-level bytes the meter counts: the
// IP/TCP headers of its packets and the ACKs they draw, TLS records, HTTP/2 frames, handshakes, keep-alive probes.
// Estimates, each constant explained; how the wire is counted is budgets.md#how-the-wire-is-counted.
import type { Bytes } from './usage.ts';

/** TCP payload per segment: a 1,500 B MTU less the 52 B of headers below. */
const SEGMENT_PAYLOAD = 1_448;
/** IP/TCP headers of one packet: IPv4 20 B, TCP 20 B, and the 12 B timestamp option both ends send. */
export const PACKET_HEADERS = 52;
/** Delayed ACK: the receiver answers every second segment with an empty packet (at least one per message). */
const SEGMENTS_PER_ACK = 2;
/** TLS 1.3 with AES-GCM: a 5 B record header, the 1 B inner content type and the 16 B tag on every record. */
const TLS_RECORD_OVERHEAD = 22;
/** The most a TLS record or an HTTP/2 frame carries (TLS's limit, HTTP/2's default frame size). */
const RECORD_PAYLOAD = 16_384;
/** Every HTTP/2 frame has a 9 B header: an HTTP message is a HEADERS frame and a DATA frame per 16 KB. */
const HTTP2_FRAME_HEADER = 9;

/** Chromium turns TCP keep-alive on at 45 s for its sockets: after 45 s with no packet either way, it probes. */
export const KEEPALIVE_IDLE_MS = 45_000;
/** A probe is an empty packet (headers only) and the server's ACK answers it: 52 B each way, 104 B a probe. */
export const KEEPALIVE_PROBE: Bytes = { up: PACKET_HEADERS, down: PACKET_HEADERS };

/**
 * A new TCP connection: SYN up and SYN-ACK down carry 20 B of options more than a plain packet (MSS, window scale,
 * SACK, timestamps), then an ACK up. Its close (FIN and ACK each way) is not counted: the meter does not see it.
 */
const TCP_OPEN: Bytes = { up: 60 + PACKET_HEADERS, down: 60 };
/**
 * A TLS 1.3 handshake's messages (payload, before packets): up the ClientHello (Chromium's is about 1.8 KB with its
 * post-quantum key share) and the client's Finished; down the ServerHello (about 1.2 KB with the key share's answer),
 * a certificate chain (about 2.5 KB), its signature, Finished and two session tickets.
 */
const TLS_HANDSHAKE: Bytes = { up: 1_900, down: 4_300 };

const segmentsOf = (payload: number) => Math.max(1, Math.ceil(payload / SEGMENT_PAYLOAD));

/**
 * One message of `bytes` (HTTP level) in one direction: `here` its bytes with what TLS, HTTP/2 and its packets add,
 * `back` the ACKs it draws the other way. `frames` HTTP/2 frames carry it (computed when not given).
 */
export function messageWire(
  bytes: number,
  tls: boolean,
  frames = 1 + Math.ceil(bytes / RECORD_PAYLOAD),
): { here: number; back: number } {
  let payload = bytes;
  if (tls) {
    payload += frames * HTTP2_FRAME_HEADER;
    payload += Math.max(1, Math.ceil(payload / RECORD_PAYLOAD)) * TLS_RECORD_OVERHEAD;
  }
  const segments = segmentsOf(payload);
  return {
    here: payload + segments * PACKET_HEADERS,
    back: Math.ceil(segments / SEGMENTS_PER_ACK) * PACKET_HEADERS,
  };
}

/**
 * A request of `up` bytes and its answer of `down` (either may be 0: a WebSocket frame goes one way), on the wire.
 * A WebSocket frame over HTTP/2 (RFC 8441) is one DATA frame: `frames` 1.
 */
export function exchangeWire(up: number, down: number, tls: boolean, frames?: number): Bytes {
  const sent = up > 0 ? messageWire(up, tls, frames) : { here: 0, back: 0 };
  const came = down > 0 ? messageWire(down, tls, frames) : { here: 0, back: 0 };
  return { up: sent.here + came.back, down: came.here + sent.back };
}

/** A new connection's handshakes on the wire: TCP's, and TLS's over TLS (its messages in packets, ACKed). */
export function handshakeWire(tls: boolean): Bytes {
  if (!tls) return { ...TCP_OPEN };
  const hello = messageWire(TLS_HANDSHAKE.up, false);
  const answer = messageWire(TLS_HANDSHAKE.down, false);
  return { up: TCP_OPEN.up + hello.here + answer.back, down: TCP_OPEN.down + answer.here + hello.back };
}

/** Keep-alive probes in `quietMs` with no packet on a held connection: one per 45 s (each restarts the wait). */
export const probesIn = (quietMs: number): number => Math.max(0, Math.floor(quietMs / KEEPALIVE_IDLE_MS));

/** Whether this context's page talks to the server over TLS (the meter's figures then add TLS and HTTP/2). */
export const overTls = (): boolean =>
  (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:';
