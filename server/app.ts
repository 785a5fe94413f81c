// The reference server as a Fastify instance: plugins, the token guard, the API routes, sign-on and the built app.
import type { FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import etag from '@fastify/etag';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { App, ServerContext } from './context.ts';
import type { Secrets } from './secrets.ts';
import { createTokens } from './auth/tokens.ts';
import {
  authenticate,
  RENEW_WHEN_LEFT,
  renewedToken,
  sessionToken,
  TOKEN_HEADER,
  tokenExpiry,
} from './auth/guard.ts';
import { lastSeenWriter } from './auth/devices.ts';
import { signOnRoutes } from './routes/sign-on.ts';
import { errorBody, installErrorHandler } from './http/errors.ts';
import { Faults } from './http/faults.ts';
import { staticApp } from './http/static.ts';
import { createFastify } from './http/server-instance.ts';
import { apiRoutes } from './routes/index.ts';
import { devRoutes } from './routes/dev.ts';
import { calendarFeedRoutes } from './routes/calendar.ts';
import { dcsaOvsRoutes } from './routes/dcsa-ovs.ts';
import { dcsaCsRoutes } from './routes/dcsa-cs.ts';
import { createPushService, type PushSend } from './push/service.ts';
import { createChatLive } from './chat/live.ts';
import { createLive } from './live/live.ts';
import { sweepEndedSessions } from './live/session-sweep.ts';
import type { StompSettings } from './stomp/broker.ts';
import { sendShare } from './stomp/rate.ts';
import { createDispatcher, withDomainEvents } from './domain/events.ts';
import { subscribeServer } from './domain/subscribers.ts';
import { DOMAIN_REACTIONS } from './domain/reactions.ts';
import { createCatalog } from './sync/catalog.ts';
import { createSyncHints } from './sync/hints.ts';
import type { LiveBus } from './bus/bus.ts';
import { createAmqpBus } from './bus/amqp.ts';
import { createInProcessBus } from './bus/in-process.ts';
import { refuseNonFinite, validatorCompiler } from './http/validation.ts';
import { finishDocument, securitySchemes } from './http/openapi.ts';
import { refuseIllFormedText, refuseInvalidUtf8 } from './http/unicode.ts';
import { notModified } from './http/conditional.ts';
import { readFeedStates } from './instance/feed-state.ts';
import { API_BASE, CALENDAR_FEED_PREFIX } from '../src/core/contract/api.ts';
import { SYNC_PULL_PATH } from '../src/core/contract/sync.ts';

export interface BuildOptions {
  db: Db;
  config: Config;
  secrets: Secrets;
  /** Chat-enabled lanes when CHAT_LANES is not set. */
  defaultChatLanes: string;
  /** How Web Push messages are sent (tests); default web-push. */
  pushSend?: PushSend;
  /** STOMP broker settings other than the defaults (tests shorten heart-beats). */
  stomp?: Partial<StompSettings>;
  /** The live bus; default from config.amqpUrl (RabbitMQ) or in process. */
  bus?: LiveBus;
  /** Several instances: chat pushes skip members connected to any live instance (see PushServiceOptions). */
  presenceStaleS?: number;
}

/** A database that does not answer SELECT 1 within this time is not ready (the balancer's health check). */
const HEALTH_DB_TIMEOUT_MS = 2000;

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers about a body: a 304 of an API answer has none. */
const BODY_ONLY_HEADERS = [
  'content-type',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
];

/** Headers for a cache: an answer to a change (POST, PUT, DELETE) is never kept or revalidated. */
const GET_ONLY_HEADERS = ['etag', 'cache-control'];

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function buildServer(opts: BuildOptions): Promise<App> {
  const { config, secrets } = opts;
  const app = createFastify(config).withTypeProvider<TypeBoxTypeProvider>();
  // Live events reach every instance's sockets: through RabbitMQ when there are several, in process when alone.
  const bus =
    opts.bus ??
    (config.amqpUrl
      ? createAmqpBus({ url: config.amqpUrl, log: app.log.child({ module: 'bus' }) })
      : createInProcessBus());
  // Every transaction records what happened; the rules react before the commit, the subscribers hear after it.
  const dispatcher = createDispatcher((err) =>
    app.log.error({ err }, 'a subscriber of domain events failed'),
  );
  const db = withDomainEvents(opts.db, { reactions: DOMAIN_REACTIONS, dispatcher });
  app.setValidatorCompiler(validatorCompiler);
  // A route's own preParsing hooks run after the app's, and @fastify/compress adds its decompression there: the check
  // goes last on each route so that it reads the body as sent after its Content-Encoding is undone.
  app.addHook('onRoute', (route) => {
    route.preParsing = [route.preParsing ?? []].flat().concat(refuseInvalidUtf8);
  });
  app.addHook('preValidation', refuseIllFormedText);
  app.addHook('preHandler', refuseNonFinite);

  const push = createPushService({
    db,
    vapid: { publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey },
    log: app.log.child({ module: 'push' }),
    endpoints: { services: config.pushServices, loopback: config.pushLoopback },
    ...(opts.pushSend ? { send: opts.pushSend } : {}),
    ...(opts.presenceStaleS !== undefined ? { presenceStaleS: opts.presenceStaleS } : {}),
  });
  const chatLanes = config.chatLanes ?? opts.defaultChatLanes;
  const tokenSecret = config.tokenSecret ?? secrets.tokenSecret;
  const heartBeat = config.stompHeartbeatMs;
  // When each session was last seen, for My devices (product.md#my-devices): at a connect, and at most once per few
  // minutes per session on calls.
  const seen = lastSeenWriter(db, (err) => app.log.warn({ err }, 'last seen of a session not written'));
  // The live connection (/ws) checks a CONNECT's token exactly as the HTTP guard checks X-AUTH-TOKEN.
  const live = createLive({
    db,
    log: app.log.child({ module: 'stomp' }),
    authenticate: async (token) => {
      const req = { headers: { [TOKEN_HEADER]: token } } as unknown as FastifyRequest;
      const user = await authenticate(ctx, req);
      await seen.connected(user.sid);
      // The connection renews the token it was made with on its own messages (architecture.md#token-renewal).
      return Object.assign(user, { tokenExp: tokenExpiry(req) });
    },
    renewToken: (user) => sessionToken(ctx, user),
    bus,
    settings: {
      heartBeat: [heartBeat, heartBeat],
      renewTokenWhenLeftS: config.tokenTtlS * RENEW_WHEN_LEFT,
      ...sendShare(config.stompSendBurst, config.stompSendPerMin),
      ...opts.stomp,
    },
  });
  // Chat is a part of the live connection, as the sync's hints are (below).
  const chat = createChatLive({ db, chatLanes, push, log: app.log.child({ module: 'chat' }), live, bus });
  const ctx: ServerContext = {
    db,
    config,
    secrets,
    tokens: createTokens(tokenSecret, config.tokenTtlS),
    faults: new Faults(),
    push,
    bus,
    chatLanes,
    live,
    chat,
    sync: { cursorSecret: tokenSecret, catalog: createCatalog(db), chatLanes, hints: null },
    // The balancer sends no traffic to an instance the others cannot hear (RabbitMQ away).
    readiness: [{ name: 'broker', ready: () => bus.ready() }],
  };
  const hints = createSyncHints({
    db,
    live: ctx.live,
    sync: ctx.sync,
    log: app.log.child({ module: 'sync' }),
    bus,
  });
  ctx.sync.hints = hints;
  subscribeServer(dispatcher, { bus, push, chat: ctx.chat, live: ctx.live });
  // Sockets of sessions that ended, or of users changed, unheard (npm run admin without RabbitMQ, a lost bus message)
  // close within a sweep.
  const sweep = sweepEndedSessions({
    check: () => live.checkSockets(),
    onError: (err) => app.log.warn({ err }, 'live: session sweep failed'),
  });
  app.decorate('ctx', ctx);
  // The catalog version is ready before the first pull (which then never waits for it).
  app.addHook('onReady', async () => void (await ctx.sync.catalog.version()));
  // The first attempt to join the other instances is made before listening (RabbitMQ away: it goes on trying).
  app.addHook('onReady', () => bus.started());
  // Over TLS the server is HTTP/2's, and WebSockets arrive on its HTTP/1.1 fallback as upgrades all the same.
  ctx.live.broker.attach(app.server);
  // Sockets close and live updates go out, then pushes still sending finish (or are given up), before storage closes.
  app.addHook('preClose', () => hints.close());
  app.addHook('preClose', () => sweep.stop());
  app.addHook('preClose', () => ctx.live.close());
  app.addHook('preClose', () => ctx.chat.close());
  app.addHook('preClose', () => bus.close());
  app.addHook('preClose', () => ctx.push.close());
  app.decorateRequest('user', null);
  installErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quay API',
        version: '1.0.0',
        description:
          `The contract the Quay app speaks (product.md#the-calls). Every ${API_BASE} call needs the X-AUTH-TOKEN header from GET /IBP_REFRESH.do. ` +
          'Mutations accept an Idempotency-Key header; GET answers carry an ETag and answer If-None-Match with 304. ' +
          `Sync: POST ${SYNC_PULL_PATH} {cursor} answers every change of the caller's datasets since the cursor. ` +
          'Live: STOMP 1.2 over WebSocket at /ws (CONNECT with the token in X-AUTH-TOKEN or passcode, every signed-on user): ' +
          '/topic/sync-hint (each user its own {v, k, from?, pull?}), ' +
          '/topic/vessel-unread (each user its own {subscriber, roomId, unreadCount}), /topic/chat.{roomId} (members only: ' +
          'event:message with a ChatMessage, event:read with a read receipt) and SEND to /app/chat/{roomId} ' +
          '{clientMsgId, text}, answered with a RECEIPT (msg-seq, duplicate) once stored.',
      },
      components: { securitySchemes },
    },
    // Each operation's id, security and error answers, and 3.1 tuples, derived in one place (http/openapi.ts).
    transformObject: finishDocument,
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: parseCsp(CSP) },
    crossOriginEmbedderPolicy: false,
    // As frame-ancestors 'none' says, for browsers that read only the older header.
    frameguard: { action: 'deny' },
    hsts: config.appEnv === 'production',
  });
  await app.register(compress, { threshold: 512, encodings: ['br', 'gzip', 'deflate'] });
  // Weak tags: one body goes plain or compressed under the same tag (RFC 9110 §8.8.3). The 304 is notModified's, which
  // takes a list of tags and `*` (docs/sync.md#etags-and-304).
  await app.register(etag, { weak: true, replyWith304: false });
  app.addHook('onSend', notModified);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  if (config.devApi) app.addHook('onRequest', ctx.faults.hook);
  // JSON answers are not documents: headers that only mean something to a page are dropped, which keeps a
  // 304 of a resync at a few hundred bytes on a link paid per megabyte. nosniff, CORP and referrer policy stay on
  // answers with a body; a 304 has none (and only updates what a cache kept), so it goes without them too.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/IBP_REFRESH.do'))
      return staticHeaders(req.url, reply, payload);
    for (const h of DOCUMENT_ONLY_HEADERS) reply.removeHeader(h);
    if (reply.statusCode === 304) for (const h of BODY_ONLY_HEADERS) reply.removeHeader(h);
    // The answer to a change is never revalidated nor kept by a cache: no ETag, no Cache-Control (about 70 B of each
    // of the outbox's answers after hours at sea).
    if (req.method !== 'GET' && req.method !== 'HEAD')
      for (const h of GET_ONLY_HEADERS) reply.removeHeader(h);
    return payload;
  });

  // Readiness for the load balancer: the database answers, and every other check (the live-event bus) passes.
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    const notReady: string[] = [];
    if (!(await answers(db, HEALTH_DB_TIMEOUT_MS))) notReady.push('database');
    for (const check of ctx.readiness) {
      const ready = await Promise.resolve()
        .then(() => check.ready())
        .catch(() => false);
      if (!ready) notReady.push(check.name);
    }
    // The feeds' state is a detail for whoever looks (integration.md#the-state-of-the-feeds): a failing source
    // leaves the instance ready, as its clients are served from what was read before.
    const feeds = notReady.includes('database') ? [] : await readFeedStates(db).catch(() => []);
    if (notReady.length === 0) return { status: 'ok', ...(feeds.length > 0 ? { feeds } : {}) };
    return reply
      .code(503)
      .send({ ...errorBody(503, 'UnknownError', `not ready: ${notReady.join(', ')}`), notReady });
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(signOnRoutes);
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        req.user = await authenticate(ctx, req);
        await seen.called(req.user.sid);
        // Renewed on a call that goes anyway: the worker takes the new token from the answer's header.
        const renewed = await renewedToken(ctx, req, req.user);
        if (renewed) reply.header(TOKEN_HEADER, renewed);
      });
      await api.register(apiRoutes);
    },
    { prefix: API_BASE },
  );
  // The calendar feeds: a calendar app carries no token, the secret in the address is the credential.
  await app.register(calendarFeedRoutes, { prefix: CALENDAR_FEED_PREFIX });
  // DCSA's schedules for partners' systems: an API key or a staff token, the standard's error body.
  await app.register(dcsaOvsRoutes);
  await app.register(dcsaCsRoutes);
  if (config.devApi) await app.register(devRoutes, { prefix: '/api/dev' });
  await staticApp(app, config.distDir);
  return app;
}

