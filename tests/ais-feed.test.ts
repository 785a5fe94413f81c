// An AIS feed against a real TCP server on loopback: lines split across packets, bad lines among good ones, and a
// feed that drops and comes back (integration.md#ais-positions-in). The encoder is checked back through the decoder.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AisDecoder, type Decoded } from '../server/ais/decode.ts';
import { encodePosition, encodeStatic } from '../server/ais/encode.ts';
import { parseAisSources, startFeed, type Feed } from '../server/ais/feed.ts';
import { loadConfig } from '../server/config.ts';

const quiet = { info: () => undefined, warn: () => undefined };
const GOOD = '!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5C';

let server: Server | null = null;
let feed: Feed | null = null;
afterEach(async () => {
  feed?.stop();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = null;
});

/** A loopback server; each connection is handed to the test in turn. */
async function receiver(): Promise<{ port: number; next(): Promise<Socket> }> {
  const waiting: Socket[] = [];
  const srv = createServer((s) => waiting.push(s));
  server = srv;
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  return { port, next: () => vi.waitFor(() => waiting.shift() ?? Promise.reject(new Error('none'))) };
}

describe('the feed', () => {
  it('frames lines split across packets, counts bad ones, and connects again after a drop', async () => {
    const rx = await receiver();
    const got: Decoded[] = [];
    feed = startFeed({
      source: { host: '127.0.0.1', port: rx.port },
      log: quiet,
      onReports: (r) => got.push(...r),
      minBackoffMs: 20,
      maxBackoffMs: 100,
    });
    const first = await rx.next();
    first.write(`${GOOD.slice(0, 20)}`);
    first.write(`${GOOD.slice(20)}\r\n!AIVDM,1,1,,B,177KQJ5000G?tO\`K>RA1wUbN0TKH,0*5D\r\nnot nmea\n\n`);
    await vi.waitFor(() => expect(feed?.stats().sentences).toBe(3));
    expect(got).toMatchObject([{ kind: 'position', mmsi: 477553000 }]);
    expect(feed.stats()).toMatchObject({ connected: true, connects: 1, decoded: 1 });
    expect(feed.stats().dropped).toMatchObject({ checksum: 1, garbage: 1 });
    expect(feed.stats().lastSentenceAt).not.toBeNull();

    // The receiver drops the connection, half a line sent: the half is one bad sentence; the feed comes back.
    first.end(GOOD.slice(0, 30));
    const second = await rx.next();
    await vi.waitFor(() => expect(feed?.stats()).toMatchObject({ connected: true, connects: 2 }));
    expect(feed.stats().dropped.garbage).toBe(2);
    second.write(`${GOOD}\n`);
    await vi.waitFor(() => expect(got).toHaveLength(2));
  });

  it('a line that never ends is one garbage sentence, skipped unread to its newline', async () => {
    const rx = await receiver();
    const got: Decoded[] = [];
    feed = startFeed({
      source: { host: '127.0.0.1', port: rx.port },
      log: quiet,
      onReports: (r) => got.push(...r),
    });
    const s = await rx.next();
    // 200 KB of bytes with no newline, in pieces, as a broken receiver or a wrong port sends them.
    const junk = Buffer.alloc(20_000, '!AIVDM,1,1,,B,');
    for (let i = 0; i < 10; i++) s.write(junk);
    s.write(`\n${GOOD}\n`);
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(feed.stats()).toMatchObject({ sentences: 2, decoded: 1, dropped: { garbage: 1 } });
  });

  it('keeps trying a source that is not there yet', async () => {
    const rx = await receiver();
    const port = rx.port;
    await new Promise((r) => server?.close(r));
    feed = startFeed({
      source: { host: '127.0.0.1', port },
      log: quiet,
      onReports: () => undefined,
      minBackoffMs: 20,
      maxBackoffMs: 50,
    });
    await vi.waitFor(() => expect(feed?.stats().lastError).toMatch(/ECONNREFUSED/));
    // Its state says when it failed and when it is tried again.
    await vi.waitFor(() =>
      expect(feed?.stats()).toMatchObject({ connected: false, nextTryAt: expect.any(String) }),
    );
    expect(feed?.stats().lastErrorAt).toEqual(expect.any(String));
    const srv = createServer((s) => s.write(`${GOOD}\n`));
    server = srv;
    await new Promise<void>((r) => srv.listen(port, '127.0.0.1', r));
    await vi.waitFor(() => expect(feed?.stats().decoded).toBe(1));
    expect(feed?.stats().nextTryAt).toBeNull();
  });

  it('AIS_SOURCES is host:port, comma separated, and says which entry is wrong', () => {
    expect(parseAisSources(' 127.0.0.1:10110, tcp://ais.example.net:5631 ')).toEqual([
      { host: '127.0.0.1', port: 10110 },
      { host: 'ais.example.net', port: 5631 },
    ]);
    expect(parseAisSources('')).toEqual([]);
    expect(() => parseAisSources('127.0.0.1')).toThrow(/"127.0.0.1" is not host:port/);
    expect(() => parseAisSources('a:70000')).toThrow(/"a:70000"/);
  });

  it('SIMULATOR_AIS_PORT is a TCP port, joined to the sources; anything else is refused by name', () => {
    const config = loadConfig({ SIMULATOR_AIS_PORT: '10110' });
    expect(config.simulatorAisPort).toBe(10110);
    expect(config.aisSources).toEqual([{ host: '127.0.0.1', port: 10110 }]);
    expect(loadConfig({}).simulatorAisPort).toBeNull();
    for (const bad of ['0', '65536', '70000', '101.5', 'abc', '-1'])
      expect(() => loadConfig({ SIMULATOR_AIS_PORT: bad }), bad).toThrow(
        `SIMULATOR_AIS_PORT must be a TCP port, an integer from 1 to 65535, got "${bad}"`,
      );
  });
});

