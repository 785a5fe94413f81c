// WebSockets over HTTP/2 (RFC 8441): an extended CONNECT stream (`:protocol: websocket`) becomes a socket that the
// `ws` package upgrades as if it were an HTTP/1.1 connection, so the live connection rides the HTTP/2 connection the
// calls already use: one TCP and TLS connection held at sea instead of two (architecture.md#one-connection).
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse, ServerHttp2Stream } from 'node:http2';
import { Duplex } from 'node:stream';

/**
 * The server's event for a WebSocket's extended CONNECT (request, response): the broker takes it; with no broker
 * attached the request goes to the routes, which answer 404.
 */
export const WEBSOCKET_CONNECT = 'websocketConnect';

/** The request line and headers `ws` reads of an upgrade, made from the CONNECT stream's headers. */
interface TunnelRequest {
  method: 'GET';
  url: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress: string | undefined };
}

/** Whether a request is RFC 8441's extended CONNECT for a WebSocket. */
export function isWebSocketConnect(req: Http2ServerRequest): boolean {
  return req.method === 'CONNECT' && req.headers[':protocol'] === 'websocket';
}

/**
 * The stream as the HTTP/1.1 socket `ws` expects. ws writes its handshake answer as HTTP/1.1 text first ("HTTP/1.1
 * 101 Switching Protocols" and headers, or an error status and a body): that first write becomes the stream's
 * HEADERS frame (101 is 200 on HTTP/2, without Upgrade, Connection and Sec-WebSocket-Accept); everything after it is
 * WebSocket frames, carried as DATA.
 */
class StreamSocket extends Duplex {
  private answered = false;

  constructor(private readonly stream: ServerHttp2Stream) {
    super({ allowHalfOpen: false });
    stream.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) stream.pause();
    });
    stream.on('end', () => this.push(null));
    stream.on('error', (err) => this.destroy(err));
    stream.on('close', () => this.destroy());
  }

  /** ws asks for no Nagle delay on a TCP socket; HTTP/2 frames are written as they come. */
  setNoDelay(): this {
    return this;
  }

  /** ws clears the socket's idle timeout: the stream's is the session's business. */
  setTimeout(): this {
    return this;
  }

  override _read(): void {
    this.stream.resume();
  }

  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    if (this.answered) {
      this.stream.write(chunk, done);
      return;
    }
    this.answered = true;
    const text = chunk.toString();
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 500);
    if (this.stream.destroyed) return done();
    if (status === 101) {
      const headers: Record<string, string> = { ':status': '200' };
      for (const line of lines) {
        const at = line.indexOf(':');
        const name = line.slice(0, at).trim().toLowerCase();
        if (at > 0 && !HOP_BY_HOP.has(name)) headers[name] = line.slice(at + 1).trim();
      }
      this.stream.respond(headers);
      done();
      return;
    }
    // A refusal (400, 401, 403, 404 …): its status and text, then the stream ends.
    this.stream.respond({ ':status': String(status), 'content-type': 'text/plain; charset=utf-8' });
    this.stream.end(body, () => done());
  }

  override _final(done: (err?: Error | null) => void): void {
    if (this.stream.destroyed || this.stream.writableEnded) return done();
    this.stream.end(() => done());
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    if (!this.stream.destroyed) this.stream.close();
    done(err);
  }
}

/** HTTP/1.1's upgrade headers, which HTTP/2 forbids (RFC 8441 §5). */
const HOP_BY_HOP = new Set(['upgrade', 'connection', 'sec-websocket-accept']);

/**
 * An extended CONNECT as the request, socket and head `ws`'s handleUpgrade takes. RFC 8441 has no Sec-WebSocket-Key
 * (the stream is the proof the server speaks WebSocket): a random one stands in for ws's checks, and its answer is
 * dropped with the other HTTP/1.1-only headers.
 */
export function tunnelOf(
  req: Http2ServerRequest,
  res: Http2ServerResponse,
): { request: IncomingMessage; socket: Duplex; head: Buffer } {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value;
  headers.host = req.headers[':authority'] ?? headers.host;
  headers.upgrade = 'websocket';
  headers.connection = 'Upgrade';
  headers['sec-websocket-key'] = randomBytes(16).toString('base64');
  const request: TunnelRequest = {
    method: 'GET',
    url: req.headers[':path'] ?? '/',
    headers,
    socket: { remoteAddress: req.socket.remoteAddress },
  };
  return {
    request: request as unknown as IncomingMessage,
    socket: new StreamSocket(res.stream),
    head: Buffer.alloc(0),
  };
}
