// The bus of several instances (AMQP_URL): a RabbitMQ fanout exchange that every instance publishes its live events
// to and hears from through a queue of its own (exclusive, deleted with its connection). amqplib speaks AMQP 0-9-1;
// this file adds what the server needs around it:
// - An event goes to this instance's handler at once (its own sockets never wait on RabbitMQ), then to RabbitMQ; the
//   copy that comes back to this instance is dropped, so each event is delivered once here and once elsewhere.
// - Publishes go through a confirm channel and stay in an outbox until RabbitMQ has taken them: what was in flight
//   when the link went, or published while it was away, is sent again once it is back (bounded: the oldest go first
//   when it is full). A receiver drops what it has had already (per publisher, by a counter in the message id).
// - The link is re-made with growing, jittered delays; publish never throws and never waits. While it is away the
//   instance serves HTTP and its own sockets as ever, and ready() is false (the balancer's health check).
// - onLink(false/true) tells the live side when events may have been missed, so that it brings its sockets up to
//   date from the database (server/live/live.ts, server/chat/live.ts, server/sync/hints.ts).
import { randomBytes } from 'node:crypto';
import { connect, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { LiveBus, LiveEvent } from './bus.ts';
import { parseLiveEvent } from './events.ts';

interface AmqpBusLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface AmqpBusOptions {
  url: string;
  log: AmqpBusLog;
  /** The fanout exchange the instances share. */
  exchange?: string;
  /** Events kept for RabbitMQ while it is away or has not confirmed them. */
  maxOutbox?: number;
  /** Delays between attempts to re-make the link, ms. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export const LIVE_EXCHANGE = 'quay.live';
/** AMQP heart-beat, s, unless the URL says otherwise: a broker that went silent is noticed within two of these. */
const HEARTBEAT_S = 5;
/** A broker that does not answer a connection within this time is tried again later. */
const CONNECT_TIMEOUT_MS = 10_000;
/** A receiver remembers this many publishers' last counters (instances come and go). */
const MAX_SOURCES = 1000;

/** The URL with an AMQP heart-beat when it names none. */
function withHeartbeat(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('heartbeat')) u.searchParams.set('heartbeat', String(HEARTBEAT_S));
  return u.toString();
}

/** Where the URL points, without its password: for the log. */
const redact = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'AMQP_URL';
  }
};

const errText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

interface Outgoing {
  id: string;
  body: Buffer;
}

