// Live events across instances (issue 15): three servers in this process on one PostgreSQL and one RabbitMQ (Debian's,
// started on loopback by server/cluster/services.ts), STOMP clients on different instances. A message sent through
// A reaches subscribers on B and C once, each with its own unread count only; a change made through A pokes its
// user on B; signing out through A closes the session's socket on B; RabbitMQ restarted under a stream of
// messages: HTTP is served throughout, delivery resumes, and nothing is lost or doubled.
import { connect as amqpConnect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EXCHANGE } from '../../server/bus/amqp.ts';
import type { App } from '../../server/context.ts';
import { frame, Peer, type InFrame } from '../helpers/stomp-peer.ts';
import { startInstances, type Instances } from '../helpers/instances.ts';
import { UNREAD_TOPIC, roomTopic, type ChatMessage, type UnreadItem } from '../../src/core/contract/chat.ts';
import {
  SYNC_HINT_TOPIC,
  SYNC_PULL_PATH,
  type PullResponse,
  type SyncHint,
} from '../../src/core/contract/sync.ts';

const API = '/api/v2/app/chat';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: Instances;
let rabbit: Instances['rabbit'];
let apps: App[] = [];
let wsUrl: string[] = [];
const peers: Peer[] = [];
let ROOM = '';
let seq = 0;
const cid = (tag: string) => `c-${tag}-${Date.now().toString(36)}-${++seq}`;

const [A, B, C] = [0, 1, 2];

/** A fresh session through A's sign-on form: its cookie and token (good on every instance: one key, one database). */
async function signOn(usrId: string): Promise<{ sid: string; token: string }> {
  const a = apps[A];
  if (!a) throw new Error('no instance A');
  const login = await a.inject({ method: 'POST', url: '/sso/login', payload: { usrId, password: 'demo' } });
  expect(login.statusCode).toBe(303);
  const sid = login.cookies.find((c) => c.name === 'quay_sid')?.value ?? '';
  const refresh = await a.inject({ method: 'GET', url: '/IBP_REFRESH.do', cookies: { quay_sid: sid } });
  const token = refresh.json<{ token?: string }>().token;
  if (!token) throw new Error(`no token for ${usrId}`);
  return { sid, token };
}

const tokens = new Map<string, string>();
async function token(usrId: string): Promise<string> {
  const known = tokens.get(usrId);
  if (known) return known;
  const t = (await signOn(usrId)).token;
  tokens.set(usrId, t);
  return t;
}

async function call(on: number, method: string, url: string, as: string, body?: unknown) {
  const app = apps[on];
  if (!app) throw new Error(`no instance ${on}`);
  return app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-auth-token': await token(as) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function connected(on: number, tok: string, ...destinations: string[]): Promise<Peer> {
  const peer = await Peer.open(wsUrl[on] ?? '');
  peers.push(peer);
  peer.send(
    frame('CONNECT', { 'accept-version': '1.2', host: 'quay', 'heart-beat': '0,0', 'X-AUTH-TOKEN': tok }),
  );
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  for (const destination of destinations) {
    const receipt = `sub-${destination}`;
    peer.send(frame('SUBSCRIBE', { id: destination, destination, receipt }));
    expect((await peer.receipt(receipt)).command).toBe('RECEIPT');
  }
  return peer;
}

const roomMessages = (peer: Peer): ChatMessage[] =>
  peer
    .messages(roomTopic(ROOM))
    .filter((f) => f.headers.event === 'message')
    .map((f) => JSON.parse(f.body) as ChatMessage);

const unreadItems = (peer: Peer): UnreadItem[] =>
  peer.messages(UNREAD_TOPIC).map((f) => JSON.parse(f.body) as UnreadItem);

