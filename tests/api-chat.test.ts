// Integration tests of the chat REST routes under /api/v2/app/chat against the real server and the seeded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';

const API = '/api/v2/app/chat';
let s: TestServer;
/** The demo vessel user's vessel and room (lane chat-enabled), and vessel2's (lane not chat-enabled). */
let V = '';
let ROOM = '';
let V2 = '';
let ROOM2 = '';
/** A port of the seed. */
let PORT = '';
/** An agent created here with no relations at all: never a member, never allowed to join. */
const STRANGER = 'chat_stranger';
let seq = 0;
const cid = (tag: string) => `t-${tag}-${Date.now().toString(36)}-${++seq}`;

interface Msg {
  msgSeq: number;
  roomId: string;
  clientMsgId: string | null;
  sender: string;
  senderNm: string;
  senderType: 'V' | 'S';
  msgTpCd: string;
  msgText: string;
  creDt: string;
  readDate: string | null;
  readSource: string | null;
  readCount: number;
}
interface Room {
  roomId: string;
  roomNm: string;
  userId: string;
  svceLaneCd: string;
  vslCd: string;
  unreadCount: number;
  subscriber: string;
  lastMessage: {
    msgSeq: number;
    sender: string;
    senderNm?: string;
    senderType: string;
    msgText: string;
    creDt: string;
  } | null;
}

const get = (url: string, as?: string, headers?: Record<string, string>) =>
  s.call('GET', `${API}${url}`, { ...(as ? { as } : {}), ...(headers ? { headers } : {}) });
const post = (url: string, body: unknown, as?: string, headers?: Record<string, string>) =>
  s.call('POST', `${API}${url}`, { body, ...(as ? { as } : {}), ...(headers ? { headers } : {}) });

async function send(as: string, msgText: string, roomId = ROOM): Promise<Msg> {
  const res = await post('/message', { roomId, clientMsgId: cid(as), msgText }, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: Msg }>().message;
}

async function unreadOf(as: string, roomId = ROOM): Promise<number> {
  const res = await get(`/unread-list/V/?roomIds=${roomId}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ unreadCount: number }[]>()[0]?.unreadCount ?? -1;
}

function expect400(res: { statusCode: number; json: <T>() => T; body: string }, field: string): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ message: string }>().message).toContain(field);
}

beforeAll(async () => {
  s = await startTestServer();
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => {
    const rows = await s.db.query<T>(sql, params);
    if (!rows[0]) throw new Error(`no row for ${sql}`);
    return rows[0];
  };
  V = (await one<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel'`)).ofc_id;
  V2 = (await one<{ ofc_id: string }>(`SELECT ofc_id FROM users WHERE usr_id = 'vessel2'`)).ofc_id;
  ROOM = `V-${V}`;
  ROOM2 = `V-${V2}`;
  PORT = (await one<{ port_cd: string }>('SELECT port_cd FROM ports ORDER BY port_cd LIMIT 1')).port_cd;
  // A clean non-member: an agent with no ports and no followed vessels, signing on with the demo password.
  await s.db.query(
    `INSERT INTO users (usr_id, usr_nm, usr_tp_cd, usr_role_cd, ofc_id, password_hash)
     SELECT $1, 'Chat Stranger', '3', 'AGT00', 'XXX', password_hash FROM users WHERE usr_id = 'agent'`,
    [STRANGER],
  );
  // The viewer (type 6) is made a non-member who follows nothing; the operator (type 5) follows the vessel.
  await s.db.query(`DELETE FROM user_relations WHERE usr_id = 'viewer' AND rel_tp_cd = 'REL_USR_VSL'`);
  await s.db.query(`DELETE FROM chat_members WHERE usr_id = 'viewer'`);
  await s.db.query(
    `INSERT INTO user_relations (usr_id, rel_tp_cd, rel_cd) VALUES ('operator', 'REL_USR_VSL', $1) ON CONFLICT DO NOTHING`,
    [V],
  );
  // The vessel and the staff user open the vessel's room (init-sub is tested below as well).
  expect((await get(`/init-sub/vessel/${V}`, 'vessel')).statusCode).toBe(200);
  expect((await get(`/init-sub/vessel/${V}`, 'staff')).statusCode).toBe(200);
});

