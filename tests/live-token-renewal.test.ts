// The token renewed on the live connection's own messages (architecture.md#token-renewal): past half its life, the
// next MESSAGE to the connection carries a new token in X-AUTH-TOKEN, once; the token works at the API after the one
// the connection was made with has run out; a connection whose session ended is handed none.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { hintListener, type Peer, type InFrame } from './helpers/stomp-peer.ts';
import { SYNC_HINT_TOPIC } from '../src/core/contract/sync.ts';

/** Short-lived tokens, so that the renewal point (half the life) comes within the test. */
const TTL_S = 4;
let s: TestServer;
let url = '';
const peers: Peer[] = [];

beforeAll(async () => {
  s = await startTestServer({ tokenTtlS: TTL_S });
  url = `${(await s.listen()).replace(/^http/, 'ws')}/ws`;
});

afterEach(() => {
  for (const p of peers.splice(0)) p.close();
});

afterAll(async () => {
  await s?.close();
});

const listening = (token: string): Promise<Peer> => hintListener(url, token, peers);

/** A change for the user: the hint MESSAGE it brings to the peer. */
async function hinted(peer: Peer, usrId: string): Promise<InFrame> {
  const from = peer.frames.length;
  const res = await s.call('POST', '/api/dev/notifications', { body: { usrId, notId: 'N002', count: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return peer.next((f) => f.command === 'MESSAGE' && f.headers.destination === SYNC_HINT_TOPIC, 5000, from);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the token renewed on the live connection', () => {
  it('rides on the next message past half the life, once, and works at the API after the first ran out', async () => {
    const first = await s.token('vessel');
    const peer = await listening(first);
    // Young: the hint goes as it is.
    expect((await hinted(peer, 'vessel')).headers['x-auth-token']).toBeUndefined();
    // Past the renewal point (half of TTL_S), and past the first token's end.
    await sleep(TTL_S * 1000 + 500);
    const renewed = (await hinted(peer, 'vessel')).headers['x-auth-token'];
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(first);
    // Once: the next message carries none.
    expect((await hinted(peer, 'vessel')).headers['x-auth-token']).toBeUndefined();
    const headers = (token: string) => ({ 'x-auth-token': token });
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/v2/app/common/logged-user', headers: headers(first) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/v2/app/common/logged-user',
          headers: headers(String(renewed)),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('hands no token to a connection whose session ended', async () => {
    const token = await s.token('vessel2');
    const peer = await listening(token);
    // The session ends without the socket hearing of it at once (the sweep closes such sockets later).
    const { sid } = s.app.ctx.live.broker.users().find((u) => u.usrId === 'vessel2') ?? { sid: '' };
    await s.app.ctx.db.query(`UPDATE sessions SET ended_at = now() WHERE sid = $1`, [sid]);
    await sleep(TTL_S * 500 + 500);
    s.app.ctx.live.broker.publishToUser(
      'vessel2',
      SYNC_HINT_TOPIC,
      JSON.stringify({ v: 1, k: ['notifications'] }),
    );
    const msg = await peer.next((f) => f.command === 'MESSAGE');
    expect(msg.headers['x-auth-token']).toBeUndefined();
  });
});