/** Whether the database answers SELECT 1 within `ms`. */
async function answers(db: Db, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      db.query('SELECT 1').then(() => true),
      new Promise<boolean>((res) => {
        timer = setTimeout(() => res(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Scripts that start a worker: their response's CSP is the worker's policy (the service worker, the sync worker). */
const WORKER_SCRIPT = /^\/(sw\.js|assets\/sync-worker-[\w-]+\.js)(\?|$)/;
/** A script of the build: a module a worker may import. */
const SCRIPT = /\.js(\?|$)/;

/**
 * The app's files other than its pages go without the headers that only a document reads (about 300 B each, 20
 * files in a first install): only a worker's script keeps the CSP, its worker's policy. A hashed file, kept a year,
 * goes without Last-Modified and Accept-Ranges, and without an ETag unless it is a script: when a service worker
 * installs, Chromium revalidates the modules it imports (`Cache-Control: max-age=0`), and with an ETag that is a 304
 * of a few hundred bytes instead of the shared chunk again (48 KB). A 304 (sw.js is checked every hour) goes with its
 * validators only.
 */
function staticHeaders<T>(url: string, reply: FastifyReply, payload: T): T {
  // A 304 only updates the headers a cache kept with the body: what it leaves out stays as it was.
  if (reply.statusCode === 304) {
    for (const h of [...DOCUMENT_ONLY_HEADERS, ...BODY_ONLY_HEADERS]) reply.removeHeader(h);
    return payload;
  }
  const type = String(reply.getHeader('content-type') ?? '');
  if (type === '' || type.startsWith('text/html')) return payload;
  for (const h of DOCUMENT_ONLY_HEADERS) if (h !== 'content-security-policy') reply.removeHeader(h);
  if (!WORKER_SCRIPT.test(url)) reply.removeHeader('content-security-policy');
  if (String(reply.getHeader('cache-control') ?? '').includes('immutable'))
    for (const h of ['last-modified', 'accept-ranges', ...(SCRIPT.test(url) ? [] : ['etag'])])
      reply.removeHeader(h);
  return payload;
}

function parseCsp(csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}
