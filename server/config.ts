// Server configuration from environment variables (server/config-vars.ts lists them, docs/configuration.md shows
// them), typed and checked once at start.
import { fileURLToPath } from 'node:url';
import { fallbackOf } from './config-vars.ts';
import { parsePushServices } from './push/endpoint.ts';
import { parseAisSources, type AisSource } from './ais/feed.ts';
import { parseScheduleSources, type ScheduleSource } from './dcsa/sources-config.ts';
import { oidcConfigOf, passwordSignOnOf, type OidcConfig } from './auth/oidc-config.ts';

type AppEnv = 'local' | 'development' | 'production';

export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite lives in `${dataDir}/pglite`; secrets (token key, VAPID) in `${dataDir}/secrets.json`. Null: all in memory. */
  dataDir: string | null;
  databaseUrl: string | null;
  /**
   * RabbitMQ (AMQP 0-9-1) shared by several instances: every live event (chat, read receipts, unread counts, sync
   * hints, sign-out) reaches the sockets of all of them. Null: one instance, events in process.
   */
  amqpUrl: string | null;
  appEnv: AppEnv;
  /** Dev API under /api/dev; off when NODE_ENV=production. */
  devApi: boolean;
  tokenTtlS: number;
  sessionTtlS: number;
  /** HMAC key for tokens; null means generated once and kept in the data folder (or per process in memory). */
  tokenSecret: string | null;
  /**
   * The VAPID key pair for Web Push (base64url, as web-push makes them); null means made once and kept (in the data
   * folder, or in the database with DATABASE_URL). Every instance must push with the same pair: a browser's
   * subscription is bound to the public key.
   */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /**
   * Seconds between an instance's heartbeats in the database (with DATABASE_URL). The open connections of an instance
   * whose heartbeat is older than three of them no longer count as "connected" for Web Push.
   */
  heartbeatS: number;
  /**
   * This instance's name in the database (INSTANCE_ID); null: made of the host, the process id and a random part. A
   * stable name (e.g. the host and port) lets a restarted instance clear the connections its previous run left.
   */
  instanceId: string | null;
  distDir: string;
  /** Lanes whose vessels may chat; '*' means all. Null: the seed's default list. */
  chatLanes: string | null;
  logLevel: string;
  bodyLimit: number;
  /** The demo world, its users and the simulator (DEMO, on unless `off`: integration.md#starting-empty-and-importing). */
  demo: boolean;
  /** A staff account made at start when missing (ADMIN_USER, ADMIN_PASSWORD): who signs on to a Quay started empty. */
  admin: { usrId: string; password: string } | null;
  /** The simulator (moving vessels, slipping ETAs, notifications, chat) runs unless SIMULATOR=off or DEMO=off. */
  simulator: boolean;
  /** Seconds between simulator ticks. */
  simTickS: number;
  /** TCP feeds of NMEA AIS sentences the leading instance reads (AIS_SOURCES; integration.md#ais-positions-in). */
  /** DCSA OVS v3 providers the leading instance reads (SCHEDULE_SOURCES; integration.md#schedule-sources-in-dcsa-ovs-v3). */
  scheduleSources: readonly ScheduleSource[];
  /** Seconds between reads of each schedule source (SCHEDULE_INTERVAL_S). */
  scheduleIntervalS: number;
  aisSources: readonly AisSource[];
  /** Seconds between writes of AIS positions: at most one per vessel per interval (AIS_INTERVAL_S). */
  aisIntervalS: number;
  /** Loopback port on which the simulator sends its positions as NMEA instead of storing them; null: it stores them. */
  simulatorAisPort: number | null;
  /**
   * The STOMP heart-beat the server offers, both ways, in ms (0: none). Each one is a paid packet and its ACK on a
   * satellite link; a client asking a longer interval gets it.
   */
  stompHeartbeatMs: number;
  /**
   * STOMP SENDs one connection may make at once, and then a minute (STOMP_SEND_BURST, STOMP_SEND_PER_MIN); a user's
   * connections together twice that (architecture.md#the-brokers-fair-share).
   */
  stompSendBurst: number;
  stompSendPerMin: number;
  /** PEM files: with both, the server speaks HTTPS, HTTP/2 with HTTP/1.1 for older clients and WebSockets. */
  tlsCert: string | null;
  tlsKey: string | null;
  /**
   * Seconds an idle connection is kept open (HTTP/1.1 keep-alive, HTTP/2 session): long enough to span a satellite
   * link's quiet spells, so a pull after one does not pay a new TCP and TLS handshake.
   */
  keepAliveS: number;
  /**
   * Which peers' X-Forwarded-For is believed for the client's address (the sign-on limiter counts per address):
   * a Fastify trustProxy value. Default: loopback only, where a balancer on the same machine sits; set the
   * balancer's addresses when it runs elsewhere. Believed from anyone, a client could pick its own address.
   */
  trustProxy: string;
  /**
   * Failed sign-ons from one address without a device cookie within 15 minutes before that address must wait
   * (SIGN_ON_ADDR_LIMIT; architecture.md#sign-on-limits): high enough for a crew behind one address.
   */
  signOnAddressLimit: number;
  /** Calls an API key may make in a minute (API_KEY_PER_MIN; integration.md#api-keys). */
  apiKeyPerMin: number;
  /** Hosts of the push services a subscription may name (PUSH_SERVICES; architecture.md#push-endpoints). */
  pushServices: readonly string[];
  /**
   * Tests and demos only (PUSH_LOOPBACK=on, refused in production): a push service on loopback over http is also
   * taken and reached. Never opens any other private address.
   */
  pushLoopback: boolean;
  /** The OpenID provider users sign on with (OIDC_*; architecture.md#signing-on-with-an-openid-provider); null: none. */
  oidc: OidcConfig | null;
  /** Whether the sign-on form takes local passwords (PASSWORD_SIGN_ON, on unless `off`). */
  passwordSignOn: boolean;
}

