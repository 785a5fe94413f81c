// A Web Push service of the tests' own on loopback (architecture.md#push-endpoints: PUSH_LOOPBACK): it takes every
// push with 201 and keeps the path each was sent to, so a test sees which subscriptions were pushed to.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestServer } from './server.ts';

export interface PushSink {
  /** http://127.0.0.1:<port>, the base of the endpoints the tests subscribe with. */
  base: string;
  /** The paths pushed to, one entry a push, in the order they came. */
  received: string[];
  /** A push subscription whose endpoint is this sink's path, with keys a push can be encrypted with. */
  subscriptionAt(path: string): {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  close(): Promise<void>;
}

export async function startPushSink(): Promise<PushSink> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '/');
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    subscriptionAt(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${base}${path}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pushes to the path after one new notification for the user (the dev API's), once every push has finished. */
export async function pushesAfterNotifying(
  s: TestServer,
  sink: PushSink,
  usrId: string,
  path: string,
): Promise<number> {
  const before = sink.received.filter((p) => p === path).length;
  const res = await s.call('POST', '/api/dev/notifications', { body: { usrId, notId: 'N003' } });
  expect(res.statusCode, res.body).toBe(200);
  await s.app.ctx.push.settled();
  return sink.received.filter((p) => p === path).length - before;
}
