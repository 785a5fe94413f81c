// How `npm run admin` tells the running servers that sessions ended (a user it disabled): the signout live event on
// the RabbitMQ exchange the instances share (server/bus/amqp.ts), so that they close those sockets at once. Without
// AMQP_URL there is no one to tell: the servers' session sweep closes them (architecture.md#people).
import { randomBytes } from 'node:crypto';
import { connect } from 'amqplib';
import { LIVE_EXCHANGE } from '../bus/amqp.ts';
import type { LiveEvent } from '../bus/events.ts';

/** The most sids one signout event names (server/bus/events.ts). */
const SIDS_PER_EVENT = 100;
const CONNECT_TIMEOUT_MS = 10_000;

/** Publishes signout events for the sids and waits until RabbitMQ has taken them; throws when it cannot. */
export async function tellSessionsEnded(amqpUrl: string, sids: readonly string[]): Promise<void> {
  if (sids.length === 0) return;
  const conn = await connect(amqpUrl, { timeout: CONNECT_TIMEOUT_MS });
  try {
    const ch = await conn.createConfirmChannel();
    await ch.assertExchange(LIVE_EXCHANGE, 'fanout', { durable: true });
    // As an instance publishes (appId, a counter in the message id): receivers drop what they had already.
    const appId = `admin-${randomBytes(6).toString('base64url')}`;
    let n = 0;
    for (let i = 0; i < sids.length; i += SIDS_PER_EVENT) {
      const event: LiveEvent = { t: 'signout', sids: sids.slice(i, i + SIDS_PER_EVENT) };
      ch.publish(LIVE_EXCHANGE, '', Buffer.from(JSON.stringify(event)), {
        appId,
        messageId: `${appId}:${++n}`,
        contentType: 'application/json',
        deliveryMode: 1,
      });
    }
    await ch.waitForConfirms();
  } finally {
    await conn.close().catch(() => undefined);
  }
}
