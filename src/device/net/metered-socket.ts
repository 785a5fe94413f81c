// A WebSocket that counts its bytes into the data meter: each frame each way (STOMP frames and heart-beats, which are
// frames too) with its WebSocket framing, and the opening handshake; while it is open the meter holds the connection
// (keep-alive probes). Given to @stomp/stompjs as its webSocketFactory.
import type { IStompSocket } from '@stomp/stompjs';
import { contextMeter, type DataMeter } from '../meter/data-meter.ts';
import { utf8Length, WS_HANDSHAKE, wsFrameBytes, type MeterSource } from '../meter/usage.ts';
import { handshakeWire } from '../meter/wire.ts';

/** STOMP's WebSocket subprotocols, as @stomp/stompjs offers them when it opens the socket itself. */
export const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

/** What counting needs of a socket: the browser's WebSocket and the `ws` package's both have it. */
export interface CountableSocket {
  send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void;
  addEventListener(type: 'open' | 'message' | 'close', listener: (event: unknown) => void): void;
}

const payloadBytes = (data: unknown): number => {
  if (typeof data === 'string') return utf8Length(data);
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size;
  // The `ws` package in Node gives Buffers (views, above) or arrays of them.
  if (Array.isArray(data)) return data.reduce<number>((n, part) => n + payloadBytes(part), 0);
  return 0;
};

/** A WebSocket frame over HTTP/2 (RFC 8441) is one DATA frame. */
const ONE_FRAME = { frames: 1 };

/** Counts what `socket` sends and receives from now on; gives the same socket back. */
export function meterSocket<S extends CountableSocket>(
  socket: S,
  meter: DataMeter = contextMeter,
  source: MeterSource = 'live',
): S {
  socket.addEventListener('open', () => {
    meter.add(source, WS_HANDSHAKE.up, WS_HANDSHAKE.down);
    // In the clear the socket is a TCP connection of its own (HTTP/1.1 never shares one); over TLS it rides the
    // HTTP/2 connection the calls opened (RFC 8441), whose handshakes the calls' timing counted.
    if (!meter.tls) meter.addWire(source, handshakeWire(false));
    meter.hold();
  });
  socket.addEventListener('close', () => meter.release());
  socket.addEventListener('message', (event) => {
    const data = (event as { data?: unknown }).data;
    meter.add(source, 0, wsFrameBytes(payloadBytes(data), false), ONE_FRAME);
  });
  const send = socket.send.bind(socket);
  socket.send = (data) => {
    send(data);
    meter.add(source, wsFrameBytes(payloadBytes(data), true), 0, ONE_FRAME);
  };
  return socket;
}

/** A counted browser WebSocket for STOMP: `webSocketFactory: () => meteredWebSocket(url)`. */
export function meteredWebSocket(url: string, protocols: string[] = STOMP_PROTOCOLS): IStompSocket {
  return meterSocket(new WebSocket(url, protocols)) as unknown as IStompSocket;
}