afterAll(async () => {
  await s?.close();
});

/** One call per route, with input that would be good for a member. */
const ROUTES = (): [string, string, unknown?][] => [
  ['GET', '/my-room-list/V'],
  ['GET', '/my-room-list/'],
  ['GET', `/history/${ROOM}/0`],
  ['GET', `/init-sub/vessel/${V}`],
  ['GET', `/read-message/1?roomId=${ROOM}&readSource=M`],
  ['GET', `/read-messages/${ROOM}`],
  ['GET', `/join-list/V/?roomIds=${ROOM}`],
  ['GET', `/unread-list/V/?roomIds=${ROOM}`],
  ['GET', `/messages/unread/${ROOM}`],
  ['POST', '/message/push-alert', { roomId: ROOM, msgSeq: 1 }],
  ['POST', `/berth-prsp/message/${V}`, { portCd: 'SGSIN' }],
  ['POST', '/message', { roomId: ROOM, clientMsgId: 'x1', msgText: 'hi' }],
];

describe('every chat route', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url, body] of ROUTES()) {
      const res = await s.call(method, `${API}${url}`, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json<{ name: string }>().name).toBe('AuthenticationError');
    }
  });

  it("answers 403 to a vessel user whose lane is not chat-enabled (vessel2), even for its own vessel's room", async () => {
    const own: [string, string, unknown?][] = [
      ['GET', `/init-sub/vessel/${V2}`],
      ['GET', `/history/${ROOM2}/0`],
      ['POST', '/message', { roomId: ROOM2, clientMsgId: 'x2', msgText: 'hi' }],
    ];
    for (const [method, url, body] of [...ROUTES(), ...own]) {
      const res = await s.call(method, `${API}${url}`, {
        as: 'vessel2',
        ...(body === undefined ? {} : { body }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<{ message: string }>().message).toBe("Chat is not enabled for this vessel's service");
    }
  });
});

