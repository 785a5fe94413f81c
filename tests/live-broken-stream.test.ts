// The live connection drops a socket whose byte stream is broken (issue 27, traps.md#stomp): a frame no broker
// sends, as a proxy that reorders or cuts bytes makes of a deflated stream over plain HTTP. The socket would stay
// open while every message after it is lost; the worker connects again and the catch-up brings them.
import WebSocket from 'ws';
import type { IStompSocket } from '@stomp/stompjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { roomIdOf } from '../src/core/contract/chat.ts';
import { liveChat } from './helpers/live-chat.ts';
import { openDevice } from './helpers/device.ts';
import { signOnHttp } from './helpers/http-session.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const ROOM = roomIdOf('QHZN');
let s: TestServer;
let base = '';

beforeAll(async () => {
  s = await startTestServer();
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

it('connects again after a frame no broker sends, and the message sent meanwhile arrives', async () => {
  const { db, tokens, client } = await openDevice(s);
  const sockets: WebSocket[] = [];
  const url = `${base.replace(/^http/, 'ws')}/ws`;
  const live = liveChat({
    db,
    client,
    tokens,
    isOnline: () => true,
    webSocketFactory: () => {
      const ws = new WebSocket(url, ['v12.stomp']);
      sockets.push(ws);
      return ws as unknown as IStompSocket;
    },
    reconnect: { baseMs: 50, maxMs: 200 },
  });
  try {
    await live.start();
    live.open(ROOM);
    await until(() => live.connection.subscribed && live.chatHeard());
    // The bytes a deflated stream inflates to after a reordered chunk: not a STOMP frame.
    sockets[0]?.emit('message', Buffer.from('essage":{"msgSeq":55,"sender":"sta\n\n\0'), false);
    // The broken socket is dropped and another made (without the fix the first stays, and this times out).
    await until(() => sockets.length > 1);
    const text = `after the broken stream ${Date.now()}`;
    const shore = (await s.call('GET', `/api/v2/app/chat/join-list/V/?roomIds=${ROOM}`, { as: 'vessel' }))
      .json<{ members: { usrId: string; senderType: string }[] }[]>()[0]
      ?.members.find((m) => m.senderType === 'S')?.usrId;
    const sent = await s.call('POST', '/api/dev/chat/messages', {
      body: { roomId: ROOM, sender: shore, text, count: 1 },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await until(async () =>
      (await db.chatMessages.where('roomId').equals(ROOM).toArray()).some((m) => m.msgText === text),
    );
  } finally {
    live.stop();
  }
});
