// The operations kit against Debian's real packages: each service starts on loopback, answers, and is gone after stop().
import { createServer, connect, type Server } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startHaproxy } from '../../server/cluster/haproxy.ts';
import { startPostgres } from '../../server/cluster/postgres.ts';
import { startRabbitMQ } from '../../server/cluster/rabbitmq.ts';
import { freePort, missingPackages, type Service } from '../../server/cluster/services.ts';

const started: Service[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Sends the AMQP 0-9-1 header and returns the first bytes the broker answers (Connection.Start is a method frame). */
function amqpFirstFrame(url: string): Promise<Buffer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let got = Buffer.alloc(0);
    socket.once('connect', () => socket.write(Buffer.from('AMQP\x00\x00\x09\x01', 'latin1')));
    socket.on('data', (d: Buffer) => {
      got = Buffer.concat([got, d]);
      if (got.length >= 11) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.once('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer'));
    }, 5000);
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

describe('cluster services', () => {
  it('finds the packages it needs on this machine', () => {
    expect(missingPackages()).toEqual([]);
  });

  it('freePort gives a port nothing listens on', async () => {
    const port = await freePort();
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(port).toBeGreaterThan(0);
  });

  it('PostgreSQL answers a query on loopback and is gone after stop', async () => {
    const db = await startPostgres();
    started.push(db);
    expect(db.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    await client.end();
    expect(rows).toEqual([{ one: 1 }]);
    await db.stop();
    await db.stop();
    expect(gone(db.pid)).toBe(true);
  });

  it('RabbitMQ answers the AMQP handshake, survives a restart on the same port, and is gone after stop', async () => {
    const mq = await startRabbitMQ();
    started.push(mq);
    expect(mq.url).toMatch(/^amqp:\/\/guest:guest@127\.0\.0\.1:\d+$/);
    const frame = await amqpFirstFrame(mq.url);
    expect(frame[0]).toBe(1); // a method frame
    expect([frame.readUInt16BE(7), frame.readUInt16BE(9)]).toEqual([10, 10]); // connection.start

    const before = mq.pid;
    await mq.restart();
    expect(gone(before)).toBe(true);
    expect(mq.pid).not.toBe(before);
    expect((await amqpFirstFrame(mq.url))[0]).toBe(1);

    const pid = mq.pid;
    await mq.stop();
    await mq.stop();
    expect(gone(pid)).toBe(true);
    expect(await portOpen(Number(new URL(mq.url).port))).toBe(false);
  });

  it('HAProxy forwards HTTP to a backend that passes /healthz and is gone after stop', async () => {
    const backendPort = await freePort();
    const backend = createHttpServer((req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end(
        req.url === '/healthz'
          ? 'ok'
          : `hello from the backend, forwarded for ${req.headers['x-forwarded-for']}`,
      );
    });
    await new Promise<void>((resolve) => backend.listen(backendPort, '127.0.0.1', resolve));
    try {
      const port = await freePort();
      const lb = await startHaproxy({ port, backends: [{ name: 'one', port: backendPort }] });
      started.push(lb);
      expect(lb.url).toBe(`http://127.0.0.1:${port}`);
      let body = '';
      // The first health check decides whether the server is up; until then HAProxy may answer 503.
      for (let i = 0; i < 50 && !body.startsWith('hello'); i++) {
        const res = await fetch(`${lb.url}/anything`).catch(() => undefined);
        body = res?.ok ? await res.text() : '';
        if (!body) await new Promise((r) => setTimeout(r, 100));
      }
      expect(body).toBe('hello from the backend, forwarded for 127.0.0.1');
      await lb.stop();
      await lb.stop();
      expect(gone(lb.pid)).toBe(true);
      expect(await portOpen(port)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => backend.close(() => resolve()));
    }
  });
});