describe('GET /my-room-list/:type', () => {
  it("lists the vessel user's own room first, with unread count and last message", async () => {
    const last = await send('staff', 'room list check');
    const res = await get('/my-room-list/V', 'vessel');
    expect(res.statusCode).toBe(200);
    const rooms = res.json<Room[]>();
    const first = rooms[0];
    expect(first).toMatchObject({ roomId: ROOM, vslCd: V, userId: 'vessel', subscriber: 'vessel' });
    expect(first?.unreadCount).toBeGreaterThan(0);
    // The preview names its sender as people read it: the name beside the ID, as the message itself carries it.
    expect(last.senderNm).toBeTruthy();
    expect(first?.lastMessage).toMatchObject({
      msgSeq: last.msgSeq,
      sender: 'staff',
      senderNm: last.senderNm,
      senderType: 'S',
      msgText: 'room list check',
    });
    expect(typeof first?.roomNm).toBe('string');
    expect(typeof first?.svceLaneCd).toBe('string');
  });

  it("defaults the type to V, and orders a shore user's rooms by newest message", async () => {
    const a = await get('/my-room-list/', 'staff');
    const b = await get('/my-room-list/V', 'staff');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const rooms = a.json<Room[]>();
    expect(rooms.map((r) => r.roomId)).toContain(ROOM);
    const times = rooms.map((r) => r.lastMessage?.creDt ?? '').filter(Boolean);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('rejects other room types with 400 naming the field', async () => {
    expect400(await get('/my-room-list/X', 'vessel'), 'params.type');
  });

  it('lists nothing for a user in no room', async () => {
    const res = await get('/my-room-list/V', STRANGER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('GET /init-sub/vessel/:vslCd', () => {
  it('joins a shore user who follows the vessel and lists the members', async () => {
    const res = await get(`/init-sub/vessel/${V}`, 'operator');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      roomId: string;
      vslCd: string;
      subscribed: boolean;
      members: { usrId: string; senderType: string }[];
    }>();
    expect(body).toMatchObject({ roomId: ROOM, vslCd: V, subscribed: true });
    expect(body.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ usrId: 'vessel', senderType: 'V' })]),
    );
    expect(body.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ usrId: 'operator', senderType: 'S' })]),
    );
  });

  it("adds listed users only when they are that vessel's type-4 users (comma list and repeated keys)", async () => {
    for (const id of ['chat_crew2', 'chat_crew3']) {
      await s.db.query(
        `INSERT INTO users (usr_id, usr_nm, usr_tp_cd, usr_role_cd, ofc_id, password_hash) VALUES ($1, $1, '4', 'VSL00', $2, 'x')`,
        [id, V],
      );
    }
    const a = await get(`/init-sub/vessel/${V}?vesselUserIds=chat_crew2,viewer`, 'vessel');
    expect(a.statusCode, a.body).toBe(200);
    const b = await get(`/init-sub/vessel/${V}?vesselUserIds=chat_crew3&vesselUserIds=${STRANGER}`, 'vessel');
    expect(b.statusCode, b.body).toBe(200);
    const ids = b.json<{ members: { usrId: string }[] }>().members.map((m) => m.usrId);
    expect(ids).toEqual(expect.arrayContaining(['chat_crew2', 'chat_crew3', 'vessel']));
    expect(ids).not.toContain('viewer');
    expect(ids).not.toContain(STRANGER);
  });

  it('rejects a bad vessel code or user id with 400 naming the field', async () => {
    expect400(await get('/init-sub/vessel/toolong', 'staff'), 'params.vslCd');
    expect400(
      await get(`/init-sub/vessel/${V}?vesselUserIds=bad%20id`, 'vessel'),
      'querystring.vesselUserIds',
    );
  });

  it('forbids a vessel user other vessels and a shore user vessels it has no tie to', async () => {
    expect((await get(`/init-sub/vessel/${V2}`, 'vessel')).statusCode).toBe(403);
    expect((await get(`/init-sub/vessel/${V}`, 'viewer')).statusCode).toBe(403);
    expect((await get(`/init-sub/vessel/${V}`, STRANGER)).statusCode).toBe(403);
    const rows = await s.db.query('SELECT 1 FROM chat_members WHERE usr_id = ANY($1::text[])', [
      ['viewer', STRANGER],
    ]);
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown vessel', async () => {
    expect((await get('/init-sub/vessel/ZZZ9', 'staff')).statusCode).toBe(404);
  });
});

