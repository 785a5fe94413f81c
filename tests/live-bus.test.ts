// The live bus of one instance and the events the instances exchange (issue 15): the in-process bus hands an event
// to its handlers before publish returns; an event from RabbitMQ is checked before it is delivered, and one that is
// not an event is refused whatever it holds.
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { createAmqpBus } from '../server/bus/amqp.ts';
import { createInProcessBus } from '../server/bus/in-process.ts';
import { parseLiveEvent, type LiveEvent } from '../server/bus/events.ts';

const message: LiveEvent = {
  t: 'message',
  msg: {
    msgSeq: 7,
    roomId: 'V-ABCD',
    clientMsgId: 'c1',
    sender: 'ship1',
    senderNm: 'Ship One',
    senderType: 'V',
    msgTpCd: 'TEXT',
    msgText: 'Pilot on board 14:00',
    creDt: '2026-01-01T12:00:00.000Z',
    readDate: null,
    readSource: null,
    readCount: 0,
  },
};

const valid: LiveEvent[] = [
  message,
  { t: 'unread', roomId: 'V-ABCD', members: ['ship1', 'agent1'] },
  {
    t: 'read',
    receipt: {
      roomId: 'V-ABCD',
      reader: 'agent1',
      readerType: 'S',
      uptoSeq: 7,
      readDate: '2026-01-01T12:01:00.000Z',
    },
    members: ['ship1', 'agent1'],
  },
  { t: 'commit', list: [{ usrId: 'ship1', kinds: ['notifications', 'chat'], from: 3, to: 5 }] },
  { t: 'signout', sids: ['abc'] },
  { t: 'resync', fromSeq: 120 },
];

describe('in-process bus', () => {
  it('hands each event to every handler before publish returns, in order', () => {
    const bus = createInProcessBus();
    const a: string[] = [];
    const b: string[] = [];
    bus.onEvent((e) => a.push(e.t));
    bus.onEvent((e) => b.push(e.t));
    for (const e of valid) bus.publish(e);
    expect(a).toEqual(valid.map((e) => e.t));
    expect(b).toEqual(a);
    expect(bus.ready()).toBe(true);
  });

  it('delivers nothing after close', async () => {
    const bus = createInProcessBus();
    const got: LiveEvent[] = [];
    bus.onEvent((e) => got.push(e));
    await bus.close();
    bus.publish(message);
    expect(got).toEqual([]);
    expect(bus.ready()).toBe(false);
  });
});

describe('RabbitMQ bus while RabbitMQ is away', () => {
  it('serves its own handlers at once, never throws, says it is not ready and tells the link is down', async () => {
    // A port nothing listens on: every attempt is refused.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const warnings: string[] = [];
    const bus = createAmqpBus({
      url: `amqp://guest:guest@127.0.0.1:${port}`,
      log: { info: () => undefined, warn: (_o, msg) => warnings.push(msg ?? '') },
      retryMinMs: 20,
      retryMaxMs: 50,
    });
    const got: LiveEvent[] = [];
    const link: boolean[] = [];
    bus.onEvent((e) => got.push(e));
    bus.onLink((up) => link.push(up));
    await bus.started();
    expect(bus.ready()).toBe(false);
    expect(() => bus.publish(message)).not.toThrow();
    expect(got).toEqual([message]);
    // Attempts go on without a word each: the loss is told once.
    await new Promise((r) => setTimeout(r, 300));
    expect(link).toEqual([false]);
    expect(warnings.filter((w) => w.includes('lost'))).toHaveLength(1);
    await bus.close();
  });
});

describe('live events from the bus', () => {
  it.each(valid.map((e) => [e.t, e] as const))('takes a %s event as sent', (_t, event) => {
    expect(parseLiveEvent(Buffer.from(JSON.stringify(event)))).toEqual(event);
  });

  it.each([
    ['not JSON', '{"t":"message"'],
    ['not an object', '"message"'],
    ['an unknown type', JSON.stringify({ t: 'drop-tables' })],
    [
      'a message without its text',
      JSON.stringify({ t: 'message', msg: { ...message.msg, msgText: undefined } }),
    ],
    ['a message with a string seq', JSON.stringify({ t: 'message', msg: { ...message.msg, msgSeq: '7' } })],
    ['members that are not strings', JSON.stringify({ t: 'unread', roomId: 'V-ABCD', members: [1, 2] })],
    [
      'a commit of an unknown kind',
      JSON.stringify({ t: 'commit', list: [{ usrId: 'u', kinds: ['x'], from: 0, to: 1 }] }),
    ],
    ['a sign-out of no string', JSON.stringify({ t: 'signout', sids: [null] })],
    ['a negative catch-up', JSON.stringify({ t: 'resync', fromSeq: -1 })],
  ])('refuses %s', (_what, body) => {
    expect(parseLiveEvent(body)).toBeNull();
  });
});