async function send(on: number, as: string, text: string): Promise<number> {
  const res = await call(on, 'POST', `${API}/message`, as, {
    roomId: ROOM,
    clientMsgId: cid('m'),
    msgText: text,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ msgSeq?: number; message?: { msgSeq: number } }>();
  const msgSeq = body.msgSeq ?? body.message?.msgSeq;
  if (typeof msgSeq !== 'number') throw new Error(`no msgSeq in ${res.body}`);
  return msgSeq;
}

/** Waits until the peer has had the room message with this text. */
const heard = (peer: Peer, text: string, ms = 10_000): Promise<InFrame> =>
  peer.next((f) => f.headers.event === 'message' && (JSON.parse(f.body) as ChatMessage).msgText === text, ms);

const allReady = (ms?: number) => cluster.allReady(ms);

beforeAll(async () => {
  cluster = await startInstances(3);
  ({ rabbit, apps, wsUrl } = cluster);
  const rows = await apps[A]?.ctx.db.query<{ ofc_id: string }>(
    `SELECT ofc_id FROM users WHERE usr_id = 'vessel'`,
  );
  ROOM = `V-${rows?.[0]?.ofc_id ?? ''}`;
  // The vessel, staff and the operator are members of the vessel's room.
  for (const as of ['vessel', 'staff', 'operator']) {
    const res = await call(A, 'GET', `${API}/init-sub/vessel/${ROOM.slice(2)}`, as);
    expect(res.statusCode, res.body).toBe(200);
  }
});

afterAll(async () => {
  for (const p of peers) p.close();
  await cluster?.stop();
});

describe('live events across instances', () => {
  it('a message sent through A reaches subscribers on B and C once, each with its own unread count only', async () => {
    for (const as of ['vessel', 'operator', 'staff'])
      await call(A, 'GET', `${API}/read-messages/${ROOM}`, as);
    const ship = await connected(B, await token('vessel'), roomTopic(ROOM), UNREAD_TOPIC);
    const office = await connected(C, await token('operator'), roomTopic(ROOM), UNREAD_TOPIC);
    const sender = await connected(A, await token('staff'), roomTopic(ROOM), UNREAD_TOPIC);
    const sent: number[] = [];
    const took: number[] = [];
    for (const text of ['one', 'two', 'three']) {
      const t0 = performance.now();
      sent.push(await send(A, 'staff', text));
      took.push((await heard(ship, text)).at - t0);
    }
    for (const peer of [ship, office, sender]) await heard(peer, 'three');
    console.log(`send through A to delivery on B: ${took.map((ms) => `${ms.toFixed(1)} ms`).join(', ')}`);
    // Each unread listener's count reaches 3 (the sender's stays 0): then nothing more is on its way.
    for (const [peer, me, n] of [
      [ship, 'vessel', 3],
      [office, 'operator', 3],
      [sender, 'staff', 0],
    ] as const) {
      await peer.next(
        (f) =>
          f.headers.destination === UNREAD_TOPIC &&
          (JSON.parse(f.body) as UnreadItem).unreadCount === n &&
          unreadItems(peer).length >= 3,
        10_000,
      );
      const items = unreadItems(peer);
      expect(items.every((i) => i.subscriber === me && i.roomId === ROOM)).toBe(true);
    }
    // A last message through C, heard everywhere: whatever A published before it has come too.
    await send(C, 'operator', 'marker 1');
    for (const peer of [ship, office, sender]) await heard(peer, 'marker 1');
    for (const peer of [ship, office, sender]) {
      const seqs = roomMessages(peer)
        .map((m) => m.msgSeq)
        .filter((s) => sent.includes(s));
      expect(seqs).toEqual(sent);
    }
  });

  it('a change made through A pokes its user on B with a sync hint', async () => {
    const ship = await connected(B, await token('vessel'), SYNC_HINT_TOPIC);
    const office = await connected(C, await token('operator'), SYNC_HINT_TOPIC);
    const res = await apps[A]?.inject({
      method: 'POST',
      url: '/api/dev/notifications',
      payload: { usrId: 'vessel', notId: 'N002', count: 1 },
    });
    expect(res?.statusCode, res?.body).toBeLessThan(300);
    const hint = await ship.next((f) => f.headers.destination === SYNC_HINT_TOPIC, 10_000);
    expect((JSON.parse(hint.body) as SyncHint).k).toContain('notifications');
    // The vessel's change is not the operator's: C's socket hears only the operator's own, made after it.
    await apps[A]?.inject({
      method: 'POST',
      url: '/api/dev/notifications',
      payload: { usrId: 'operator', notId: 'N002', count: 1 },
    });
    await office.next((f) => f.headers.destination === SYNC_HINT_TOPIC, 10_000);
    expect(office.messages(SYNC_HINT_TOPIC)).toHaveLength(1);
    expect(ship.messages(SYNC_HINT_TOPIC)).toHaveLength(1);
  });

  it("signing out through A closes the session's socket on B, and only that session's", async () => {
    const session = await signOn('staff');
    const other = await connected(B, await token('staff'), UNREAD_TOPIC);
    const doomed = await connected(B, session.token, UNREAD_TOPIC);
    const res = await apps[A]?.inject({
      method: 'GET',
      url: '/IBP_REFRESH.do?f_cmd=11',
      cookies: { quay_sid: session.sid },
      headers: { 'x-auth-token': session.token },
    });
    expect(res?.json()).toEqual({ Result: 'Ok' });
    const err = await doomed.command('ERROR', 10_000);
    expect(err.headers.message).toBe('401 Signed out');
    await doomed.closed;
    // The other session of the same user stays.
    other.send(frame('SUBSCRIBE', { id: 'x', destination: SYNC_HINT_TOPIC, receipt: 'still' }));
    expect((await other.receipt('still')).command).toBe('RECEIPT');
  });

  it('drops what comes on the exchange that is not a live event, and goes on', async () => {
    const ship = await connected(B, await token('vessel'), roomTopic(ROOM));
    const intruder = await amqpConnect(rabbit.url);
    const ch = await intruder.createConfirmChannel();
    const fake = { roomId: ROOM, msgSeq: 'x', msgText: 'not a message' };
    for (const body of [
      'not json',
      JSON.stringify({ t: 'message', msg: fake }),
      JSON.stringify({ t: 'nuke' }),
    ])
      ch.publish(LIVE_EXCHANGE, '', Buffer.from(body), { appId: 'intruder' });
    await ch.waitForConfirms();
    await intruder.close();
    await send(A, 'staff', 'after the junk');
    await heard(ship, 'after the junk');
    expect(ship.frames.filter((f) => f.command === 'ERROR')).toEqual([]);
    expect(roomMessages(ship).every((m) => typeof m.msgSeq === 'number')).toBe(true);
  });

  it('RabbitMQ restarted under a stream of messages: HTTP goes on, delivery resumes, nothing lost or doubled', async () => {
    const ship = await connected(B, await token('vessel'), roomTopic(ROOM));
    const office = await connected(C, await token('operator'), roomTopic(ROOM));
    const sender = await connected(A, await token('staff'), roomTopic(ROOM));
    const sent: number[] = [];
    let streaming = true;
    let sawDown = false;
    const stream = (async () => {
      for (let i = 0; streaming || i < 10; i++) {
        sent.push(await send(A, 'staff', `stream ${i}`));
        if (!apps[A]?.ctx.bus.ready()) sawDown = true;
        await sleep(100);
      }
    })();
    await sleep(500);
    await rabbit.restart();
    await allReady();
    streaming = false;
    await stream;
    expect(sawDown).toBe(true);
    const last = await send(A, 'staff', 'marker 3');
    for (const peer of [ship, office, sender]) await heard(peer, 'marker 3', 20_000);
    // Catch-ups after the link came back may still be sending: a moment for them, then count.
    await sleep(1000);
    for (const peer of [ship, office, sender]) {
      const seqs = roomMessages(peer)
        .map((m) => m.msgSeq)
        .filter((s) => sent.includes(s));
      expect(new Set(seqs).size, 'no message twice').toBe(seqs.length);
      expect(
        [...seqs].sort((x, y) => x - y),
        'every message, live',
      ).toEqual(sent);
    }
    // The app's own catch-up (the history after a reconnect) finds the same messages in PostgreSQL.
    const stored = new Set<number>();
    for (let before = 0, more = true; more;) {
      const page = (await call(B, 'GET', `${API}/history/${ROOM}/${before}`, 'vessel')).json<{
        messages: ChatMessage[];
        hasMore: boolean;
      }>();
      for (const m of page.messages) stored.add(m.msgSeq);
      before = page.messages.at(-1)?.msgSeq ?? 0;
      more = page.hasMore && (sent[0] ?? 0) < before;
    }
    for (const s of sent) expect(stored.has(s), `message ${s} stored`).toBe(true);
    // And the sync's pull, through another instance, has the room's summary up to the last message.
    let room: PullResponse['chatRooms'] = [];
    for (let cursor: string | undefined, more = true; more;) {
      const res = await call(C, 'POST', SYNC_PULL_PATH, 'vessel', { cursor: cursor ?? null });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<PullResponse>();
      room = [...(room ?? []), ...(page.chatRooms ?? []).filter((r) => r.roomId === ROOM)];
      ({ cursor, more } = page);
    }
    expect(room?.at(-1)?.lastMessage?.msgSeq).toBe(last);
  });
});