describe('POST /message', () => {
  it('stores a message of a member and answers it', async () => {
    const clientMsgId = cid('send');
    const res = await post('/message', { roomId: ROOM, clientMsgId, msgText: '  Pilot at 0600  ' }, 'vessel');
    expect(res.statusCode, res.body).toBe(200);
    const { message, duplicate } = res.json<{ message: Msg; duplicate: boolean }>();
    expect(duplicate).toBe(false);
    expect(message).toMatchObject({
      roomId: ROOM,
      clientMsgId,
      sender: 'vessel',
      senderType: 'V',
      msgTpCd: 'TEXT',
      msgText: 'Pilot at 0600',
      readCount: 0,
    });
    expect(new Date(message.creDt).toISOString()).toBe(message.creDt);
    expect((await send('staff', 'shore side')).senderType).toBe('S');
  });

  it('stores a message sent twice with the same clientMsgId once', async () => {
    const body = { roomId: ROOM, clientMsgId: cid('dup'), msgText: 'once only' };
    const a = await post('/message', body, 'vessel');
    const b = await post('/message', body, 'vessel');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json<{ duplicate: boolean }>().duplicate).toBe(true);
    expect(b.json<{ message: Msg }>().message.msgSeq).toBe(a.json<{ message: Msg }>().message.msgSeq);
    const rows = await s.db.query(
      `SELECT 1 FROM chat_messages WHERE sender = 'vessel' AND client_msg_id = $1`,
      [body.clientMsgId],
    );
    expect(rows).toHaveLength(1);
    const other = await post('/message', { ...body, msgText: 'something else' }, 'vessel');
    expect(other.statusCode).toBe(409);
  });

  it('answers a repeated Idempotency-Key with the first answer', async () => {
    const key = `chat-${cid('key')}`;
    const body = { roomId: ROOM, clientMsgId: cid('idem'), msgText: 'idempotent' };
    const a = await post('/message', body, 'vessel', { 'idempotency-key': key });
    const b = await post('/message', body, 'vessel', { 'idempotency-key': key });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const rows = await s.db.query(`SELECT 1 FROM chat_messages WHERE client_msg_id = $1`, [body.clientMsgId]);
    expect(rows).toHaveLength(1);
  });

  it('keeps chat text exactly as sent (never HTML)', async () => {
    const text = '<script>alert(1)</script> & "quotes" \'n\' <b>bold</b>';
    const sent = await send('vessel', text);
    expect(sent.msgText).toBe(text);
    const rows = await s.db.query<{ msg_text: string }>(
      'SELECT msg_text FROM chat_messages WHERE msg_seq = $1',
      [sent.msgSeq],
    );
    expect(rows[0]?.msg_text).toBe(text);
    const page = (await get(`/history/${ROOM}/0?size=5`, 'staff')).json<{ messages: Msg[] }>();
    expect(page.messages.find((m) => m.msgSeq === sent.msgSeq)?.msgText).toBe(text);
  });

  it('rejects bad input with 400 naming the field', async () => {
    expect400(
      await post('/message', { roomId: ROOM, clientMsgId: 'has space', msgText: 'x' }, 'vessel'),
      'body.clientMsgId',
    );
    expect400(
      await post('/message', { roomId: ROOM, clientMsgId: 'a'.repeat(65), msgText: 'x' }, 'vessel'),
      'body.clientMsgId',
    );
    expect400(
      await post('/message', { roomId: ROOM, clientMsgId: 'ok1', msgText: '' }, 'vessel'),
      'body.msgText',
    );
    expect400(
      await post('/message', { roomId: ROOM, clientMsgId: 'ok2', msgText: ' \n\t ' }, 'vessel'),
      'body.msgText',
    );
    expect400(
      await post('/message', { roomId: ROOM, clientMsgId: 'ok3', msgText: 'x'.repeat(4001) }, 'vessel'),
      'body.msgText',
    );
    // PostgreSQL text cannot hold NUL: refused with 400, never a 500.
    const nul = await post('/message', { roomId: ROOM, clientMsgId: 'ok6', msgText: 'a\u0000b' }, 'vessel');
    expect400(nul, 'body.msgText');
    expect(nul.json<{ message: string }>().message).toContain('NUL');
    expect400(await post('/message', { clientMsgId: 'ok4', msgText: 'x' }, 'vessel'), 'roomId');
    expect400(
      await post('/message', { roomId: 'nope', clientMsgId: 'ok5', msgText: 'x' }, 'vessel'),
      'body.roomId',
    );
    const stored = await s.db.query(`SELECT 1 FROM chat_messages WHERE client_msg_id LIKE 'ok%'`);
    expect(stored).toHaveLength(0);
  });

  it('forbids non-members (403) and answers 404 for an unknown room', async () => {
    expect(
      (await post('/message', { roomId: ROOM, clientMsgId: cid('x'), msgText: 'hi' }, STRANGER)).statusCode,
    ).toBe(403);
    expect(
      (await post('/message', { roomId: ROOM, clientMsgId: cid('x'), msgText: 'hi' }, 'viewer')).statusCode,
    ).toBe(403);
    expect(
      (await post('/message', { roomId: 'V-ZZZ9', clientMsgId: cid('x'), msgText: 'hi' }, 'staff'))
        .statusCode,
    ).toBe(404);
  });
});

