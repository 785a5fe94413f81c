// Chat through the outbox and the sync pass, against the real server in process (architecture.md#the-outbox, architecture.md#when-the-worker-talks-to-the-server): read
// marks made offline are kept, the unread count falls at once and does not bounce back on a stale server count, and
// only the newest mark of a room is sent, once, when the link returns; the room list is part of every sync pass (a
// 304 when nothing changed) and brings the missed messages of rooms with new activity; a shore user's berth prospect
// waits offline as a pending message and is stored once; a push alert is asked for once, and refused once read.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type QuayDb, PENDING_MSG_SEQ } from '../src/device/db.ts';
import { configureHttp, httpConfig } from '../src/device/net/http.ts';
import type { ApiClient } from '../src/device/net/api-client.ts';
import { TokenStore } from '../src/device/net/token.ts';
import { drain, type DrainOptions } from '../src/device/outbox/drain.ts';
import { pendingCount } from '../src/device/outbox/count.ts';
import { applyServerUnread, storeChatMessages } from '../worker/chat/store.ts';
import { memoryLocks } from '../src/device/locks.ts';
import {
  roomIdOf,
  type ChatMember,
  type HistoryResponse,
  type UnreadItem,
} from '../src/core/contract/chat.ts';
import { EMPTY_BERTH_FORM } from '../src/core/chat-berth.ts';
import type { Commands } from '../worker/commands/commands.ts';
import { fetchNewest, syncRooms } from '../worker/chat/rest.ts';
import { createWorkerChat } from '../worker/chat/index.ts';
import { createLiveConnection } from '../worker/live/connection.ts';
import { createSyncService, type SyncService } from '../worker/sync/service.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { isPush, pushedCalls } from './helpers/push-wire.ts';
import { SYNC_PUSH_PATH } from '../src/core/contract/sync.ts';

const API = '/api/v2/app/chat';
const ROOM = roomIdOf('QHZN');

let s: TestServer;
let url = '';
/** The link: down throws as fetch does with no network; every request is noted as "METHOD path status". */
const net = { offline: false, dropAnswerOnce: null as RegExp | null };
const seen: string[] = [];
const services: SyncService[] = [];

/** Signs `usrId` on (its session cookie on every request) behind the test's link switch. */
async function signOn(usrId: string): Promise<{ db: QuayDb; client: ApiClient; cmd: Commands }> {
  await signOnHttp(url, usrId);
  const signed = httpConfig.fetch;
  configureHttp({
    fetch: async (input, init) => {
      if (net.offline) throw new TypeError('fetch failed');
      const res = await signed(input, init);
      const target = new URL(String(input));
      seen.push(`${init?.method ?? 'GET'} ${target.pathname} ${res.status}`);
      // A push carries the outbox's calls: each is noted as the call it stands for, with the status it got.
      const carried = isPush(target.pathname) ? await pushedCalls(init, res) : [];
      for (const c of carried) seen.push(`${c.method} ${c.path} ${c.status ?? '-'}`);
      const paths = [target.pathname, ...carried.map((c) => c.path)];
      if (net.dropAnswerOnce && paths.some((p) => net.dropAnswerOnce?.test(p))) {
        net.dropAnswerOnce = null;
        await res.text();
        throw new TypeError('fetch failed'); // the server applied it; the answer was lost on the way
      }
      return res;
    },
  });
  return openDevice(s, usrId);
}

const locks = memoryLocks();
const drainOpts: DrainOptions = { locks, backoff: { baseMs: 0, maxMs: 0 } };
const calls = (re: RegExp) => seen.filter((line) => re.test(line));

/** A shore member of QHZN's room (the chat-client test's way). */
async function shoreMember(): Promise<string> {
  const joined = (await s.call('GET', `${API}/join-list/V/?roomIds=${ROOM}`, { as: 'vessel' })).json<
    { members: ChatMember[] }[]
  >();
  const member = joined[0]?.members.find((m) => m.senderType === 'S')?.usrId;
  if (!member) throw new Error('no shore member');
  return member;
}

