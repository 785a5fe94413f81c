// An AIS feed's counters saved as its feed state (integration.md#ais-positions-in) on the real server's database:
// good and bad sentences, a vessel matched and an unknown MMSI, the position written once in its interval.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodePosition } from '../server/ais/encode.ts';
import { startAis } from '../server/ais/index.ts';
import { readFeedStates } from '../server/instance/feed-state.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let s: TestServer;
let rx: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  s = await startTestServer();
  rx = createServer((socket) => sockets.push(socket));
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((r) => rx.close(r));
  await s.close();
});

const at = (mmsi: number, second: number): string =>
  encodePosition({ mmsi, navStatus: 0, lat: 10, lon: 20, sog: 12, cog: 90, heading: 90, second });

describe("an AIS feed's state", () => {
  it('counts sentences, drops by reason, reports, vessels matched and positions written', async () => {
    const [v] = await s.db.query<{ mmsi: string }>(
      'SELECT mmsi FROM vessels WHERE mmsi IS NOT NULL ORDER BY vsl_cd LIMIT 1',
    );
    const mmsi = Number(v?.mmsi);
    const port = (rx.address() as { port: number }).port;
    const source = `127.0.0.1:${port}`;
    const job = startAis(s.db, { sources: [{ host: '127.0.0.1', port }], intervalS: 1, log: quiet });
    try {
      await vi.waitFor(() => expect(sockets).toHaveLength(1));
      const good = [at(mmsi, 1), at(mmsi, 2), at(mmsi, 3), at(999_000_001, 4)];
      const badChecksum = `${good[0]?.slice(0, -2)}00`;
      const truncated = '!AIVDM,2,2,1,A,88888888880,2*25';
      const baseStation = '!AIVDM,1,1,,A,402=ac1v2rAM`OhIijP3BCw028Gm,0*2C';
      sockets[0]?.write([...good, badChecksum, truncated, baseStation, 'not nmea'].join('\r\n') + '\r\n');

      const state = async () =>
        (await readFeedStates(s.db)).find((f) => f.kind === 'ais' && f.source === source);
      await vi.waitFor(async () => expect((await state())?.counters.positions).toBe(1), { timeout: 10_000 });
      const saved = await state();
      expect(saved?.counters).toMatchObject({
        sentences: 8,
        decoded: 4,
        bad: 4,
        badChecksum: 1,
        badTruncated: 1,
        badOtherType: 1,
        badGarbage: 1,
        reports: 4,
        matched: 1,
        unknown: 1,
        positions: 1,
        connected: 1,
        reconnects: 0,
      });
      expect(saved?.lastSuccessAt).toEqual(expect.any(String));
      expect(saved).toMatchObject({ lastError: null, nextTryAt: null });

      // The receiver drops the feed: the next interval's state says so, and the feed connects again.
      sockets.shift()?.destroy();
      await vi.waitFor(() => expect(sockets).toHaveLength(1), { timeout: 10_000 });
      await vi.waitFor(
        async () => expect((await state())?.counters).toMatchObject({ reconnects: 1, connected: 1 }),
        {
          timeout: 10_000,
        },
      );
    } finally {
      await job.stop();
    }
  });
});