describe('live side of REST calls', () => {
  it('hands a new message to the broker once; a resend or a replayed Idempotency-Key hands nothing', async () => {
    const handed: number[] = [];
    const live = s.app.ctx.chat;
    const original = live.messagesStored.bind(live);
    live.messagesStored = (stored) => {
      handed.push(...stored.map((m) => (typeof m === 'number' ? m : m.msgSeq)));
      return original(stored);
    };
    try {
      const body = { roomId: ROOM, clientMsgId: cid('live'), msgText: 'live once' };
      const headers = { 'idempotency-key': `live-${cid('k')}` };
      const a = await post('/message', body, 'vessel', headers);
      await post('/message', body, 'vessel', headers);
      await post('/message', body, 'vessel');
      const berth = await post(`/berth-prsp/message/${V}`, { portCd: PORT }, 'staff');
      expect(handed).toEqual([
        a.json<{ message: Msg }>().message.msgSeq,
        berth.json<{ message: Msg }>().message.msgSeq,
      ]);
    } finally {
      live.messagesStored = original;
    }
  });

  it('sends a read receipt only when something was marked read', async () => {
    const reads: [string, string, number | null][] = [];
    const live = s.app.ctx.chat;
    const original = live.messagesRead.bind(live);
    live.messagesRead = (roomId, reader, upto) => {
      reads.push([roomId, reader.usrId, upto]);
      return original(roomId, reader, upto);
    };
    try {
      await get(`/read-messages/${ROOM}`, 'vessel');
      reads.length = 0;
      const m = await send('staff', 'read me');
      await get(`/read-message/${m.msgSeq}?roomId=${ROOM}&readSource=M`, 'vessel');
      await get(`/read-message/${m.msgSeq}?roomId=${ROOM}&readSource=M`, 'vessel');
      await send('staff', 'and me');
      await get(`/read-messages/${ROOM}`, 'vessel');
      await get(`/read-messages/${ROOM}`, 'vessel');
      expect(reads).toEqual([
        [ROOM, 'vessel', m.msgSeq],
        [ROOM, 'vessel', null],
      ]);
    } finally {
      live.messagesRead = original;
    }
  });
});

describe('GET /history/:roomId/:beforeSeq', () => {
  it('pages newest first without overlap and ends with hasMore false', async () => {
    for (let i = 0; i < 7; i++) await send(i % 2 ? 'vessel' : 'staff', `page ${i}`);
    const total = (
      await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1', [
        ROOM,
      ])
    )[0]?.n;
    const seen: number[] = [];
    let before = 0;
    for (let guard = 0; guard < 1000; guard++) {
      const res = await get(`/history/${ROOM}/${before}?size=3`, 'vessel');
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ roomId: string; messages: Msg[]; hasMore: boolean }>();
      expect(page.roomId).toBe(ROOM);
      expect(page.messages.length).toBeLessThanOrEqual(3);
      seen.push(...page.messages.map((m) => m.msgSeq));
      if (!page.hasMore) break;
      before = page.messages[page.messages.length - 1]?.msgSeq ?? 0;
    }
    expect(seen).toHaveLength(total ?? -1);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('answers the default page of 30 with sender names', async () => {
    const page = (await get(`/history/${ROOM}/0`, 'staff')).json<{ messages: Msg[]; hasMore: boolean }>();
    expect(page.messages.length).toBeLessThanOrEqual(30);
    expect(page.messages[0]?.senderNm).toBeTruthy();
  });

  it('rejects bad input with 400 naming the field', async () => {
    expect400(await get(`/history/${ROOM}/abc`, 'vessel'), 'params.beforeSeq');
    expect400(await get(`/history/${ROOM}/-1`, 'vessel'), 'params.beforeSeq');
    expect400(await get('/history/room1/0', 'vessel'), 'params.roomId');
    expect400(await get(`/history/${ROOM}/0?size=0`, 'vessel'), 'querystring.size');
    expect400(await get(`/history/${ROOM}/0?size=101`, 'vessel'), 'querystring.size');
  });

  it('forbids a shore user who is not a member (403), and answers 404 for an unknown room', async () => {
    expect((await get(`/history/${ROOM}/0`, 'viewer')).statusCode).toBe(403);
    expect((await get(`/history/${ROOM}/0`, STRANGER)).statusCode).toBe(403);
    expect((await get('/history/V-ZZZ9/0', 'staff')).statusCode).toBe(404);
  });
});