async function inject(sender: string, text: string, count = 1): Promise<number[]> {
  const res = await s.call('POST', '/api/dev/chat/messages', { body: { roomId: ROOM, sender, text, count } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ msgSeqs: number[] }>().msgSeqs;
}

const serverUnread = async (usrId: string): Promise<number> =>
  (await s.call('GET', `${API}/unread-list/V/?roomIds=${ROOM}`, { as: usrId })).json<UnreadItem[]>()[0]
    ?.unreadCount ?? -1;

/** The room's newest 100 messages on the server, oldest first, as `usrId` sees them. */
async function serverHistory(usrId: string): Promise<HistoryResponse['messages']> {
  const page = (
    await s.call('GET', `${API}/history/${ROOM}/0?size=100`, { as: usrId })
  ).json<HistoryResponse>();
  return [...page.messages].reverse();
}

beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterEach(() => {
  net.offline = false;
  net.dropAnswerOnce = null;
  seen.length = 0;
  while (services.length) services.pop()?.stop();
});
afterAll(() => s.close());

describe('read marks through the outbox', () => {
  it('falls at once offline, does not bounce back on a stale count, and sends only the newest mark, once', async () => {
    const shore = await shoreMember();
    const { db, client, cmd } = await signOn('vessel');
    const stamp = Date.now().toString(36);
    await syncRooms(db, client);
    // Read what waits first, so the three new messages are all there is to read.
    await fetchNewest(db, client, ROOM);
    const newest = (await db.chatRooms.get(ROOM))?.lastMessage?.msgSeq ?? 0;
    if ((await db.chatRooms.get(ROOM))?.unreadCount) {
      await cmd.markChatRead(ROOM, newest);
      await drain(db, client, drainOpts);
    }
    const [m1, m2, m3] = await inject(shore, `read me ${stamp}`, 3);
    await syncRooms(db, client);
    await fetchNewest(db, client, ROOM);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(3);
    expect(await serverUnread('vessel')).toBe(3);

    // At sea: two read marks, the count falls with each at once; one change waits (one room).
    net.offline = true;
    await cmd.markChatRead(ROOM, m1 ?? 0);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(2);
    await cmd.markChatRead(ROOM, m3 ?? 0);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);
    expect((await db.chatMessages.get([ROOM, m2 ?? 0]))?.readDate).not.toBeNull();
    // Read again: nothing new to mark, nothing queued.
    expect((await cmd.markChatRead(ROOM, m3 ?? 0)).opId).toBeNull();
    expect(await db.outbox.filter((r) => r.kind === 'chatRead').count()).toBe(2);
    expect(await pendingCount(db)).toBe(1);
    // A drain with no link merges the two marks into the newest (coalesced) and keeps it.
    expect(await drain(db, client, drainOpts)).toMatchObject({ applied: 0, coalesced: 1, remaining: 1 });

    // The server's count is stale while the marks wait: the unread topic and a room list sync say 3, the device 0.
    await applyServerUnread(db, ROOM, 3);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);
    net.offline = false;
    await syncRooms(db, client);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);
    expect(await serverUnread('vessel')).toBe(3);

    // The link is back: the newest mark goes, once, even when its first answer is lost; the older one never goes.
    seen.length = 0;
    net.dropAnswerOnce = /\/read-message\//;
    await drain(db, client, drainOpts);
    const result = await drain(db, client, { ...drainOpts, retryNow: true });
    expect(result).toMatchObject({ remaining: 0 });
    expect(calls(/read-message/)).toEqual([
      `GET ${API}/read-message/${m3} 200`,
      `GET ${API}/read-message/${m3} 200`,
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await serverUnread('vessel')).toBe(0);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);
    // The shore side sees its three messages read, once each, with the device's read time.
    const read = (await serverHistory(shore)).filter((m) => [m1, m2, m3].includes(m.msgSeq));
    expect(read.map((m) => m.readCount)).toEqual([1, 1, 1]);
    const audit = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mutations WHERE usr_id = 'vessel' AND path = $1`,
      [`${API}/read-message/${m3}`],
    );
    expect(audit[0]?.n).toBe(1);
  });

  it("keeps what the server sent while a read mark waits: the new message stays the room's last", async () => {
    const shore = await shoreMember();
    const { db, client, cmd } = await signOn('vessel');
    const [m1] = await inject(shore, `before the mark ${Date.now()}`);
    await syncRooms(db, client);
    await fetchNewest(db, client, ROOM);
    net.offline = true;
    await cmd.markChatRead(ROOM, m1 ?? 0);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);

    // The link returns; before the mark goes, the room topic brings a new message and the unread topic its count.
    net.offline = false;
    const [m2] = await inject(shore, `while the mark waits ${Date.now()}`);
    const topic = (await serverHistory('vessel')).find((m) => m.msgSeq === m2);
    expect(topic).toBeDefined();
    await storeChatMessages(db, topic ? [topic] : [], { dropOps: true });
    await applyServerUnread(db, ROOM, await serverUnread('vessel'));
    expect((await db.chatRooms.get(ROOM))?.lastMessage?.msgSeq).toBe(m2);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(1);

    // The mark goes and the drain rebases: the room is what the server has (its last message m2, one unread).
    expect(await drain(db, client, drainOpts)).toMatchObject({ applied: 1, remaining: 0 });
    const room = await db.chatRooms.get(ROOM);
    expect(room?.lastMessage?.msgSeq).toBe(m2);
    expect(room?.unreadCount).toBe(1);
    expect((await db.chatMessages.get([ROOM, m1 ?? 0]))?.readDate).not.toBeNull();
    expect((await db.chatMessages.get([ROOM, m2 ?? 0]))?.readDate).toBeNull();
    expect(await serverUnread('vessel')).toBe(1);
  });

  it('puts a refused read mark back: the messages are unread again and the count rises', async () => {
    const shore = await shoreMember();
    const { db, client, cmd } = await signOn('vessel');
    const [m] = await inject(shore, `refused read ${Date.now()}`);
    await syncRooms(db, client);
    await fetchNewest(db, client, ROOM);
    const before = (await db.chatRooms.get(ROOM))?.unreadCount ?? 0;
    expect(before).toBeGreaterThan(0);
    await cmd.markChatRead(ROOM, m ?? 0);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(0);
    // The server refuses this one for good (a 4xx): the read is undone on the device and only logged.
    const fault = await s.call('POST', '/api/dev/faults', {
      body: { path: `${API}/read-message/${m}`, status: 403, times: 1, usrId: 'vessel' },
    });
    expect(fault.statusCode, fault.body).toBe(200);
    expect(await drain(db, client, drainOpts)).toMatchObject({ refused: 1, remaining: 0 });
    expect((await db.chatMessages.get([ROOM, m ?? 0]))?.readDate).toBeNull();
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(before);
    expect(await db.getMeta('outboxFailures')).toEqual([
      expect.objectContaining({ kind: 'chatRead', toast: false }),
    ]);
  });
});

/** A signed-on device whose leading sync service runs the chat part of every pass, as the worker's does. */
async function chatLeader(usrId: string) {
  const { db } = await signOn(usrId);
  const tokens = new TokenStore(db);
  const sync = createSyncService({
    db,
    tokens,
    locks: memoryLocks(),
    isOnline: () => true,
    extra: (full, pulled) => chat.syncPass(full, pulled),
  });
  const live = createLiveConnection({ db, tokens, isOnline: () => true });
  const chat = createWorkerChat({ db, client: sync.client, live, isOnline: () => true });
  services.push(sync);
  sync.start();
  await sync.whenLeading();
  return { db, sync };
}

describe('chat in the sync pass', () => {
  it('takes the rooms from the pull and fetches missed messages; the room list on pull-to-refresh', async () => {
    const shore = await shoreMember();
    const { db, sync } = await chatLeader('vessel');
    // The first pass brings the rooms (the pull) and the vessel's service (product.md#what-happens-when), then the room's newest page.
    expect(calls(/\/chat\//)).toEqual([
      expect.stringMatching(new RegExp(`^GET ${API}/history/${ROOM}/0 200$`)),
    ]);
    const room = await db.chatRooms.get(ROOM);
    expect(room?.lastMessage).not.toBeNull();
    expect((await db.chatMessages.get([ROOM, room?.lastMessage?.msgSeq ?? 0]))?.msgText).toBe(
      room?.lastMessage?.msgText,
    );

    // Nothing new: no chat request at all.
    seen.length = 0;
    await sync.engine.request();
    expect(calls(/\/chat\//)).toEqual([]);

    // A message while the ship was not listening: the pull has the room's count and summary, then the message.
    const text = `missed ${Date.now()}`;
    const [m] = await inject(shore, text);
    const unread = (await db.chatRooms.get(ROOM))?.unreadCount ?? 0;
    seen.length = 0;
    await sync.engine.request();
    expect(calls(/\/chat\//)).toEqual([
      expect.stringMatching(new RegExp(`^GET ${API}/history/${ROOM}/0 200$`)),
    ]);
    expect((await db.chatMessages.get([ROOM, m ?? 0]))?.msgText).toBe(text);
    expect((await db.chatRooms.get(ROOM))?.unreadCount).toBe(unread + 1);
    expect((await db.chatRooms.get(ROOM))?.lastMessage?.msgSeq).toBe(m);

    // Pull-to-refresh asks for the room list (it also finds rooms left).
    seen.length = 0;
    await sync.syncNow();
    expect(calls(/my-room-list/)).toEqual([`GET ${API}/my-room-list/V 200`]);
    expect((await sync.getStatus()).lastError).toBeNull();
  });

  it('asks nothing of chat for a vessel whose service is not chat-enabled', async () => {
    const { db, sync } = await chatLeader('vessel2');
    await sync.engine.request();
    await sync.syncNow();
    expect(calls(/\/chat\//)).toEqual([]);
    expect(await db.chatRooms.count()).toBe(0);
    expect((await sync.getStatus()).lastError).toBeNull();
  });
});

describe('berth prospects and push alerts through the outbox', () => {
  const form = {
    ...EMPTY_BERTH_FORM,
    portCd: 'sgsin',
    ydNm: 'Pasir Panjang Terminal',
    etb: '2026-11-21T14:00',
    etd: '2026-11-22T06:00',
    remark: 'Pilot on board 13:00.',
  };

  it('waits offline as a pending message and is stored once when the link returns', async () => {
    const { db, client, cmd } = await signOn('staff');
    await syncRooms(db, client);
    net.offline = true;
    await expect(cmd.postBerthProspect('QHZN', { ...form, etd: '2026-11-20T06:00' })).rejects.toThrow(
      'The ETD must not be before the ETB.',
    );
    const { clientMsgId } = await cmd.postBerthProspect('QHZN', {
      ...form,
      remark: `${form.remark} ${Date.now()}`,
    });
    const pending = await db.chatMessages.where('clientMsgId').equals(clientMsgId).toArray();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending', msgTpCd: 'BERTH_PRSP', roomId: ROOM });
    expect(pending[0]?.msgText).toMatch(
      /^Berth prospect SGSIN Pasir Panjang Terminal: ETB 14:00 21-Nov, ETD 06:00 22-Nov \(UTC\)\. Pilot on board 13:00\./,
    );
    expect(await pendingCount(db)).toBe(1);

    net.offline = false;
    net.dropAnswerOnce = /\/berth-prsp\//;
    await drain(db, client, drainOpts);
    expect(await drain(db, client, { ...drainOpts, retryNow: true })).toMatchObject({ remaining: 0 });
    const stored = (await serverHistory('staff')).filter((m) => m.clientMsgId === clientMsgId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.msgText).toBe(pending[0]?.msgText);
    const local = await db.chatMessages.where('clientMsgId').equals(clientMsgId).toArray();
    expect(local).toEqual([expect.objectContaining({ status: 'sent', msgSeq: stored[0]?.msgSeq })]);
    expect(local[0]?.msgSeq).toBeLessThan(PENDING_MSG_SEQ);
  });

  it('is for shore users only, and a refused one stays on screen marked not sent', async () => {
    const vessel = await signOn('vessel');
    await expect(vessel.cmd.postBerthProspect('QHZN', form)).rejects.toMatchObject({
      name: 'ForbiddenError',
    });
    expect(await vessel.db.outbox.count()).toBe(0);

    const { db, client, cmd } = await signOn('staff');
    // ZZZZZ looks like a port code but is none: the server refuses it for good.
    const { clientMsgId } = await cmd.postBerthProspect('QHZN', { ...form, portCd: 'ZZZZZ' });
    expect(await drain(db, client, drainOpts)).toMatchObject({ refused: 1, remaining: 0 });
    const failed = await db.chatMessages.where('clientMsgId').equals(clientMsgId).first();
    expect(failed).toMatchObject({ status: 'failed', msgTpCd: 'BERTH_PRSP' });
    expect(failed?.error).toContain('ZZZZZ');
    expect(await db.getMeta('outboxFailures')).toEqual([
      expect.objectContaining({
        kind: 'berthProspect',
        toast: true,
        message: expect.stringContaining('ZZZZZ'),
      }),
    ]);
  });

  it('asks for a push alert once about an unread own message, and not once it was read', async () => {
    const shore = await shoreMember();
    const { db, client, cmd } = await signOn('vessel');
    await syncRooms(db, client);
    const { clientMsgId } = await cmd.sendChat(ROOM, `please call ${Date.now()}`);
    await drain(db, client, drainOpts);
    const mine = await db.chatMessages.where('clientMsgId').equals(clientMsgId).first();
    const msgSeq = mine?.msgSeq ?? 0;
    expect(mine?.status).toBe('sent');

    await cmd.askPushAlert(ROOM, msgSeq);
    expect((await db.chatMessages.get([ROOM, msgSeq]))?.alert).toBe('pending');
    expect((await cmd.askPushAlert(ROOM, msgSeq)).opId).toBeNull();
    seen.length = 0;
    expect(await drain(db, client, drainOpts)).toMatchObject({ applied: 1, remaining: 0 });
    expect(calls(/push-alert/)).toEqual([`POST ${API}/message/push-alert 200`]);
    expect(calls(/sync\/push/)).toEqual([`POST ${SYNC_PUSH_PATH} 200`]);
    expect((await db.chatMessages.get([ROOM, msgSeq]))?.alert).toBe('sent');

    // Another message, read by the shore before the alert is sent: the server says no (409), the ask is undone.
    const second = await cmd.sendChat(ROOM, `second ${Date.now()}`);
    await drain(db, client, drainOpts);
    const seq2 = (await db.chatMessages.where('clientMsgId').equals(second.clientMsgId).first())?.msgSeq ?? 0;
    await cmd.askPushAlert(ROOM, seq2);
    await s.call('GET', `${API}/read-message/${seq2}?roomId=${ROOM}&readSource=M`, { as: shore });
    expect(await drain(db, client, drainOpts)).toMatchObject({ refused: 1 });
    expect((await db.chatMessages.get([ROOM, seq2]))?.alert).toBeUndefined();
    expect(await db.getMeta('outboxFailures')).toEqual([
      expect.objectContaining({
        kind: 'pushAlert',
        toast: true,
        message: expect.stringContaining('already read'),
      }),
    ]);
  });
});
