// The broker's fair share (architecture.md#the-brokers-fair-share) against the real server on a loopback port: a SEND
// past a connection's or a user's share gets ERROR 429 saying how long to wait, then a close; another user is not
// touched; one connection's frames are handled in order, with HTTP requests let in between them, and a client that
// sends faster than its frames are handled is read more slowly instead of being cut off. The app's worker loses
// nothing to the limit: a refused message stays in the outbox and is stored once, later.
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { DEFAULT_STOMP_SETTINGS, type StompSettings } from '../server/stomp/broker.ts';
import { sendShare } from '../server/stomp/rate.ts';
import { roomIdOf, sendDestination, type HistoryResponse } from '../src/core/contract/chat.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { drain } from '../src/device/outbox/drain.ts';
import { createCommands } from '../worker/commands/commands.ts';
import { liveChat, type LiveChat } from './helpers/live-chat.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { frame, Peer, type InFrame } from './helpers/stomp-peer.ts';

const ROOM = roomIdOf('QHZN');
/** A share no test here reaches unless it means to. */
const ROOMY = sendShare(100_000, 6_000_000);

let s: TestServer;
let base = '';
let url = '';
const peers: Peer[] = [];
let live: LiveChat | null = null;
let n = 0;
/** How long a batch of frames may take to be answered: the tests look at order and fairness, not speed. */
const BATCH_MS = 60_000;
const cid = (tag: string) => `f-${tag}-${Date.now().toString(36)}-${++n}`;

function tune(settings: Partial<StompSettings>): void {
  Object.assign(s.app.ctx.live.broker.settings, settings);
}

/**
 * Connected without permessage-deflate, as stomp.py and stompit connect: the broker's work then never waits on zlib,
 * which would give the event loop its turns by chance.
 */
async function connected(as: string): Promise<Peer> {
  const peer = await Peer.open(url, ['v12.stomp'], { perMessageDeflate: false });
  peers.push(peer);
  peer.send(
    frame('CONNECT', { 'accept-version': '1.2', host: 'localhost', 'X-AUTH-TOKEN': await s.token(as) }),
  );
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  return peer;
}

/** A SEND of a chat message to the room, with its clientMsgId as the receipt. */
const send = (clientMsgId: string, text = `flood test ${clientMsgId}`): string =>
  frame(
    'SEND',
    { destination: sendDestination(ROOM), receipt: clientMsgId },
    JSON.stringify({ clientMsgId, text }),
  );

const stored = async (ids: string[]): Promise<string[]> =>
  (
    await s.db.query<{ client_msg_id: string }>(
      'SELECT client_msg_id FROM chat_messages WHERE client_msg_id = ANY($1::text[]) ORDER BY msg_seq',
      [ids],
    )
  ).map((r) => r.client_msg_id);

const ofConnection = (peer: Peer, command: string): InFrame[] =>
  peer.frames.filter((f) => f.command === command);

/** The share the server was started with (STOMP_SEND_BURST=4, STOMP_SEND_PER_MIN=30), before the tests change it. */
let configured: Pick<StompSettings, 'send' | 'userSend'>;

beforeAll(async () => {
  s = await startTestServer({ stompSendBurst: 4, stompSendPerMin: 30 });
  const { send: conn, userSend } = s.app.ctx.live.broker.settings;
  configured = { send: conn, userSend };
  base = await s.listen();
  url = `${base.replace(/^http/, 'ws')}/ws`;
  tune(ROOMY);
});
afterEach(async () => {
  live?.stop();
  live = null;
  for (const p of peers.splice(0)) p.close();
  tune({ ...DEFAULT_STOMP_SETTINGS, ...ROOMY });
  await s.app.ctx.chat.settled();
});
afterAll(() => s.close());