describe('GET /read-message/:msgSeq and unread counts', () => {
  it('marks a message and all older ones read; the unread count goes down', async () => {
    await get(`/read-messages/${ROOM}`, 'vessel');
    const m1 = await send('staff', 'unread 1');
    const m2 = await send('staff', 'unread 2');
    await send('staff', 'unread 3');
    expect(await unreadOf('vessel')).toBe(3);
    const readDate = new Date(Date.now() - 1000).toISOString();
    const res = await get(
      `/read-message/${m2.msgSeq}?readDate=${encodeURIComponent(readDate)}&readSource=M&roomId=${ROOM}&sender=staff&senderType=S`,
      'vessel',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, roomId: ROOM, unreadCount: 1 });
    expect(await unreadOf('vessel')).toBe(1);
    const rooms = (await get('/my-room-list/V', 'vessel')).json<Room[]>();
    expect(rooms[0]?.unreadCount).toBe(1);
    const page = (await get(`/history/${ROOM}/0?size=5`, 'vessel')).json<{ messages: Msg[] }>();
    const read1 = page.messages.find((m) => m.msgSeq === m1.msgSeq);
    expect(read1?.readSource).toBe('M');
    expect(read1?.readDate).not.toBeNull();
    // The staff user sees that one member other than itself read it.
    const staffView = (await get(`/history/${ROOM}/0?size=5`, 'staff')).json<{ messages: Msg[] }>();
    expect(staffView.messages.find((m) => m.msgSeq === m2.msgSeq)?.readCount).toBeGreaterThanOrEqual(1);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const m = await send('staff', 'to read');
    expect400(
      await get(`/read-message/${m.msgSeq}?roomId=${ROOM}&readSource=X`, 'vessel'),
      'querystring.readSource',
    );
    expect400(await get(`/read-message/${m.msgSeq}?readSource=M`, 'vessel'), 'roomId');
    expect400(
      await get(`/read-message/${m.msgSeq}?roomId=${ROOM}&readDate=yesterday`, 'vessel'),
      'querystring.readDate',
    );
    expect400(await get(`/read-message/abc?roomId=${ROOM}`, 'vessel'), 'params.msgSeq');
    expect400(
      await get(`/read-message/${m.msgSeq}?roomId=${ROOM}&sender=vessel`, 'vessel'),
      'querystring.sender',
    );
  });

  it('answers 404 when the message is not in that room, 403 for a non-member', async () => {
    const m = await send('staff', 'elsewhere?');
    expect((await get(`/read-message/999999?roomId=${ROOM}`, 'vessel')).statusCode).toBe(404);
    expect((await get(`/read-message/${m.msgSeq}?roomId=V-ZZZ9`, 'vessel')).statusCode).toBe(404);
    expect((await get(`/read-message/${m.msgSeq}?roomId=${ROOM}`, 'viewer')).statusCode).toBe(403);
  });
});

