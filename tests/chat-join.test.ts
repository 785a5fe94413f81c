// Opening a room the user is not in yet (product.md#chat-rooms), against the real server: staff, who may join any
// vessel's room, joins it through the vessel's initial subscription and gets its messages and the room in its list;
// a user who may not join, and a code that names no vessel, are told so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomIdOf } from '../src/core/contract/chat.ts';
import { openRoom } from '../worker/chat/rest.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

let s: TestServer;
let base = '';

beforeAll(async () => {
  s = await startTestServer();
  base = await s.listen();
});
afterAll(() => s.close());

/** A vessel's room that has messages and that `usrId` is not a member of. */
async function roomWithout(usrId: string): Promise<string> {
  const rows = await s.db.query<{ room_id: string }>(
    `SELECT r.room_id FROM chat_rooms r
      WHERE EXISTS (SELECT 1 FROM chat_messages m WHERE m.room_id = r.room_id)
        AND NOT EXISTS (SELECT 1 FROM chat_members cm WHERE cm.room_id = r.room_id AND cm.usr_id = $1)
      ORDER BY r.room_id LIMIT 1`,
    [usrId],
  );
  const roomId = rows[0]?.room_id;
  if (!roomId) throw new Error(`every room with messages has ${usrId}`);
  return roomId;
}

const isMember = async (roomId: string, usrId: string) =>
  (await s.db.query('SELECT 1 FROM chat_members WHERE room_id = $1 AND usr_id = $2', [roomId, usrId]))
    .length > 0;

describe('opening a room the user is not a member of', () => {
  it('joins staff, brings the messages, and lists the room among its rooms', async () => {
    const roomId = await roomWithout('staff');
    const { db, client } = await openDevice(s, 'staff');
    await signOnHttp(base, 'staff');
    expect(await openRoom(db, client, roomId)).toBe('fetched');
    expect(await isMember(roomId, 'staff')).toBe(true);
    expect(await db.chatMessages.where('roomId').equals(roomId).count()).toBeGreaterThan(0);
    expect(await db.chatRooms.get(roomId)).toMatchObject({ roomId });
  });

  it('leaves out a user who may not join, and says so', async () => {
    const roomId = roomIdOf('QHZN');
    expect(await isMember(roomId, 'viewer')).toBe(false);
    const { db, client } = await openDevice(s, 'viewer');
    await signOnHttp(base, 'viewer');
    expect(await openRoom(db, client, roomId)).toBe('not-member');
    expect(await isMember(roomId, 'viewer')).toBe(false);
    expect(await db.chatMessages.where('roomId').equals(roomId).count()).toBe(0);
  });

  it('says a code that names no vessel has no room, and makes none', async () => {
    const { db, client } = await openDevice(s, 'staff');
    await signOnHttp(base, 'staff');
    expect(await openRoom(db, client, roomIdOf('ZZZZ'))).toBe('unknown');
    expect(await s.db.query("SELECT 1 FROM chat_rooms WHERE room_id = 'V-ZZZZ'")).toEqual([]);
  });
});
