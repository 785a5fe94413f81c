// A bare STOMP 1.2 client over ws for the broker's tests: frames as the test writes them, frames as the server sends
// them (with their sizes on the wire), and waiting for the next frame that matches.
import WebSocket from 'ws';
import { expect } from 'vitest';
import { SYNC_HINT_TOPIC } from '../../src/core/contract/sync.ts';

export interface InFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
  /**
   * Bytes of the WebSocket message it came in, as delivered, on the first frame of that message (frames the server
   * writes close together share one message: 0 on the others).
   */
  size: number;
  /** TCP bytes read since the previous WebSocket message: its bytes on the wire (framing, compression); 0 likewise. */
  wireBytes: number;
  at: number;
}

const unescape = (s: string): string =>
  s.replace(/\\([\\rnc])/g, (_m, c: string) => ({ '\\': '\\', r: '\r', n: '\n', c: ':' })[c] ?? c);
export const escape = (s: string): string =>
  s.replace(/[\\\r\n:]/g, (c) => ({ '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' })[c] ?? c);

/** One frame as a client writes it (headers escaped unless CONNECT/STOMP). */
export function frame(command: string, headers: Record<string, string> = {}, body = ''): string {
  const esc = command === 'CONNECT' || command === 'STOMP' ? (s: string) => s : escape;
  const lines = Object.entries(headers).map(([k, v]) => `${esc(k)}:${esc(v)}`);
  return `${command}\n${lines.join('\n')}${lines.length ? '\n' : ''}\n${body}\0`;
}

export class Peer {
  readonly frames: InFrame[] = [];
  /** EOL heart-beats received, with their times. */
  readonly beats: number[] = [];
  readonly closed: Promise<{ code: number; at: number }>;
  private text = '';
  private readonly waiters = new Set<() => void>();
  private sizes: { size: number; wire: number; frames: number }[] = [];
  /** WebSocket messages received. */
  messageCount = 0;
  private bytesRead = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const s = data.toString('utf8');
      this.text += s;
      // ws keeps the TCP socket in _socket: what it has read counts the bytes as they came over the wire.
      const read = (ws as unknown as { _socket?: { bytesRead: number } })._socket?.bytesRead ?? 0;
      const frames = s.split('\0').length - 1;
      this.messageCount++;
      if (frames > 0) this.sizes.push({ size: data.length, wire: read - this.bytesRead, frames });
      this.bytesRead = read;
      this.drain();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        resolve({ code, at: performance.now() });
        this.wake();
      }),
    );
  }

  static open(
    url: string,
    protocols: string[] = ['v12.stomp', 'v11.stomp', 'v10.stomp'],
    options: WebSocket.ClientOptions = {},
  ): Promise<Peer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, protocols, options);
      const peer = new Peer(ws);
      ws.once('open', () => resolve(peer));
      ws.once('error', reject);
    });
  }

  private drain(): void {
    for (;;) {
      let i = 0;
      while (this.text[i] === '\n' || (this.text[i] === '\r' && this.text[i + 1] === '\n')) {
        if (this.text[i] === '\n') this.beats.push(performance.now());
        i += this.text[i] === '\n' ? 1 : 2;
      }
      this.text = this.text.slice(i);
      const end = this.text.indexOf('\0');
      if (end === -1) break;
      const raw = this.text.slice(0, end);
      this.text = this.text.slice(end + 1);
      const head0 = this.sizes[0];
      const sized = head0 && { size: head0.size, wire: head0.wire };
      if (head0) {
        head0.size = head0.wire = 0;
        if (--head0.frames <= 0) this.sizes.shift();
      }
      const blank = raw.indexOf('\n\n');
      const head = raw.slice(0, blank).split('\n');
      const command = head.shift() ?? '';
      const headers: Record<string, string> = {};
      for (const line of head) {
        const c = line.indexOf(':');
        const k = command === 'CONNECTED' ? line.slice(0, c) : unescape(line.slice(0, c));
        const v = command === 'CONNECTED' ? line.slice(c + 1) : unescape(line.slice(c + 1));
        if (!(k in headers)) headers[k] = v;
      }
      this.frames.push({
        command,
        headers,
        body: raw.slice(blank + 2),
        size: sized?.size ?? 0,
        wireBytes: sized?.wire ?? 0,
        at: performance.now(),
      });
    }
    this.wake();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** The first frame (from `from` on) matching, waiting up to ms. */
  next(match: (f: InFrame) => boolean, ms = 5000, from = 0): Promise<InFrame> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const f = this.frames.slice(from).find(match);
        if (f) {
          this.waiters.delete(check);
          clearTimeout(timer);
          resolve(f);
          return true;
        }
        if (this.ws.readyState === WebSocket.CLOSED) {
          this.waiters.delete(check);
          clearTimeout(timer);
          reject(
            new Error(`closed without the frame; got ${JSON.stringify(this.frames.map((x) => x.command))}`),
          );
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no such frame within ${ms} ms; got ${JSON.stringify(this.frames)}`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  command(command: string, ms = 5000): Promise<InFrame> {
    return this.next((f) => f.command === command, ms);
  }

  receipt(id: string, ms = 5000): Promise<InFrame> {
    return this.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === id, ms);
  }

  messages(destination: string): InFrame[] {
    return this.frames.filter((f) => f.command === 'MESSAGE' && f.headers.destination === destination);
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }
}

/**
 * A peer connected with `token` and subscribed to the user's sync hints (receipt awaited), kept in `peers` for the
 * test's clean-up.
 */
export async function hintListener(
  url: string,
  token: string,
  peers: Peer[],
  heartBeat = '0,0',
): Promise<Peer> {
  const peer = await Peer.open(url);
  peers.push(peer);
  peer.send(
    frame('CONNECT', { 'accept-version': '1.2', host: 'x', 'heart-beat': heartBeat, 'X-AUTH-TOKEN': token }),
  );
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  peer.send(frame('SUBSCRIBE', { id: 'hint', destination: SYNC_HINT_TOPIC, receipt: 'sub' }));
  await peer.receipt('sub');
  return peer;
}