export function createAmqpBus(opts: AmqpBusOptions): LiveBus & { readonly instanceId: string } {
  const { log } = opts;
  const exchange = opts.exchange ?? LIVE_EXCHANGE;
  const maxOutbox = opts.maxOutbox ?? 10_000;
  const retryMin = opts.retryMinMs ?? 250;
  const retryMax = opts.retryMaxMs ?? 10_000;
  const instanceId = randomBytes(6).toString('base64url');
  const where = redact(opts.url);
  const handlers: ((event: LiveEvent) => void)[] = [];
  const linkHandlers: ((up: boolean) => void)[] = [];
  /** Not yet confirmed by RabbitMQ, in publish order (a Set keeps insertion order). */
  const outbox = new Set<Outgoing>();
  /** The last counter heard from each publisher: a resend of what came already is dropped. */
  const heard = new Map<string, number>();
  let counter = 0;
  let model: ChannelModel | null = null;
  let channel: ConfirmChannel | null = null;
  let up = false;
  /** Down has been told (the link went, or the first attempt failed): up is told when it comes. */
  let toldDown = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let dropped = 0;
  let firstAttempt!: () => void;
  const started = new Promise<void>((resolve) => (firstAttempt = resolve));

  const deliver = (event: LiveEvent): void => {
    for (const h of handlers) {
      try {
        h(event);
      } catch (err) {
        log.warn({ t: event.t, err: errText(err) }, 'live bus: handler failed');
      }
    }
  };

  const tellLink = (state: boolean): void => {
    for (const h of linkHandlers) {
      try {
        h(state);
      } catch (err) {
        log.warn({ err: errText(err) }, 'live bus: link handler failed');
      }
    }
  };

  const send = (ch: ConfirmChannel, out: Outgoing): void => {
    ch.publish(
      exchange,
      '',
      out.body,
      { appId: instanceId, messageId: out.id, contentType: 'application/json', deliveryMode: 1 },
      (err: unknown) => {
        // Taken by RabbitMQ: done. Refused (nack) or lost with the channel: it stays for the next link.
        if (!err) outbox.delete(out);
      },
    );
  };

  const onMessage = (msg: ConsumeMessage | null): void => {
    if (!msg) return; // the consumer was cancelled (queue deleted): the channel's close re-makes the link
    const src = typeof msg.properties.appId === 'string' ? msg.properties.appId : '';
    if (src === instanceId) return; // this instance's own: delivered when it was published
    const n = Number(String(msg.properties.messageId ?? '').split(':')[1]);
    if (src && Number.isInteger(n)) {
      const last = heard.get(src);
      if (last !== undefined && n <= last) return; // sent again after a lost confirm: had already
      heard.delete(src);
      heard.set(src, n);
      if (heard.size > MAX_SOURCES) heard.delete(heard.keys().next().value as string);
    }
    const event = parseLiveEvent(msg.content);
    if (!event) {
      log.warn(
        { src, bytes: msg.content.length },
        'live bus: a message that is not a live event was dropped',
      );
      return;
    }
    deliver(event);
  };

  const lost = (why: string): void => {
    const wasUp = up;
    up = false;
    channel = null;
    model = null;
    if (closed) return;
    if (wasUp || !toldDown) {
      log.warn({ broker: where, why, waiting: outbox.size }, 'live bus: link to RabbitMQ lost; retrying');
      if (!toldDown) {
        toldDown = true;
        tellLink(false);
      }
    }
    schedule();
  };

  const schedule = (): void => {
    if (closed || timer) return;
    const base = Math.min(retryMax, retryMin * 2 ** Math.min(attempt, 16));
    attempt++;
    timer = setTimeout(
      () => {
        timer = null;
        void open();
      },
      base / 2 + Math.random() * (base / 2),
    );
    timer.unref();
  };

  const open = async (): Promise<void> => {
    if (closed) return;
    let m: ChannelModel | null = null;
    try {
      m = await connect(withHeartbeat(opts.url), { timeout: CONNECT_TIMEOUT_MS });
      const conn = m;
      conn.on('error', (err: unknown) => log.warn({ err: errText(err) }, 'live bus: connection error'));
      conn.on('blocked', (reason: string) =>
        log.warn({ reason }, 'live bus: RabbitMQ blocks publishing (memory or disk alarm)'),
      );
      conn.on('unblocked', () => log.info({}, 'live bus: RabbitMQ takes publishes again'));
      const ch = await conn.createConfirmChannel();
      ch.on('error', (err: unknown) => log.warn({ err: errText(err) }, 'live bus: channel error'));
      await ch.assertExchange(exchange, 'fanout', { durable: true });
      // A queue of this instance alone, gone with its connection; a consumer far behind loses the oldest first.
      const q = await ch.assertQueue('', {
        exclusive: true,
        autoDelete: true,
        arguments: { 'x-max-length': 100_000, 'x-overflow': 'drop-head' },
      });
      await ch.bindQueue(q.queue, exchange, '');
      await ch.consume(q.queue, onMessage, { noAck: true });
      if (closed) {
        await conn.close().catch(() => undefined);
        return;
      }
      // One close (channel or connection) ends this link; the next attempt makes all of it again.
      let ended = false;
      const end = (why: string): void => {
        if (ended) return;
        ended = true;
        if (model === conn) lost(why);
        void conn.close().catch(() => undefined);
      };
      conn.on('close', (err?: unknown) => end(err ? errText(err) : 'connection closed'));
      ch.on('close', () => end('channel closed'));
      model = conn;
      channel = ch;
      up = true;
      attempt = 0;
      log.info({ broker: where, instance: instanceId, resend: outbox.size }, 'live bus: joined');
      // What waited goes first, in order; then what comes.
      for (const out of outbox) send(ch, out);
      if (toldDown) {
        toldDown = false;
        tellLink(true);
      }
    } catch (err) {
      if (m) void m.close().catch(() => undefined);
      lost(errText(err));
    } finally {
      firstAttempt();
    }
  };

  void open();

  return {
    instanceId,
    publish(event) {
      deliver(event);
      if (closed) return;
      const out: Outgoing = { id: `${instanceId}:${++counter}`, body: Buffer.from(JSON.stringify(event)) };
      outbox.add(out);
      if (outbox.size > maxOutbox) {
        outbox.delete(outbox.values().next().value as Outgoing);
        if (dropped++ % 1000 === 0)
          log.warn({ dropped, max: maxOutbox }, 'live bus: outbox full; the oldest events are dropped');
      }
      if (up && channel) {
        try {
          send(channel, out);
        } catch (err) {
          // A channel closing under the publish: the event waits in the outbox for the next link.
          log.warn({ err: errText(err) }, 'live bus: publish failed; kept for the next link');
        }
      }
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    onLink(handler) {
      linkHandlers.push(handler);
    },
    ready: () => up,
    started: () => started,
    async close() {
      closed = true;
      up = false;
      if (timer) clearTimeout(timer);
      timer = null;
      const m = model;
      model = null;
      channel = null;
      if (m) await m.close().catch(() => undefined);
    },
  };
}
