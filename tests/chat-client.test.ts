// The app side of chat against the real server in process (architecture.md#the-outbox, architecture.md#live-path): the worker's
// sendChat, the outbox drain and the leader's STOMP client (@stomp/stompjs over `ws`, Node 20 has no WebSocket),
// with fake-indexeddb. A message written offline is delivered once when the link returns, in order; a message
// sent over STOMP and by the outbox too is stored once; the room topic and the unread topic reach IndexedDB.
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type QuayDb, PENDING_MSG_SEQ } from '../src/device/db.ts';
import { checkLoggedUser } from '../src/device/net/checks.ts';
import { configureHttp } from '../src/device/net/http.ts';
import { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { drain } from '../src/device/outbox/drain.ts';
import { memoryLocks } from '../src/device/locks.ts';
import { roomIdOf, type ChatMember, type HistoryResponse } from '../src/core/contract/chat.ts';
import { createCommands, type Commands } from '../worker/commands/commands.ts';
import { liveChat, type LiveChat } from './helpers/live-chat.ts';
import { fetchNewest, loadOlder, syncRooms } from '../worker/chat/rest.ts';
import { openDevice } from './helpers/device.ts';
import { signOnSid } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const API = '/api/v2/app/chat';
const ROOM = roomIdOf('QHZN');

let s: TestServer;
let base = '';
let sid = '';
const net = { offline: false, dropAnswer: null as ((key: string | null) => boolean) | null };

const cookieFetch: typeof fetch = async (input, init) => {
  if (net.offline) throw new TypeError('fetch failed');
  const headers = new Headers(init?.headers);
  headers.set('cookie', `quay_sid=${sid}`);
  const res = await fetch(input, { ...init, headers });
  if (net.dropAnswer?.(headers.get('idempotency-key'))) {
    net.dropAnswer = null;
    await res.text();
    throw new TypeError('fetch failed');
  }
  return res;
};

let shoreMember = '';

beforeAll(async () => {
  s = await startTestServer();
  base = await s.listen();
  sid = await signOnSid(base, 'vessel');
  expect(sid).not.toBe('');
  configureHttp({ base, fetch: cookieFetch });
  const joined = (await s.call('GET', `${API}/join-list/V/?roomIds=${ROOM}`, { as: 'vessel' })).json<
    { roomId: string; members: ChatMember[] }[]
  >();
  shoreMember = joined[0]?.members.find((m) => m.senderType === 'S')?.usrId ?? '';
  expect(shoreMember).not.toBe('');
});
afterAll(() => s.close());

let db: QuayDb;
let client: ApiClient;
let tokens: TokenStore;
let cmd: Commands;
let live: LiveChat | null = null;
const locks = memoryLocks();

beforeEach(async () => {
  net.offline = false;
  net.dropAnswer = null;
  ({ db, tokens, client, cmd } = await openDevice(s));
});
afterEach(() => {
  live?.stop();
  live = null;
});

/** The room's messages on the server, oldest first (GET history, the newest page of 100). */
async function serverHistory(): Promise<HistoryResponse['messages']> {
  const page = (
    await s.call('GET', `${API}/history/${ROOM}/0?size=100`, { as: 'vessel' })
  ).json<HistoryResponse>();
  return [...page.messages].reverse();
}

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startLive(): LiveChat {
  const url = `${base.replace(/^http/, 'ws')}/ws`;
  live = liveChat({
    db,
    client,
    tokens,
    isOnline: () => !net.offline,
    webSocketFactory: () =>
      new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']) as unknown as IStompSocket,
    reconnect: { baseMs: 50, maxMs: 200 },
  });
  return live;
}

describe('chat on the device', () => {
  it('keeps messages written offline as pending, and delivers each once, in order, when the link returns', async () => {
    net.offline = true;
    const texts = ['offline one', 'offline two', 'offline three'].map((t) => `${t} ${Date.now()}`);
    for (const t of texts) await cmd.sendChat(ROOM, t);
    const local = await db.chatMessages.where('roomId').equals(ROOM).toArray();
    expect(local.map((m) => [m.msgText, m.status])).toEqual(texts.map((t) => [t, 'pending']));
    expect(local.every((m) => m.msgSeq > PENDING_MSG_SEQ)).toBe(true);
    expect(await db.outbox.where('entity').equals(`chat:${ROOM}`).count()).toBe(3);

    // A drain with no link keeps everything.
    const first = await drain(db, client, { locks, backoff: { baseMs: 0, maxMs: 0 } });
    expect(first.applied).toBe(0);

    // The link returns; the answer of the first send is lost after the server stored it: resent, stored once.
    net.offline = false;
    net.dropAnswer = () => true;
    await drain(db, client, { locks, backoff: { baseMs: 0, maxMs: 0 } });
    await drain(db, client, { locks, retryNow: true, backoff: { baseMs: 0, maxMs: 0 } });
    expect(await db.outbox.count()).toBe(0);

    const onServer = (await serverHistory()).filter((m) => texts.includes(m.msgText));
    expect(onServer.map((m) => m.msgText)).toEqual(texts);
    const after = await db.chatMessages.where('roomId').equals(ROOM).toArray();
    expect(after.map((m) => [m.msgText, m.status])).toEqual(texts.map((t) => [t, 'sent']));
    expect(after.map((m) => m.msgSeq)).toEqual(onServer.map((m) => m.msgSeq));
  });

  it('stores one message when it goes over STOMP and through the outbox both', async () => {
    const chat = startLive();
    await chat.start();
    await until(() => chat.status().subscribed);
    const text = `both ways ${Date.now()}`;
    const { clientMsgId } = await cmd.sendChat(ROOM, text); // queued, not yet sent
    expect(chat.send(ROOM, clientMsgId, text)).toBe(true);
    await drain(db, client, { locks });
    await until(
      async () => (await db.chatMessages.where('clientMsgId').equals(clientMsgId).first())?.status === 'sent',
    );
    await new Promise((r) => setTimeout(r, 200)); // the room topic's copy too
    const copies = await db.chatMessages.where('clientMsgId').equals(clientMsgId).toArray();
    expect(copies).toHaveLength(1);
    expect(copies[0]?.msgSeq).toBeLessThan(PENDING_MSG_SEQ);
    expect((await serverHistory()).filter((m) => m.clientMsgId === clientMsgId)).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(chat.status().receiptMs).not.toBeNull();
  });

  it('sends over STOMP at once when connected: the RECEIPT marks it sent and removes the outbox operation', async () => {
    const chat = startLive();
    await chat.start();
    await until(() => chat.status().subscribed);
    const liveCmd = createCommands({ db, client, triggerDrain: () => undefined, liveChat: chat });
    const text = `live ${Date.now()}`;
    const { clientMsgId } = await liveCmd.sendChat(ROOM, text);
    await until(
      async () => (await db.chatMessages.where('clientMsgId').equals(clientMsgId).first())?.status === 'sent',
    );
    expect(await db.outbox.count()).toBe(0);
    expect((await serverHistory()).filter((m) => m.msgText === text)).toHaveLength(1);
  });

  it('keeps the outbox copy of a message on the socket from a drain of the link coming back until the RECEIPT is late', async () => {
    // A socket that takes the SEND and has not answered yet (on a satellite link, most of a second).
    const slow = { canSend: () => true, send: () => true };
    const liveCmd = createCommands({ db, client, triggerDrain: () => undefined, liveChat: slow });
    const text = `on the socket ${Date.now()}`;
    await liveCmd.sendChat(ROOM, text);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['chat']);
    // Background Sync (another command registered it) or the online event: a drain that overrides backoffs.
    expect(await drain(db, client, { locks, retryNow: true })).toMatchObject({ applied: 0, remaining: 1 });
    // Nothing went by the outbox: the server has no such message (this socket never delivers it).
    expect((await serverHistory()).filter((m) => m.msgText === text)).toEqual([]);
  });

  it('sends over STOMP though a read mark of the room waits; only a waiting message keeps it in the outbox', async () => {
    const chat = startLive();
    await chat.start();
    await until(() => chat.status().subscribed);
    const text = `to read ${Date.now()}`;
    const res = await s.call('POST', '/api/dev/chat/messages', {
      body: { roomId: ROOM, sender: shoreMember, text },
    });
    const [msgSeq] = res.json<{ msgSeqs: number[] }>().msgSeqs;
    await until(async () => (await db.chatMessages.get([ROOM, msgSeq ?? 0]))?.msgText === text);
    await cmd.markChatRead(ROOM, msgSeq ?? 0);
    const liveCmd = createCommands({ db, client, triggerDrain: () => undefined, liveChat: chat });
    const { clientMsgId } = await liveCmd.sendChat(ROOM, `past the read mark ${Date.now()}`);
    await until(
      async () => (await db.chatMessages.where('clientMsgId').equals(clientMsgId).first())?.status === 'sent',
    );
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['chatRead']);

    // A message of the room still waiting (written offline): the next goes behind it, through the outbox.
    const queued = await cmd.sendChat(ROOM, `waiting ${Date.now()}`);
    const behind = await liveCmd.sendChat(ROOM, `behind it ${Date.now()}`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['chatRead', 'chat', 'chat']);
    for (const id of [queued.clientMsgId, behind.clientMsgId])
      expect((await db.chatMessages.where('clientMsgId').equals(id).first())?.status).toBe('pending');
  });

  it('writes what the room topic and the unread topic bring, and applies read receipts', async () => {
    const chat = startLive();
    await chat.start();
    await until(() => chat.status().subscribed);
    await until(async () => (await db.chatRooms.get(ROOM)) !== undefined);
    const text = `from shore ${Date.now()}`;
    const res = await s.call('POST', '/api/dev/chat/messages', {
      body: { roomId: ROOM, sender: shoreMember, text },
    });
    expect(res.statusCode).toBe(200);
    const [msgSeq] = res.json<{ msgSeqs: number[] }>().msgSeqs;
    await until(async () => (await db.chatMessages.get([ROOM, msgSeq ?? 0]))?.msgText === text);
    const room = await db.chatRooms.get(ROOM);
    expect(room?.lastMessage?.msgText).toBe(text);
    await until(async () => ((await db.chatRooms.get(ROOM))?.unreadCount ?? 0) > 0);

    // The vessel reads it: the count falls to 0 at once, and stays 0 once the read mark is sent (answer and topic).
    await cmd.markChatRead(ROOM, msgSeq ?? 0);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);
    expect(await drain(db, client, { locks })).toMatchObject({ applied: 1, remaining: 0 });
    await until(async () => (await db.chatRooms.get(ROOM))?.unreadCount === 0);

    // Its own message, read by the shore member: the receipt reaches the sender ("Read").
    const mine = `to shore ${Date.now()}`;
    const liveCmd = createCommands({ db, client, triggerDrain: () => undefined, liveChat: chat });
    const { clientMsgId } = await liveCmd.sendChat(ROOM, mine);
    await until(
      async () => (await db.chatMessages.where('clientMsgId').equals(clientMsgId).first())?.status === 'sent',
    );
    const sent = await db.chatMessages.where('clientMsgId').equals(clientMsgId).first();
    const read = await s.call('GET', `${API}/read-message/${sent?.msgSeq}?roomId=${ROOM}&readSource=M`, {
      as: shoreMember,
    });
    expect(read.json()).toMatchObject({ success: true });
    await until(async () =>
      ((await db.chatMessages.where('clientMsgId').equals(clientMsgId).first())?.readers ?? []).includes(
        shoreMember,
      ),
    );
  });

  it('loads the newest page, closes a gap after an outage, and pages back to the oldest message', async () => {
    await syncRooms(db, client);
    await fetchNewest(db, client, ROOM);
    const had = await db.chatMessages.where('roomId').equals(ROOM).count();
    expect(had).toBeGreaterThan(0);
    // 70 messages while this device was away: more than two pages.
    await s.call('POST', '/api/dev/chat/messages', {
      body: { roomId: ROOM, sender: shoreMember, text: 'gap', count: 70 },
    });
    await fetchNewest(db, client, ROOM);
    const gap = await db.chatMessages.filter((m) => m.msgText.startsWith('gap (')).count();
    expect(gap).toBe(70);
    while (await loadOlder(db, client, ROOM));
    expect((await db.chatRooms.get(ROOM))?.hasOlder).toBe(false);
    const [row] = await s.db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM chat_messages WHERE room_id = $1',
      [ROOM],
    );
    expect(await db.chatMessages.where('roomId').equals(ROOM).count()).toBe(row?.total);
  });

  it('holds the connection for the sync hint only for a vessel whose service is not chat-enabled', async () => {
    const other = checkLoggedUser(
      (await s.call('GET', '/api/v2/app/common/logged-user', { as: 'vessel2' })).json(),
    );
    if (!other) throw new Error('no user');
    await db.setMeta('user', other);
    // The device knows its own vessel (the sync brought it): its service is not chat-enabled.
    await db.setMeta(
      'ownVessel',
      (await s.call('GET', `/api/v2/app/vessel/current?vslCd=${other.ofcId}`, { as: 'vessel2' })).json(),
    );
    await db.setMeta('token', await s.token('vessel2'));
    const chatCalls: string[] = [];
    const forVessel2 = new ApiClient(new TokenStore(db));
    configureHttp({
      base,
      fetch: (input, init) => {
        if (String(input).includes('/chat/')) chatCalls.push(String(input));
        return cookieFetch(input, init);
      },
    });
    const url = `${base.replace(/^http/, 'ws')}/ws`;
    live = liveChat({
      db,
      client: forVessel2,
      tokens: new TokenStore(db),
      isOnline: () => true,
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
    });
    await live.start();
    await until(() => live?.status().subscribed ?? false);
    expect(live.status()).toMatchObject({ state: 'connected', rooms: 0 });
    expect(live.chatHeard()).toBe(false);
    expect(live.send(roomIdOf(other.ofcId), 'x_1', 'not over the socket')).toBe(false);
    expect(chatCalls).toEqual([]);
    expect(await db.chatRooms.count()).toBe(0);
    configureHttp({ base, fetch: cookieFetch });
  });
});