describe('the fair share of SEND', () => {
  it('is set by STOMP_SEND_BURST and STOMP_SEND_PER_MIN for a connection, twice that for a user', () => {
    expect(configured).toEqual({ send: { burst: 4, perSecond: 0.5 }, userSend: { burst: 8, perSecond: 1 } });
    expect(loadConfig({})).toMatchObject({ stompSendBurst: 10, stompSendPerMin: 120 });
    expect(loadConfig({ STOMP_SEND_BURST: '4', STOMP_SEND_PER_MIN: '30' })).toMatchObject({
      stompSendBurst: 4,
      stompSendPerMin: 30,
    });
    expect(() => loadConfig({ STOMP_SEND_BURST: '0' })).toThrow('STOMP_SEND_BURST must be an integer >= 1');
  });

  it('answers a SEND past the connection’s share with ERROR 429 saying how long to wait, then closes', async () => {
    tune({ send: { burst: 3, perSecond: 0.001 }, userSend: ROOMY.userSend });
    const peer = await connected('vessel');
    const ids = [1, 2, 3, 4, 5].map((i) => cid(`c${i}`));
    peer.send(ids.map((id) => send(id)).join(''));
    const error = await peer.command('ERROR');
    expect(error.headers.message).toMatch(/^429 Too many messages: a connection may send 3 at once/);
    expect(error.headers['receipt-id']).toBe(ids[3]);
    expect(error.body).toMatch(/Wait \d+(\.\d)? s, connect again and send the rest\./);
    expect((await peer.closed).code).toBe(1008);
    // The three within the share were stored and answered; the refused one and the one after it were not.
    expect(ofConnection(peer, 'RECEIPT').map((f) => f.headers['receipt-id'])).toEqual(ids.slice(0, 3));
    await s.app.ctx.chat.settled();
    expect(await stored(ids)).toEqual(ids.slice(0, 3));
  });

  it("counts a user's connections together, and leaves another user's connection alone", async () => {
    tune({ send: ROOMY.send, userSend: { burst: 3, perSecond: 0.001 } });
    const first = await connected('vessel');
    const second = await connected('vessel');
    const other = await connected('operator');
    const ids = [1, 2, 3, 4].map((i) => cid(`u${i}`));
    first.send(send(ids[0] ?? '') + send(ids[1] ?? ''));
    await first.receipt(ids[1] ?? '');
    second.send(send(ids[2] ?? '') + send(ids[3] ?? ''));
    const error = await second.command('ERROR');
    expect(error.headers.message).toMatch(/^429 /);
    expect(error.headers['receipt-id']).toBe(ids[3]);
    // The operator sends its own share in full, untouched by the vessel's.
    const theirs = [1, 2, 3].map((i) => cid(`o${i}`));
    other.send(theirs.map((id) => send(id)).join(''));
    await other.receipt(theirs[2] ?? '');
    expect(ofConnection(other, 'ERROR')).toEqual([]);
    expect(await stored(theirs)).toEqual(theirs);
  });

  it('slows a client that comes straight back after the ERROR to its share: a connection per message', async () => {
    tune({ send: ROOMY.send, userSend: { burst: 1, perSecond: 4 } });
    let connections = 0;
    let accepted = 0;
    // As a flood does: connect, send five, and when the socket closes do it again at once.
    while (accepted < 4) {
      const peer = await connected('vessel');
      connections++;
      peer.send([1, 2, 3, 4, 5].map((i) => send(cid(`r${i}`))).join(''));
      await peer.closed;
      accepted += ofConnection(peer, 'RECEIPT').length;
      expect(ofConnection(peer, 'ERROR')[0]?.headers.message).toMatch(/^429 /);
    }
    // Its CONNECTED came when it might send again; at once, it would have come back tens of times a message.
    expect(connections).toBeLessThanOrEqual(accepted);
  });
});

