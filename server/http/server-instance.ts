// The Fastify instance the app is built on: plain HTTP/1.1, or with a certificate HTTPS (secure-server.ts), and the
// idle rules both share.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { secureServer } from './secure-server.ts';
import { badUrlAnswers } from './unicode.ts';

/**
 * Plain HTTP/1.1, or with a certificate HTTPS offering HTTP/2 (secure-server.ts: one connection for the calls and the
 * live connection) and HTTP/1.1 for clients without it. Idle connections stay open config.keepAliveS, so that a pull
 * after a quiet spell at sea does not pay a new TCP and TLS handshake; a held one is checked by TCP keep-alive after
 * as long (architecture.md#one-connection).
 */
export function createFastify(config: Config): FastifyInstance {
  const idleMs = config.keepAliveS * 1000;
  // A path that does not decode as UTF-8 is answered naming its parameter (http/unicode.ts).
  const badUrls = badUrlAnswers();
  const common = {
    frameworkErrors: badUrls.frameworkErrors,
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    keepAliveTimeout: idleMs,
  };
  const { tlsCert, tlsKey } = config;
  const app =
    !tlsCert || !tlsKey
      ? Fastify(common)
      : // Routes, hooks and the broker use only what HTTP/1.1 and HTTP/2's compatibility API share (headers, status,
        // body, the socket's address), so the rest of the server is typed as the plain one.
        (Fastify({
          ...common,
          // Typed for HTTP/1.1's request; it reads only what both share (see above).
          frameworkErrors: common.frameworkErrors as never,
          http2: true,
          // The server is the factory's; this tells Fastify its addresses are https:.
          https: { allowHTTP1: true },
          serverFactory: (handler) =>
            secureServer({ cert: readFileSync(tlsCert), key: readFileSync(tlsKey), idleMs }, handler),
        }) as unknown as FastifyInstance);
  // HTTP/1.1 connections (all of them, or HTTPS's fallback) read the idle time from the server.
  Object.assign(app.server, { keepAliveTimeout: idleMs });
  // A peer that vanished (a ship whose link went for good) is found by TCP keep-alive once a connection idled as long
  // as the idle rule: free while the device's own probes come every 45 s (architecture.md#one-connection).
  app.server.on('connection', (socket: Socket) => socket.setKeepAlive(true, idleMs));
  app.addHook('onRoute', badUrls.onRoute);
  return app;
}
