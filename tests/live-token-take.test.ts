// The device keeps the token the live connection hands it on a message (architecture.md#token-renewal): past half the
// token's life the next hint carries a new one, and the worker stores it, so that its next call needs no refresh.
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLiveConnection } from '../worker/live/connection.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

/** Short-lived tokens: the renewal point (half the life) comes within the test. */
const TTL_S = 4;
let s: TestServer;
let base = '';

beforeAll(async () => {
  s = await startTestServer({ tokenTtlS: TTL_S });
  base = await s.listen();
  await signOnHttp(base, 'vessel');
});
afterAll(() => s.close());

async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('stores the token a hint carries past half its life', async () => {
  const { db, tokens } = await openDevice(s);
  const hints: number[] = [];
  const live = createLiveConnection({
    db,
    tokens,
    isOnline: () => true,
    webSocketFactory: () =>
      new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, ['v12.stomp']) as unknown as IStompSocket,
    onHint: (hint) => hints.push(hint.v),
  });
  try {
    await live.start();
    await until(() => live.subscribed);
    const first = await tokens.stored();
    expect(first).toBeTruthy();
    await new Promise((r) => setTimeout(r, (TTL_S / 2) * 1000 + 500));
    const before = hints.length;
    const res = await s.call('POST', '/api/dev/notifications', {
      body: { usrId: 'vessel', notId: 'N002', count: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => hints.length > before);
    await until(async () => (await tokens.stored()) !== first);
    // The stored token is the server's and works at the API.
    const stored = String(await tokens.stored());
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/v2/app/common/logged-user',
      headers: { 'x-auth-token': stored },
    });
    expect(me.statusCode).toBe(200);
  } finally {
    live.stop();
  }
});