describe("a connection's frames", () => {
  it('are handled one at a time, in the order they came', async () => {
    const peer = await connected('vessel');
    const ids = Array.from({ length: 30 }, (_, i) => cid(`o${i}`));
    // Frames in one message and in several, a SUBSCRIBE among them.
    peer.send(
      ids
        .slice(0, 10)
        .map((id) => send(id))
        .join(''),
    );
    peer.send(frame('SUBSCRIBE', { id: 'u', destination: '/topic/vessel-unread', receipt: 'sub' }));
    for (const id of ids.slice(10)) peer.send(send(id));
    await peer.receipt(ids[29] ?? '', BATCH_MS);
    const receipts = ofConnection(peer, 'RECEIPT').map((f) => f.headers['receipt-id']);
    expect(receipts).toEqual([...ids.slice(0, 10), 'sub', ...ids.slice(10)]);
    // Stored in that order too: each frame's transaction ended before the next began.
    expect(await stored(ids)).toEqual(ids);
  });

  it('let an HTTP request in while they wait to be handled', async () => {
    const peer = await connected('vessel');
    const tok = await s.token('operator');
    const list = `${base}/api/v2/app/notification/user/list`;
    expect((await fetch(list, { headers: { 'x-auth-token': tok } })).status).toBe(200);
    const ids = Array.from({ length: 100 }, (_, i) => cid(`h${i}`));
    peer.send(ids.map((id) => send(id)).join(''));
    await peer.receipt(ids[0] ?? '');
    // Asked once the first frame is done: answered long before the hundredth, not after all of them.
    const res = await fetch(list, { headers: { 'x-auth-token': tok } });
    expect(res.status).toBe(200);
    const answeredAfter = ofConnection(peer, 'RECEIPT').length;
    // A hundred transactions take seconds on a busy machine: this is about order, not speed.
    await peer.receipt(ids[99] ?? '', BATCH_MS);
    expect(answeredAfter).toBeLessThan(100);
  });

  it('are read more slowly when they come faster than they are handled, never refused for it', async () => {
    const peer = await connected('vessel');
    // 300 SENDs of 3,000 characters each, without waiting: past the 200 frames a connection may have waiting, if
    // the socket were read as fast as they come.
    const ids = Array.from({ length: 300 }, (_, i) => cid(`b${i}`));
    for (const id of ids) peer.send(send(id, `${id} ${'x'.repeat(3000)}`));
    await peer.next(
      (f) => (f.command === 'RECEIPT' && f.headers['receipt-id'] === ids[299]) || f.command === 'ERROR',
      60_000,
    );
    expect(ofConnection(peer, 'ERROR')).toEqual([]);
    expect(ofConnection(peer, 'RECEIPT')).toHaveLength(300);
    // The wait above allows 60 s: the test must not end before it on a busy machine.
  }, 120_000);
});

describe("the app's worker", () => {
  it('keeps a message the broker refused in the outbox and sends it later, stored once', async () => {
    tune({ send: { burst: 1, perSecond: 0.001 }, userSend: { burst: 1, perSecond: 0.001 } });
    await signOnHttp(base, 'vessel');
    const { db, client, tokens } = await openDevice(s, 'vessel');
    live = liveChat({
      db,
      client,
      tokens,
      isOnline: () => true,
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
      // No reconnect within the test: its status keeps the broker's word.
      reconnect: { baseMs: 600_000, maxMs: 600_000 },
    });
    const chat = live;
    await chat.start();
    await until(() => chat.status().subscribed);
    const cmd = createCommands({ db, client, triggerDrain: () => undefined, liveChat: chat });
    const status = async (id: string) =>
      (await db.chatMessages.where('clientMsgId').equals(id).first())?.status;

    const first = await cmd.sendChat(ROOM, `within the share ${Date.now()}`);
    await until(async () => (await status(first.clientMsgId)) === 'sent');
    // The second goes over the socket too, past the share: ERROR 429, and the socket closes.
    const text = `past the share ${Date.now()}`;
    const second = await cmd.sendChat(ROOM, text);
    await until(() => /^429 Too many messages/.test(chat.status().lastError ?? ''));
    expect(await status(second.clientMsgId)).toBe('pending');
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['chat']);

    // The outbox sends it once its hold for the RECEIPT is over (the worker's drain runs then).
    const later = Date.now() + 60_000;
    expect(await drain(db, client, { locks: memoryLocks(), now: () => later })).toMatchObject({
      applied: 1,
      remaining: 0,
    });
    expect(await status(second.clientMsgId)).toBe('sent');
    const page = (
      await s.call('GET', `/api/v2/app/chat/history/${ROOM}/0?size=100`, { as: 'vessel' })
    ).json<HistoryResponse>();
    expect(page.messages.filter((m) => m.msgText === text)).toHaveLength(1);
    expect(await db.chatMessages.where('clientMsgId').equals(second.clientMsgId).count()).toBe(1);
  }, 120_000);
});

/** Waits for what the broker or the worker will do; a deadline for a hang, not a measure (a busy CI machine took
 * over 10 s to subscribe). */
async function until(check: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
