// STOMP 1.2 frames on the wire (https://stomp.github.io/stomp-specification-1.2.html): an incremental parser
// that takes bytes as they come (several frames in one WebSocket message, one frame split over several) and
// the encoder of the frames the server sends. Header values are escaped (\r \n \c \\) in every frame except
// CONNECT, STOMP and CONNECTED; content-length is honoured (the body may then hold NUL); EOLs between frames
// are heart-beats.

import { isUtf8 } from 'node:buffer';

/** Commands a client may send. */
const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

export interface Frame {
  command: string;
  /** Decoded headers in wire order; a repeated header keeps every entry (the first one counts). */
  headers: [string, string][];
  body: Buffer;
}

/** A frame that breaks the protocol: the connection answers ERROR and closes. */
export class StompProtocolError extends Error {
  constructor(
    /** HTTP-like status put at the front of the ERROR frame's message header. */
    readonly status: number,
    message: string,
    /** The receipt header of the offending frame, when known. */
    readonly receiptId?: string,
  ) {
    super(message);
  }
}

/** The first value of a header (STOMP 1.2: a repeated header's first entry wins). */
export function header(frame: Pick<Frame, 'headers'>, name: string): string | undefined {
  for (const [k, v] of frame.headers) if (k === name) return v;
  return undefined;
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

const escapesApply = (command: string): boolean =>
  command !== 'CONNECT' && command !== 'STOMP' && command !== 'CONNECTED';

function escapeHeader(s: string): string {
  return s.replace(/[\\\r\n:]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c',
  );
}

function unescapeHeader(s: string): string {
  return s.replace(/\\(.?)/gs, (_m, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      default:
        throw new StompProtocolError(400, `undefined escape sequence \\${c} in a header`);
    }
  });
}

/** Encodes one frame: COMMAND, headers (escaped unless CONNECTED), content-length when there is a body, NUL. */
export function encodeFrame(
  command: string,
  headers: readonly (readonly [string, string])[],
  body: Buffer | string = '',
): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const esc = escapesApply(command) ? escapeHeader : (s: string) => s;
  let head = `${command}\n`;
  for (const [k, v] of headers) head += `${esc(k)}:${esc(v)}\n`;
  if (bytes.length > 0 && !headers.some(([k]) => k === 'content-length'))
    head += `content-length:${bytes.length}\n`;
  head += '\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from([NUL])]);
}

export interface ParserOptions {
  /** Largest frame accepted, in bytes (command, headers, body and NUL). */
  maxFrameBytes: number;
  /** Most headers in one frame. */
  maxHeaders?: number;
}

/**
 * Feeds bytes in, takes whole frames out. Throws StompProtocolError on a malformed or oversized frame; after
 * that the connection is done and the parser must not be fed again.
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);
  private readonly max: number;
  private readonly maxHeaders: number;

  constructor(opts: ParserOptions) {
    this.max = opts.maxFrameBytes;
    this.maxHeaders = opts.maxHeaders ?? 64;
  }

  /** Bytes of an unfinished frame waiting for the rest. */
  get pending(): number {
    return this.buf.length;
  }

  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      this.skipHeartBeats();
      if (this.buf.length === 0) break;
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    return frames;
  }

  private skipHeartBeats(): void {
    let i = 0;
    while (i < this.buf.length) {
      if (this.buf[i] === LF) i++;
      else if (this.buf[i] === CR && this.buf[i + 1] === LF) i += 2;
      else if (this.buf[i] === CR && i + 1 === this.buf.length)
        break; // wait for the LF
      else break;
    }
    if (i > 0) this.buf = this.buf.subarray(i);
  }

  private tooLarge(): StompProtocolError {
    return new StompProtocolError(413, `frame larger than ${this.max} bytes`);
  }

  /** One frame from the front of the buffer, or null when it is not all here yet. */
  private next(): Frame | null {
    const buf = this.buf;
    // The head ends at the first empty line: LF LF or LF CR LF.
    let headEnd = -1;
    let bodyStart = -1;
    for (let i = buf.indexOf(LF); i !== -1; i = buf.indexOf(LF, i + 1)) {
      if (buf[i + 1] === LF) {
        headEnd = i;
        bodyStart = i + 2;
        break;
      }
      if (buf[i + 1] === CR && buf[i + 2] === LF) {
        headEnd = i;
        bodyStart = i + 3;
        break;
      }
    }
    if (headEnd === -1) {
      if (buf.indexOf(NUL) !== -1)
        throw new StompProtocolError(400, 'frame ended (NUL) before its headers did');
      if (buf.length > this.max) throw this.tooLarge();
      return null;
    }
    if (bodyStart > this.max) throw this.tooLarge();
    // Not decoded with U+FFFD in place of bad bytes: a header that is not UTF-8 is refused (architecture.md#the-reference-server).
    if (!isUtf8(buf.subarray(0, headEnd)))
      throw new StompProtocolError(
        400,
        'frame headers must be text of valid Unicode (they are not valid UTF-8)',
      );
    const head = buf.subarray(0, headEnd).toString('utf8');
    if (head.includes('\0')) throw new StompProtocolError(400, 'frame ended (NUL) before its headers did');
    const lines = head.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines.shift() ?? '';
    if (!CLIENT_COMMANDS.has(command)) {
      throw new StompProtocolError(
        400,
        command === '' ? 'frame has no command' : `unknown command ${command.slice(0, 40)}`,
      );
    }
    if (lines.length > this.maxHeaders)
      throw new StompProtocolError(431, `more than ${this.maxHeaders} headers`);
    const esc = escapesApply(command);
    const headers: [string, string][] = [];
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError(400, `malformed header line in ${command}`);
      const k = line.slice(0, colon);
      const v = line.slice(colon + 1);
      headers.push(esc ? [unescapeHeader(k), unescapeHeader(v)] : [k, v]);
    }
    const receipt = header({ headers }, 'receipt');
    const lengthHeader = header({ headers }, 'content-length');
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d{1,10}$/.test(lengthHeader))
        throw new StompProtocolError(400, 'content-length is not a number', receipt);
      const len = Number(lengthHeader);
      if (bodyStart + len + 1 > this.max) throw this.tooLarge();
      if (buf.length < bodyStart + len + 1) return null;
      bodyEnd = bodyStart + len;
      if (buf[bodyEnd] !== NUL)
        throw new StompProtocolError(
          400,
          'frame is not terminated by NUL after content-length bytes',
          receipt,
        );
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd === -1) {
        if (buf.length > this.max) throw this.tooLarge();
        return null;
      }
      if (bodyEnd + 1 > this.max) throw this.tooLarge();
    }
    // The body is copied: the buffer it came from is dropped or reused.
    const body = Buffer.from(buf.subarray(bodyStart, bodyEnd));
    this.buf = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** A heart-beat header "cx,cy" as two non-negative integers; null when malformed. */
export function parseHeartBeat(v: string | undefined): [number, number] | null {
  if (v === undefined) return [0, 0];
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(v);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
