// The wire estimate's figures worked by hand (packets of 1,448 B with 52 B of headers, an ACK per two segments, TLS
// records, HTTP/2 frames, handshakes), and the keep-alive probes the meter counts while the live connection is held.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countHttp } from './count-http.ts';
import { DataMeter } from './data-meter.ts';
import { exchangeWire, handshakeWire, messageWire, probesIn } from './wire.ts';

describe('the wire estimate', () => {
  it('puts a message in 1,448 B segments with 52 B of headers each, ACKed every second segment', () => {
    expect(messageWire(700, false)).toEqual({ here: 752, back: 52 });
    expect(messageWire(1448, false)).toEqual({ here: 1500, back: 52 });
    expect(messageWire(1449, false)).toEqual({ here: 1553, back: 52 });
    expect(messageWire(3000, false)).toEqual({ here: 3000 + 3 * 52, back: 2 * 52 });
  });

  it('over TLS adds 22 B per record (one per 16 KB, at least one) and 9 B per HTTP/2 frame', () => {
    // A small answer: HEADERS and DATA frames, one record, one segment.
    expect(messageWire(100, true)).toEqual({ here: 100 + 18 + 22 + 52, back: 52 });
    // A WebSocket frame: one DATA frame.
    expect(messageWire(2, true, 1)).toEqual({ here: 2 + 9 + 22 + 52, back: 52 });
    // 40,000 B: four frames, three records, 28 segments, 14 ACKs.
    expect(messageWire(40_000, true)).toEqual({ here: 40_000 + 36 + 66 + 28 * 52, back: 14 * 52 });
  });

  it('counts a request and its answer each way, the ACKs crossing', () => {
    expect(exchangeWire(500, 2000, false)).toEqual({ up: 552 + 52, down: 2000 + 2 * 52 + 52 });
    expect(exchangeWire(20, 0, false)).toEqual({ up: 72, down: 52 });
  });

  it("counts a new connection's handshakes: TCP's, and TLS's over TLS", () => {
    expect(handshakeWire(false)).toEqual({ up: 112, down: 60 });
    // ClientHello and Finished (1,900 B: 2 segments), the server's flight (4,300 B: 3 segments), their ACKs.
    expect(handshakeWire(true)).toEqual({ up: 112 + 1900 + 104 + 104, down: 60 + 4300 + 156 + 52 });
  });

  it('has a keep-alive probe for each 45 s without a packet', () => {
    expect(probesIn(44_999)).toBe(0);
    expect(probesIn(45_000)).toBe(1);
    expect(probesIn(134_999)).toBe(2);
    expect(probesIn(-5)).toBe(0);
  });
});

describe("a fetch's handshakes", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The browser's resource timing entry of one fetch, as it gives it (Node's fetch gives no connection times). */
  const entry = (connect: [number, number], secure: number) => ({
    transferSize: 1300,
    encodedBodySize: 1000,
    startTime: 10,
    connectStart: connect[0],
    connectEnd: connect[1],
    secureConnectionStart: secure,
  });
  const count = (e: ReturnType<typeof entry>, tls: boolean) => {
    vi.spyOn(performance, 'getEntriesByName').mockReturnValue([e as unknown as PerformanceEntry]);
    const meter = new DataMeter({ flushAfterMs: 60_000, tls });
    const sent = { method: 'GET', url: 'http://x/a', headers: [], bodyBytes: 0, startedAt: 5 };
    countHttp(meter, 'api', sent, new Response('x'), 1);
    return meter.unsaved();
  };

  it('counts TCP and TLS handshakes when the fetch opened its connection, none when it took one open', () => {
    const reused = count(entry([12, 12], 12), true);
    const opened = count(entry([12, 900], 300), true);
    expect({ up: opened.up - reused.up, down: opened.down - reused.down }).toEqual(handshakeWire(true));
    expect(opened.http).toEqual(reused.http);
    const clear = count(entry([12, 400], 0), false);
    const clearReused = count(entry([12, 12], 0), false);
    expect(clear.up - clearReused.up).toBe(handshakeWire(false).up);
  });
});

describe('keep-alive probes on the held live connection', () => {
  const clock = (tls: boolean) => {
    const c = { t: Date.UTC(2026, 10, 25, 10), meter: undefined as unknown as DataMeter };
    c.meter = new DataMeter({ now: () => c.t, flushAfterMs: 60_000, tls });
    return c;
  };

  it('counts a probe and its answer (52 B each way) every 45 s the connection is quiet, and none once closed', () => {
    const c = clock(false);
    c.meter.hold();
    c.t += 100_000;
    expect(c.meter.unsaved()).toEqual({ up: 104, down: 104, http: { up: 0, down: 0 } });
    // The second probe went at 90 s: the next is due at 135 s.
    c.t += 34_000;
    expect(c.meter.unsaved().up).toBe(104);
    c.t += 1_000;
    expect(c.meter.unsaved().up).toBe(156);
    c.meter.release();
    c.t += 10 * 60_000;
    expect(c.meter.unsaved().up).toBe(156);
  });

  it('counts none while a frame crosses at least every 45 s (heart-beats), either way', () => {
    const c = clock(false);
    c.meter.hold();
    const before = c.meter.unsaved();
    let frames = { up: 0, down: 0 };
    for (let i = 0; i < 20; i++) {
      c.t += 40_000;
      const up = i % 2 === 0;
      c.meter.add('live', up ? 1 : 0, up ? 0 : 1, { frames: 1 });
      const one = exchangeWire(up ? 1 : 0, up ? 0 : 1, false, 1);
      frames = { up: frames.up + one.up, down: frames.down + one.down };
    }
    const after = c.meter.unsaved();
    expect({ up: after.up - before.up, down: after.down - before.down }).toEqual(frames);
    // Then quiet: the first probe 45 s after the last frame.
    c.t += 45_000;
    expect(c.meter.unsaved().up - after.up).toBe(52);
    c.meter.release();
  });

  it('over TLS the calls share the connection (HTTP/2) and hold the probes off; in the clear they do not', () => {
    for (const tls of [true, false]) {
      const c = clock(tls);
      c.meter.hold();
      for (let i = 0; i < 4; i++) {
        c.t += 30_000;
        c.meter.add('api', 500, 500);
      }
      const calls = 4 * exchangeWire(500, 500, tls).up;
      // 120 s: over TLS no quiet spell reached 45 s; in the clear the live connection was quiet all along (2 probes).
      expect(c.meter.unsaved().up).toBe(calls + (tls ? 0 : 2 * 52));
      c.meter.release();
    }
  });

  it('counts one held connection when a socket opens before the last one closed', () => {
    const c = clock(false);
    c.meter.hold();
    c.meter.hold();
    c.meter.release();
    c.t += 45_000;
    expect(c.meter.unsaved().up).toBe(52);
    c.meter.release();
    c.t += 45_000;
    expect(c.meter.unsaved().up).toBe(52);
  });
});