describe('GET /read-messages/:roomId', () => {
  it('marks every message of the room read', async () => {
    await send('staff', 'a');
    await send('staff', 'b');
    expect(await unreadOf('vessel')).toBeGreaterThanOrEqual(2);
    const res = await get(`/read-messages/${ROOM}`, 'vessel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, roomId: ROOM, unreadCount: 0 });
    expect(await unreadOf('vessel')).toBe(0);
  });

  it('rejects a bad room id (400), a non-member (403) and an unknown room (404)', async () => {
    expect400(await get('/read-messages/bad', 'vessel'), 'params.roomId');
    expect((await get(`/read-messages/${ROOM}`, STRANGER)).statusCode).toBe(403);
    expect((await get('/read-messages/V-ZZZ9', 'staff')).statusCode).toBe(404);
  });
});

describe('GET /join-list/V/', () => {
  it('lists members of the requested rooms, with comma lists and repeated keys', async () => {
    const a = await get(`/join-list/V/?roomIds=${ROOM}`, 'vessel');
    expect(a.statusCode, a.body).toBe(200);
    const list = a.json<
      {
        roomId: string;
        members: { usrId: string; usrNm: string; senderType: string; joinedDt: string }[];
      }[]
    >();
    expect(list).toHaveLength(1);
    expect(list[0]?.roomId).toBe(ROOM);
    expect(list[0]?.members.map((m) => m.usrId)).toEqual(expect.arrayContaining(['vessel', 'staff']));
    const b = await get(`/join-list/V/?roomIds=${ROOM},${ROOM2}`, 'staff');
    const c = await get(`/join-list/V/?roomIds=${ROOM}&roomIds=${ROOM2}`, 'staff');
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(c.json());
    expect(b.json<{ roomId: string }[]>().map((r) => r.roomId)).toContain(ROOM);
  });

  it('leaves out rooms the caller is not in', async () => {
    const res = await get(`/join-list/V/?roomIds=${ROOM}`, 'viewer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const mixed = await get(`/join-list/V/?roomIds=${ROOM},V-ZZZ9`, 'vessel');
    expect(mixed.json<{ roomId: string }[]>().map((r) => r.roomId)).toEqual([ROOM]);
  });

  it('rejects bad input with 400 naming the field', async () => {
    expect400(await get('/join-list/V/?roomIds=bad!', 'vessel'), 'querystring.roomIds');
    expect400(await get(`/join-list/X/?roomIds=${ROOM}`, 'vessel'), 'params.type');
  });
});

describe('GET /unread-list/V/', () => {
  it("answers the caller's unread counts, all its rooms when roomIds is absent", async () => {
    await get(`/read-messages/${ROOM}`, 'staff');
    await send('vessel', 'for the shore');
    const res = await get(`/unread-list/V/?roomIds=${ROOM}`, 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ roomId: ROOM, subscriber: 'staff', unreadCount: 1 }]);
    const all = (await get('/unread-list/V/', 'staff')).json<{ roomId: string }[]>();
    expect(all.map((r) => r.roomId)).toContain(ROOM);
    expect((await get(`/unread-list/V/?roomIds=${ROOM}`, 'viewer')).json()).toEqual([]);
  });

  it('rejects bad input with 400 naming the field', async () => {
    expect400(await get('/unread-list/V/?roomIds=V-toolong', 'vessel'), 'querystring.roomIds');
    expect400(await get('/unread-list/Q/', 'vessel'), 'params.type');
  });
});

describe('GET /messages/unread/:roomId', () => {
  it('answers the unread messages oldest first with their count', async () => {
    await get(`/read-messages/${ROOM}`, 'vessel');
    const a = await send('staff', 'first unread');
    const b = await send('staff', 'second unread');
    await send('vessel', 'own message is never unread');
    const res = await get(`/messages/unread/${ROOM}`, 'vessel');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ roomId: string; unreadCount: number; messages: Msg[] }>();
    expect(body.roomId).toBe(ROOM);
    expect(body.unreadCount).toBe(2);
    expect(body.messages.map((m) => m.msgSeq)).toEqual([a.msgSeq, b.msgSeq]);
  });

  it('rejects a bad room id (400), a non-member (403) and an unknown room (404)', async () => {
    expect400(await get('/messages/unread/xyz', 'vessel'), 'params.roomId');
    expect((await get(`/messages/unread/${ROOM}`, 'viewer')).statusCode).toBe(403);
    expect((await get('/messages/unread/V-ZZZ9', 'vessel')).statusCode).toBe(404);
  });
});

