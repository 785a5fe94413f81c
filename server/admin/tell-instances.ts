// How `npm run admin` tells the running servers what its changes mean for their live connections: the same live
// events an instance publishes after a commit (sessions ended, users' rights changed, users' new change versions), on
// the RabbitMQ exchange the instances share (server/bus/amqp.ts). Without AMQP_URL there is no one to tell: the
// servers' session sweep closes those sockets, and devices learn of the rest at their next pull (architecture.md#people).
import { randomBytes } from 'node:crypto';
import { connect } from 'amqplib';
import { LIVE_EXCHANGE } from '../bus/amqp.ts';
import type { LiveEvent } from '../bus/events.ts';
import type { DomainEvent } from '../domain/events.ts';
import type { Committed } from '../sync/changes.ts';

/** The most sids one signout event names, and users one commit event lists (server/bus/events.ts). */
const SIDS_PER_EVENT = 100;
const USERS_PER_EVENT = 500;
const CONNECT_TIMEOUT_MS = 10_000;

/** The live events that follow from a commit's domain events and new change versions, as the server publishes them. */
export function liveEventsOf(events: readonly DomainEvent[], committed: readonly Committed[]): LiveEvent[] {
  const out: LiveEvent[] = [];
  for (let i = 0; i < committed.length; i += USERS_PER_EVENT)
    out.push({ t: 'commit', list: committed.slice(i, i + USERS_PER_EVENT) });
  const sids = events.flatMap((e) => (e.type === 'sessionsEnded' ? e.sids : []));
  for (let i = 0; i < sids.length; i += SIDS_PER_EVENT)
    out.push({ t: 'signout', sids: sids.slice(i, i + SIDS_PER_EVENT) });
  const changed = [...new Set(events.flatMap((e) => (e.type === 'userChanged' ? [e.usrId] : [])))];
  if (changed.length > 0) out.push({ t: 'userChanged', usrIds: changed });
  return out;
}

/** Publishes the events and waits until RabbitMQ has taken them; throws when it cannot. */
export async function tellInstances(amqpUrl: string, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const conn = await connect(amqpUrl, { timeout: CONNECT_TIMEOUT_MS });
  try {
    const ch = await conn.createConfirmChannel();
    await ch.assertExchange(LIVE_EXCHANGE, 'fanout', { durable: true });
    // As an instance publishes (appId, a counter in the message id): receivers drop what they had already.
    const appId = `admin-${randomBytes(6).toString('base64url')}`;
    let n = 0;
    for (const event of events)
      ch.publish(LIVE_EXCHANGE, '', Buffer.from(JSON.stringify(event)), {
        appId,
        messageId: `${appId}:${++n}`,
        contentType: 'application/json',
        deliveryMode: 1,
      });
    await ch.waitForConfirms();
  } finally {
    await conn.close().catch(() => undefined);
  }
}