const root = fileURLToPath(new URL('..', import.meta.url));

function int(env: NodeJS.ProcessEnv, name: string, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallbackOf(name);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

/** SIMULATOR_AIS_PORT: a TCP port the simulator listens on, or null when unset. */
function simulatorAisPortOf(env: NodeJS.ProcessEnv): number | null {
  const raw = env.SIMULATOR_AIS_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535)
    throw new Error(`SIMULATOR_AIS_PORT must be a TCP port, an integer from 1 to 65535, got "${raw}"`);
  return port;
}

/** The simulator's NMEA port is read like any feed (integration.md#ais-positions-in): it is added when not named. */
function withSimulatorFeed(sources: AisSource[], port: number | null): AisSource[] {
  if (!port || sources.some((s) => s.port === port && ['127.0.0.1', 'localhost'].includes(s.host)))
    return sources;
  return [...sources, { host: '127.0.0.1', port }];
}

/** Bytes of a base64url text, or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').length : -1;
}

/** The account ADMIN_USER and ADMIN_PASSWORD ask for, both or neither. */
function adminOf(env: NodeJS.ProcessEnv): Config['admin'] {
  const usrId = env.ADMIN_USER ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (!usrId !== !password) throw new Error('ADMIN_USER and ADMIN_PASSWORD go together: set both or neither');
  if (!usrId) return null;
  if (!/^[A-Za-z0-9._-]{1,40}$/.test(usrId))
    throw new Error(`ADMIN_USER must be 1 to 40 letters, digits, '.', '_' or '-', got "${usrId}"`);
  if (password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  return { usrId, password };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const appEnv = (env.APP_ENV ?? (env.NODE_ENV === 'production' ? 'production' : 'local')) as AppEnv;
  if (!['local', 'development', 'production'].includes(appEnv)) {
    throw new Error(`APP_ENV must be local, development or production, got "${appEnv}"`);
  }
  if (!env.TLS_CERT !== !env.TLS_KEY)
    throw new Error('TLS_CERT and TLS_KEY go together: set both or neither');
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  if (env.VAPID_PUBLIC_KEY && base64urlBytes(env.VAPID_PUBLIC_KEY) !== 65)
    throw new Error(
      'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters), as web-push makes it',
    );
  const pushLoopback = env.PUSH_LOOPBACK === 'on';
  if (pushLoopback && (appEnv === 'production' || env.NODE_ENV === 'production'))
    throw new Error('PUSH_LOOPBACK is for tests and demos: it cannot be on in production');
  if (!['on', 'off', undefined, ''].includes(env.DEMO))
    throw new Error(`DEMO must be on or off, got "${env.DEMO}"`);
  const demo = env.DEMO !== 'off';
  if (!demo && env.SIMULATOR === 'on')
    throw new Error('SIMULATOR moves the demo world: it cannot be on with DEMO=off');
  if (env.VAPID_PRIVATE_KEY && base64urlBytes(env.VAPID_PRIVATE_KEY) !== 32)
    throw new Error(
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters), as web-push makes it',
    );
  return {
    port: int(env, 'PORT', 0),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR === ':memory:' ? null : (env.DATA_DIR ?? `${root}data`),
    databaseUrl: env.DATABASE_URL || null,
    amqpUrl: env.AMQP_URL || null,
    appEnv,
    // Off in production whichever way it is said (NODE_ENV or APP_ENV): it makes notifications and faults at will.
    devApi: env.NODE_ENV !== 'production' && appEnv !== 'production',
    tokenTtlS: int(env, 'TOKEN_TTL_S'),
    sessionTtlS: int(env, 'SESSION_TTL_S'),
    tokenSecret: env.TOKEN_SECRET || null,
    vapidPublicKey: env.VAPID_PUBLIC_KEY || null,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || null,
    heartbeatS: int(env, 'HEARTBEAT_S'),
    instanceId: env.INSTANCE_ID || null,
    distDir: env.DIST_DIR ?? `${root}dist`,
    chatLanes: env.CHAT_LANES || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: int(env, 'BODY_LIMIT'),
    demo,
    admin: adminOf(env),
    // The simulator moves the demo world: without it there is nothing of its own to move.
    simulator: demo && env.SIMULATOR !== 'off',
    simTickS: int(env, 'SIM_TICK_S'),
    scheduleSources: parseScheduleSources(env.SCHEDULE_SOURCES),
    scheduleIntervalS: int(env, 'SCHEDULE_INTERVAL_S'),
    aisSources: withSimulatorFeed(parseAisSources(env.AIS_SOURCES), simulatorAisPortOf(env)),
    aisIntervalS: int(env, 'AIS_INTERVAL_S'),
    simulatorAisPort: simulatorAisPortOf(env),
    stompHeartbeatMs: int(env, 'STOMP_HEARTBEAT_MS', 0),
    stompSendBurst: int(env, 'STOMP_SEND_BURST'),
    stompSendPerMin: int(env, 'STOMP_SEND_PER_MIN'),
    tlsCert: env.TLS_CERT || null,
    tlsKey: env.TLS_KEY || null,
    keepAliveS: int(env, 'KEEP_ALIVE_S'),
    trustProxy: env.TRUST_PROXY || 'loopback',
    signOnAddressLimit: int(env, 'SIGN_ON_ADDR_LIMIT'),
    apiKeyPerMin: int(env, 'API_KEY_PER_MIN'),
    pushServices: parsePushServices(env.PUSH_SERVICES),
    pushLoopback,
    // Named here one by one, as every variable read is (tests/config-docs.test.ts): checked in auth/oidc-config.ts.
    oidc: oidcConfigOf({
      OIDC_ISSUER: env.OIDC_ISSUER,
      OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET,
      OIDC_RULES: env.OIDC_RULES,
      OIDC_NAME: env.OIDC_NAME,
      OIDC_SCOPES: env.OIDC_SCOPES,
      OIDC_REDIRECT_URI: env.OIDC_REDIRECT_URI,
    }),
    passwordSignOn: passwordSignOnOf(env.PASSWORD_SIGN_ON, env.OIDC_ISSUER),
  };
}

/** A config for tests: in memory, dev API on, simulator off, quiet. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: ':memory:', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }),
    simulator: false,
    ...overrides,
  };
}
