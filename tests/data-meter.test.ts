// The data meter against the real server in process, through a counting TCP proxy (bench/link.ts with no delay): what
// the meter counts for HTTP calls (token refresh included) and for a STOMP connection's frames, at the HTTP level
// beside the bytes the link carried and on the wire beside the link's count of packets. Node's fetch sends fewer
// headers than a browser (the meter adds the browser's), so up is compared loosely; down uses the fetch's resource
// timing as in a browser.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import WebSocket from 'ws';
import { Client, type IStompSocket } from '@stomp/stompjs';
import { UNREAD_TOPIC } from '../src/core/contract/chat.ts';
import { TOKEN_HEADER } from '../src/device/net/http.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuayDb } from '../src/device/db.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { contextMeter, DataMeter } from '../src/device/meter/data-meter.ts';
import { BROWSER_REQUEST_HEADERS_BYTES, dayKey, monthKey, WS_HANDSHAKE } from '../src/device/meter/usage.ts';
import { meterSocket, STOMP_PROTOCOLS } from '../src/device/net/metered-socket.ts';
import { PACKET_HEADERS } from '../src/device/meter/wire.ts';
import { startLink, type Link } from '../bench/link.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { DEFAULT_STOMP_SETTINGS } from '../server/stomp/broker.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const OPEN_LINK = { name: 'loopback', rttMs: 0, downKbit: 1e7, upKbit: 1e7 };

let s: TestServer;
let link: Link;

beforeAll(async () => {
  s = await startTestServer();
  const base = await s.listen();
  link = await startLink(Number(new URL(base).port), OPEN_LINK);
  await signOnHttp(link.url, 'vessel');
});
afterAll(async () => {
  await link.close();
  await s.close();
});

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link's figures once it has been quiet a moment (the proxy counts a chunk as it passes). */
async function linkBytes() {
  await until(() => link.quietForMs() > 50);
  return link.takeBytes();
}

describe('the data meter', () => {
  it('counts HTTP calls, token refresh included, close to what the link carried, and stores them by day and month', async () => {
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    contextMeter.attach(db);
    await contextMeter.flush();
    await linkBytes();
    const client = new ApiClient(new TokenStore(db));
    // The first call fetches a token (GET /IBP_REFRESH.do), then asks who is signed on.
    const user = await client.json('/api/v2/app/common/logged-user', checkLoggedUser);
    expect(user.usrId).toBe('vessel');
    const list = await client.json('/api/v2/app/notification/user/list?limit=200', (v) => v);
    expect(list).toBeTruthy();
    const wire = await linkBytes();
    expect(wire.requests.length).toBe(3);
    // The meter counts each response as its body is read, a moment after the link carried it: wait until it has
    // counted and stopped (on a loaded machine the first count came before the others).
    let last = -1;
    let same = 0;
    await until(() => {
      const down = contextMeter.unsaved().down;
      same = down > 0 && down === last ? same + 1 : 0;
      last = down;
      return same >= 10;
    });
    const counted = contextMeter.unsaved();
    const { http } = counted;
    console.info('HTTP, 3 requests: link', wire, 'meter', counted);
    // Down: the fetch's own figure (body as received plus headers): within a third of the link's.
    expect(http.down).toBeGreaterThan(wire.down * 0.67);
    expect(http.down).toBeLessThan(wire.down * 1.33);
    // Up: Node sends about 250 B fewer headers per request than a browser, which the meter assumes.
    expect(http.up).toBeGreaterThan(wire.up);
    expect(http.up).toBeLessThan(wire.up + 3 * BROWSER_REQUEST_HEADERS_BYTES);
    // On the wire: at least a packet's headers each way per request and answer, ACKs and a handshake.
    expect(counted.up).toBeGreaterThanOrEqual(http.up + 3 * 2 * PACKET_HEADERS);
    expect(counted.down).toBeGreaterThanOrEqual(http.down + 3 * 2 * PACKET_HEADERS);
    // The link's own packet count (bench/link.ts) is of the same order: the meter's is 52 B a packet, not 40.
    expect(counted.up + counted.down).toBeGreaterThan(wire.ipBytes);
    expect(counted.up + counted.down).toBeLessThan(wire.ipBytes * 1.5);
    await contextMeter.flush();
    const now = Date.now();
    const day = await db.dataUsage.get(dayKey(now));
    expect(day?.by.api).toEqual({ up: counted.up, down: counted.down });
    expect(day?.http).toEqual(http);
    expect((await db.dataUsage.get(monthKey(now)))?.down).toBe(counted.down);
    db.close();
  });

  it('counts a STOMP connection: handshake, CONNECT, a subscription, heart-beats both ways, DISCONNECT', async () => {
    const db = new QuayDb({ indexedDB: new IDBFactory(), IDBKeyRange });
    contextMeter.attach(db);
    // Short heart-beats for this test (the broker's settings apply to connections made after the change).
    Object.assign(s.app.ctx.live.broker.settings, { heartBeat: [200, 200] });
    const token = await new TokenStore(db).refresh();
    await linkBytes();
    const meter = new DataMeter({ flushAfterMs: 60_000 });
    const url = `${link.url.replace(/^http/, 'ws')}/ws`;
    let beats = 0;
    const stomp = new Client({
      // Node's socket with the meter around it, as the worker's meteredWebSocket does with the browser's.
      webSocketFactory: () =>
        meterSocket(new WebSocket(url, STOMP_PROTOCOLS), meter) as unknown as IStompSocket,
      connectHeaders: { [TOKEN_HEADER]: token ?? '' },
      heartbeatIncoming: 200,
      heartbeatOutgoing: 200,
      reconnectDelay: 0,
      debug: (line) => {
        if (line.includes('<<< PONG') || line.includes('>>> PING')) beats += 1;
      },
    });
    const subscribed = new Promise<void>((resolve) => {
      stomp.onConnect = () => {
        stomp.watchForReceipt('r1', () => resolve());
        stomp.subscribe(UNREAD_TOPIC, () => undefined, { receipt: 'r1' });
      };
    });
    stomp.activate();
    await subscribed;
    await until(() => beats >= 4);
    await stomp.deactivate();
    Object.assign(s.app.ctx.live.broker.settings, DEFAULT_STOMP_SETTINGS);
    await until(() => link.quietForMs() > 100);
    const wire = link.takeBytes();
    const counted = meter.unsaved();
    const { http } = counted;
    console.info('STOMP: link', wire, 'meter', counted, 'beats', beats);
    // The frames are exact; the opening handshake is estimated, for a browser (Node sends about 450 B less of it).
    expect(Math.abs(http.down - wire.down)).toBeLessThan(100);
    expect(http.up).toBeGreaterThan(wire.up);
    expect(http.up).toBeLessThan(wire.up + WS_HANDSHAKE.up);
    // On the wire each frame is a packet at least, ACKed: beside the link's own count of packets.
    expect(counted.up + counted.down).toBeGreaterThan(wire.ipBytes);
    expect(counted.up + counted.down).toBeLessThan(wire.ipBytes * 1.6 + WS_HANDSHAKE.up);
    db.close();
  });
});
