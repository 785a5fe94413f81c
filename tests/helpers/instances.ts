// Instances of the server in this process behind no balancer, sharing one PostgreSQL and one RabbitMQ started for the
// test (docs/cluster.md): what the cluster tests of the live side stand on. Stopped by their PIDs in stop().
import { randomBytes } from 'node:crypto';
import { boot } from '../../server/boot.ts';
import { testConfig } from '../../server/config.ts';
import type { App } from '../../server/context.ts';
import { startPostgres } from '../../server/cluster/postgres.ts';
import { startRabbitMQ } from '../../server/cluster/rabbitmq.ts';
import type { Service } from '../../server/cluster/services.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Instances {
  pg: Service;
  rabbit: Awaited<ReturnType<typeof startRabbitMQ>>;
  apps: App[];
  /** Each instance's live socket address, by the instance's index. */
  wsUrl: string[];
  /** Waits until every instance has joined RabbitMQ; throws after ms. */
  allReady(ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts PostgreSQL, RabbitMQ and n instances (one after the other: the first migrates and seeds), all joined. */
export async function startInstances(n: number): Promise<Instances> {
  const [pg, rabbit] = await Promise.all([startPostgres(), startRabbitMQ()]);
  const config = testConfig({
    databaseUrl: pg.url,
    amqpUrl: rabbit.url,
    tokenSecret: randomBytes(32).toString('base64url'),
  });
  const apps: App[] = [];
  const wsUrl: string[] = [];
  const allReady = async (ms = 60_000): Promise<void> => {
    const until = Date.now() + ms;
    while (!apps.every((a) => a.ctx.bus.ready())) {
      if (Date.now() > until) throw new Error('the instances did not join RabbitMQ in time');
      await sleep(50);
    }
  };
  const stop = async (): Promise<void> => {
    await Promise.all(apps.map((a) => a.close()));
    await Promise.all([rabbit.stop(), pg.stop()]);
  };
  try {
    for (let i = 0; i < n; i++) {
      const app = await boot(config, undefined, { pushSend: async () => ({ statusCode: 201 }) });
      apps.push(app);
      wsUrl.push(`${(await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/ws`);
    }
    await allReady();
  } catch (err) {
    await stop();
    throw err;
  }
  return { pg, rabbit, apps, wsUrl, allReady, stop };
}
