// The frames a connection writes within a few milliseconds go as ONE WebSocket message (architecture.md#one-connection):
// a chat message reaches its room with the room's unread count and the sync hint right behind it, and on a satellite
// link each message of its own is a TLS record and a TCP packet with 52 B of headers, and an ACK back. STOMP lets a
// message hold several frames, each ending in NUL; clients parse them in turn.
import { WebSocket } from 'ws';

/** How long the first frame waits for others: nothing on a link whose one way takes 400 ms. */
const BATCH_MS = 30;
/** A batch this big goes at once. */
const BATCH_BYTES = 16 * 1024;

export class FrameBatch {
  private frames: Buffer[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ws: WebSocket) {}

  /** Bytes waiting to go. */
  get bytes(): number {
    return this.size;
  }

  add(frame: Buffer): void {
    this.frames.push(frame);
    this.size += frame.byteLength;
    if (this.size >= BATCH_BYTES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /** Sends what waits now (before a close, an ERROR goes with the frames before it). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.frames.length === 0) return;
    const bytes = this.frames.length === 1 ? this.frames[0]! : Buffer.concat(this.frames);
    this.frames = [];
    this.size = 0;
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(bytes, { binary: false });
  }

  /** Drops what waits (the socket is gone). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.frames = [];
    this.size = 0;
  }
}
