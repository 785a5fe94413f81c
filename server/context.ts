// What every route can reach: the database, the configuration, the token service, Web Push, live chat and dev faults.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthUser } from './auth/user.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Tokens } from './auth/tokens.ts';
import type { Faults } from './http/faults.ts';
import type { Secrets } from './secrets.ts';
import type { PushService } from './push/service.ts';
import type { ChatLive } from './chat/live.ts';
import type { Live } from './live/live.ts';
import type { LiveBus } from './bus/bus.ts';
import type { SyncDeps } from './sync/pull.ts';
import type { SyncHints } from './sync/hints.ts';

export interface ServerContext {
  db: Db;
  config: Config;
  secrets: Secrets;
  tokens: Tokens;
  faults: Faults;
  /** Web Push of new notifications to subscribed devices. */
  push: PushService;
  /** Live events to every instance's sockets (RabbitMQ with AMQP_URL, else in process); ready() for /healthz. */
  bus: LiveBus;
  /** Chat-enabled lanes: '*' or a comma list. */
  chatLanes: string;
  /** The live connection: the STOMP broker at /ws every signed-on user holds, and its sign-on and session checks. */
  live: Live;
  /** Chat's part of the live connection: room topics, unread counts, SEND, and the live side of messages. */
  chat: ChatLive;
  /** The sync protocol: what pullFor needs (cursor key, catalog version, chat lanes) and the live hints. */
  sync: SyncDeps & { hints: SyncHints | null };
  /** What /healthz checks besides the database (e.g. the live-event bus): all must be ready for a 200. */
  readiness: ReadinessCheck[];
}

interface ReadinessCheck {
  /** Named in the 503's notReady list when it fails. */
  name: string;
  ready(): boolean | Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
  interface FastifyRequest {
    /** The caller, set by the token guard on /api/v2/app routes. */
    user: AuthUser | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The authenticated caller of a guarded route; the guard guarantees it is there. */
export function userOf(req: { user: AuthUser | null }): AuthUser {
  if (!req.user) throw new Error('route is not behind the token guard');
  return req.user;
}
