// A vessel changes hands (sync.md#a-user-whose-rights-change), against the real server in process and the worker's
// sync in Node: a vessel user whose vessel changes has its live socket closed (it was subscribed to the old vessel's
// room), and its device's next sync drops the old vessel's data and brings the new one's, while a message still
// waiting for the old room is refused by the server and shown as refused, not lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocks } from '../src/device/locks.ts';
import { drain } from '../src/device/outbox/drain.ts';
import { roomIdOf, roomTopic } from '../src/core/contract/chat.ts';
import { SYNC_HINT_TOPIC } from '../src/core/contract/sync.ts';
import { recordEvent } from '../server/domain/events.ts';
import { createPageLoader } from '../worker/page-data/load-page.ts';
import { runSync } from '../worker/sync/run-sync.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { frame, Peer } from './helpers/stomp-peer.ts';

const OLD = 'QHZN';
const NEW = 'QMRD';

let s: TestServer;
let url = '';
beforeAll(async () => {
  s = await startTestServer();
  url = await s.listen();
});
afterAll(() => s.close());

/** What the user administration does (server/admin/users.ts): the vessel, and the userChanged event, in one transaction. */
const handOver = (usrId: string, vslCd: string) =>
  s.db.tx(async (sql) => {
    await sql.query('UPDATE users SET ofc_id = $2 WHERE usr_id = $1', [usrId, vslCd]);
    recordEvent(sql, { type: 'userChanged', usrId });
  });

/** A STOMP connection of the user, subscribed to the sync hint and the room if given. */
async function socketIn(usrId: string, roomId?: string): Promise<Peer> {
  const peer = await Peer.open(`${url.replace(/^http/, 'ws')}/ws`);
  peer.send(frame('CONNECT', { 'accept-version': '1.2', host: 'x', 'X-AUTH-TOKEN': await s.token(usrId) }));
  const reply = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  expect(reply.command, reply.headers.message).toBe('CONNECTED');
  if (roomId) peer.send(frame('SUBSCRIBE', { id: 'room', destination: roomTopic(roomId), receipt: 'r1' }));
  peer.send(frame('SUBSCRIBE', { id: 'hint', destination: SYNC_HINT_TOPIC, receipt: 'r2' }));
  const subscribed = await peer.next((f) => f.command === 'ERROR' || f.headers['receipt-id'] === 'r2');
  expect(subscribed.command, subscribed.headers.message).toBe('RECEIPT');
  return peer;
}

describe('a vessel user moved to another vessel', () => {
  it('loses its live room at once, and its device drops the old vessel and fetches the new one', async () => {
    await signOnHttp(url, 'vessel');
    const { db, client, cmd } = await openDevice(s, 'vessel');
    const loadPage = createPageLoader({ db, client, isOnline: () => true });
    expect((await runSync(db, client)).error).toBeNull();
    await loadPage('cascade', OLD);
    // The old vessel is on the device: its notifications, its room, its own-vessel record and pages.
    expect((await db.notifications.toArray()).some((n) => n.vslCd === OLD)).toBe(true);
    expect((await db.chatRooms.toArray()).map((r) => r.vslCd)).toEqual([OLD]);
    expect((await db.getMeta('ownVessel'))?.vslCd).toBe(OLD);
    expect(await db.pageData.get(`cascade:${OLD}`)).toBeDefined();

    const peer = await socketIn('vessel', roomIdOf(OLD));
    // Written at sea before the change: it waits in the outbox for the old vessel's room.
    await cmd.sendChat(roomIdOf(OLD), 'Draft 14.6 m at arrival');

    await handOver('vessel', NEW);

    // The socket kept the user as it signed on: it is closed, to connect again under the new rights.
    const error = await peer.next((f) => f.command === 'ERROR');
    expect(error.headers.message).toMatch(/^409 Your access changed/);
    await peer.closed;

    // The next sync: the old vessel's data goes, the new one's comes, from a fresh cursor.
    expect((await runSync(db, client)).error).toBeNull();
    expect((await db.getMeta('user'))?.ofcId).toBe(NEW);
    // This master has no notification about its new vessel yet: none of the old one's stays.
    expect((await db.notifications.toArray()).every((n) => n.vslCd === NEW)).toBe(true);
    expect((await db.notificationDetails.toArray()).every((d) => d.vslCd === NEW)).toBe(true);
    expect((await db.chatRooms.toArray()).map((r) => r.vslCd)).toEqual([NEW]);
    expect((await db.getMeta('ownVessel'))?.vslCd).toBe(NEW);
    expect(await db.pageData.get(`cascade:${OLD}`)).toBeUndefined();
    expect(await db.pageData.get(`vessel:${OLD}`)).toBeUndefined();
    const old = await db.chatMessages.where('roomId').equals(roomIdOf(OLD)).toArray();
    expect(old.every((m) => m.status === 'pending')).toBe(true);

    // The message for the old room is refused by the server, and the app says so.
    await drain(db, client, { locks: memoryLocks(), backoff: { baseMs: 0, maxMs: 0 } });
    expect(await db.outbox.count()).toBe(0);
    const failures = (await db.getMeta('outboxFailures')) ?? [];
    expect(failures.map((f) => f.kind)).toContain('chat');
    expect(failures.find((f) => f.kind === 'chat')?.message).toMatch(/not a member|may not|room/i);
  });

  it('judges a connection made before the change under the new rights, even when no event was heard', async () => {
    const peer = await socketIn('vessel2');
    // The change as an instance cut off from the bus would see it: the row changed, no event.
    await s.db.query('UPDATE users SET ofc_id = $2 WHERE usr_id = $1', ['vessel2', NEW]);
    peer.send(frame('SUBSCRIBE', { id: 'again', destination: SYNC_HINT_TOPIC, receipt: 'r3' }));
    const error = await peer.next((f) => f.command === 'ERROR' || f.headers['receipt-id'] === 'r3');
    expect(error.command).toBe('ERROR');
    expect(error.headers.message).toMatch(/^409 /);
  });
});