describe("the simulator's encoder, read back by the decoder", () => {
  it('message 1: position, speed, course, heading, status and second', () => {
    const line = encodePosition({
      mmsi: 636012345,
      navStatus: 0,
      lat: -33.86785,
      lon: 151.20732,
      sog: 18.3,
      cog: 271.4,
      heading: 270,
      second: 42,
    });
    expect(line).toMatch(/^!AIVDM,1,1,,A,[0-W`-w]{28},0\*[0-9A-F]{2}$/);
    expect(new AisDecoder().decode(line)).toEqual([
      {
        kind: 'position',
        type: 1,
        mmsi: 636012345,
        lat: expect.closeTo(-33.86785, 5),
        lon: expect.closeTo(151.20732, 5),
        sog: 18.3,
        cog: 271.4,
        heading: 270,
        navStatus: 0,
        second: 42,
      },
    ]);
  });

  it('message 5 over two sentences: particulars and ETA', () => {
    const lines = encodeStatic(
      {
        mmsi: 219000123,
        imo: 9321483,
        callSign: 'OYGR2',
        name: 'Emma Maersk',
        shipType: 71,
        toBow: 337,
        toStern: 60,
        toPort: 28,
        toStarboard: 28,
        eta: new Date('2026-03-09T00:00:00Z'),
        draughtM: 15.5,
        destination: 'DEHAM',
      },
      7,
    );
    expect(lines).toHaveLength(2);
    const d = new AisDecoder();
    expect(d.decode(lines[0] ?? '')).toEqual([]);
    expect(d.decode(lines[1] ?? '')).toEqual([
      {
        kind: 'static',
        type: 5,
        mmsi: 219000123,
        imo: '9321483',
        callSign: 'OYGR2',
        name: 'EMMA MAERSK',
        shipType: 71,
        lengthM: 397,
        beamM: 56,
        destination: 'DEHAM',
        eta: { month: 3, day: 9, hour: 0, minute: 0 },
        draughtM: 15.5,
      },
    ]);
  });
});
