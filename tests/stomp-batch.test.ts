// Frames the broker writes to one connection close together go as ONE WebSocket message (server/stomp/frame-batch.ts,
// architecture.md#one-connection): on a satellite link each message of its own is a TLS record and a packet with its
// ACK. An ERROR goes with the frames written before it, then the socket closes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { hintListener, type Peer } from './helpers/stomp-peer.ts';
import { SYNC_HINT_TOPIC } from '../src/core/contract/sync.ts';

let s: TestServer;
let url = '';
const peers: Peer[] = [];

beforeAll(async () => {
  s = await startTestServer();
  url = `${(await s.listen()).replace(/^http/, 'ws')}/ws`;
});

afterEach(() => {
  for (const p of peers.splice(0)) p.close();
});

afterAll(async () => {
  await s?.close();
});

const listening = async (as: string): Promise<Peer> => hintListener(url, await s.token(as), peers);

describe('frames written close together', () => {
  it('go as one WebSocket message, each parsed in turn', async () => {
    const peer = await listening('vessel');
    const before = { messages: peer.messageCount, frames: peer.frames.length };
    const { broker } = s.app.ctx.live;
    for (const v of [1, 2, 3])
      broker.publishToUser('vessel', SYNC_HINT_TOPIC, JSON.stringify({ v, k: ['chat'] }));
    await peer.next((f) => f.command === 'MESSAGE' && f.body.includes('"v":3'), 5000, before.frames);
    const got = peer.frames.slice(before.frames).map((f) => JSON.parse(f.body) as { v: number });
    expect(got.map((h) => h.v)).toEqual([1, 2, 3]);
    expect(peer.messageCount - before.messages).toBe(1);
  });

  it('send an ERROR with the frames before it, then close', async () => {
    const peer = await listening('vessel2');
    const from = peer.frames.length;
    s.app.ctx.live.broker.publishToUser('vessel2', SYNC_HINT_TOPIC, JSON.stringify({ v: 9, k: ['chat'] }));
    s.app.ctx.live.broker.disconnectWhere((u) => u.usrId === 'vessel2', 401, 'Signed out');
    await peer.closed;
    expect(peer.frames.slice(from).map((f) => f.command)).toEqual(['MESSAGE', 'ERROR']);
  });
});