describe('POST /message/push-alert', () => {
  it('answers the other members of the room as recipients', async () => {
    const m = await send('vessel', 'please call');
    const res = await post('/message/push-alert', { roomId: ROOM, msgSeq: m.msgSeq }, 'vessel');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; recipients: string[] }>();
    expect(body.success).toBe(true);
    expect(body.recipients).toContain('staff');
    expect(body.recipients).not.toContain('vessel');
  });

  it('rejects bad input with 400 naming the field', async () => {
    expect400(await post('/message/push-alert', { roomId: ROOM, msgSeq: 'x' }, 'vessel'), 'body.msgSeq');
    expect400(await post('/message/push-alert', { msgSeq: 1 }, 'vessel'), 'roomId');
  });

  it('forbids non-members and other senders (403); 404 when the message is not in the room', async () => {
    const m = await send('vessel', 'mine');
    expect((await post('/message/push-alert', { roomId: ROOM, msgSeq: m.msgSeq }, STRANGER)).statusCode).toBe(
      403,
    );
    expect((await post('/message/push-alert', { roomId: ROOM, msgSeq: m.msgSeq }, 'staff')).statusCode).toBe(
      403,
    );
    expect((await post('/message/push-alert', { roomId: ROOM, msgSeq: 999999 }, 'vessel')).statusCode).toBe(
      404,
    );
  });
});

describe('POST /berth-prsp/message/:vslCd', () => {
  it("posts a readable berth prospect into the vessel's room as the shore sender", async () => {
    const res = await post(
      `/berth-prsp/message/${V}`,
      {
        portCd: PORT,
        ydNm: 'Pasir Panjang Terminal',
        etb: '2026-11-21T14:00:00Z',
        etd: '2026-11-22T06:00:00.000Z',
        remark: 'Pilot <b>13:00</b>',
      },
      'staff',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { success, message } = res.json<{ success: boolean; message: Msg }>();
    expect(success).toBe(true);
    expect(message).toMatchObject({ roomId: ROOM, sender: 'staff', senderType: 'S', msgTpCd: 'BERTH_PRSP' });
    expect(message.msgText).toBe(
      `Berth prospect ${PORT} Pasir Panjang Terminal: ETB 14:00 21-Nov, ETD 06:00 22-Nov (UTC). Pilot <b>13:00</b>`,
    );
    const last = (await get('/my-room-list/V', 'vessel')).json<Room[]>()[0]?.lastMessage;
    expect(last?.msgSeq).toBe(message.msgSeq);
  });

  it('forbids vessel and restricted users (types 4, 5, 6) and shore users with no tie to the vessel', async () => {
    const body = { portCd: PORT, remark: 'x' };
    for (const as of ['vessel', 'operator', 'viewer', STRANGER]) {
      expect((await post(`/berth-prsp/message/${V}`, body, as)).statusCode, as).toBe(403);
    }
  });

  it('rejects bad input with 400 naming the field, an unknown port with 400 and an unknown vessel with 404', async () => {
    expect400(await post(`/berth-prsp/message/${V}`, { portCd: 'sg' }, 'staff'), 'body.portCd');
    expect400(await post(`/berth-prsp/message/${V}`, { portCd: PORT, etb: 'tomorrow' }, 'staff'), 'body.etb');
    expect400(
      await post(`/berth-prsp/message/${V}`, { portCd: PORT, remark: 'r'.repeat(1001) }, 'staff'),
      'body.remark',
    );
    expect400(
      await post(
        `/berth-prsp/message/${V}`,
        { portCd: PORT, etb: '2026-11-22T00:00:00Z', etd: '2026-11-21T00:00:00Z' },
        'staff',
      ),
      'body.etd',
    );
    expect400(await post(`/berth-prsp/message/${V}`, { portCd: 'ZZZZZ' }, 'staff'), 'body.portCd');
    expect400(await post('/berth-prsp/message/x', { portCd: PORT }, 'staff'), 'params.vslCd');
    expect((await post('/berth-prsp/message/ZZZ9', { portCd: PORT }, 'staff')).statusCode).toBe(404);
  });
});
