// The environment variables the server reads: name, default and meaning, written once. server/config.ts takes the
// numeric defaults from here, and `npm run docs:config` writes docs/configuration.md's table with configTable().

export interface EnvVar {
  name: string;
  /** The default as the docs say it. */
  default: string;
  /** What it does, in a sentence or two of Markdown. */
  meaning: string;
  /** For an integer setting: the value taken when it is unset, which is the default above. */
  fallback?: number;
}

export const ENV_VARS: readonly EnvVar[] = [
  { name: 'PORT', default: '`8080`', fallback: 8080, meaning: 'HTTP port (app, API, sign-on, health)' },
  {
    name: 'HOST',
    default: '`127.0.0.1`',
    meaning:
      "interface to listen on: loopback only by default, since the demo users' password is `demo`; `0.0.0.0` for every interface (a phone on the same network then opens `http://<this computer's address>:8080`; a service worker, and so offline use, installing and push, needs `localhost` or HTTPS: set `TLS_CERT` and `TLS_KEY` as well)",
  },
  {
    name: 'DATA_DIR',
    default: '`./data`',
    meaning:
      'embedded PostgreSQL (`DATA_DIR/pglite`) and kept keys (`DATA_DIR/secrets.json`: token key, VAPID keys); `:memory:` keeps nothing. Delete the folder for a fresh demo world',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    meaning:
      'use this PostgreSQL instead of the embedded one, e.g. `postgres://user@127.0.0.1:5432/quay`; several instances may share it ([cluster.md](cluster.md))',
  },
  {
    name: 'AMQP_URL',
    default: '(unset)',
    meaning:
      "RabbitMQ shared by several instances, e.g. `amqp://quay:pw@10.0.0.5:5672`: live events reach every instance's sockets; unset: one instance",
  },
  {
    name: 'APP_ENV',
    default: '`local` (`production` when `NODE_ENV=production`)',
    meaning: '`local`, `development` or `production`; the TEST badge shows outside production',
  },
  { name: 'NODE_ENV', default: '(unset)', meaning: '`production` removes the dev API (`/api/dev`)' },
  { name: 'TOKEN_TTL_S', default: '`900`', fallback: 900, meaning: 'lifetime of an API token in seconds' },
  {
    name: 'SESSION_TTL_S',
    default: '`2592000`',
    fallback: 30 * 24 * 3600,
    meaning: 'lifetime of a sign-on session (cookie) in seconds',
  },
  {
    name: 'TOKEN_SECRET',
    default: '(generated, kept in `DATA_DIR`, or in the database with `DATABASE_URL`)',
    meaning: 'HMAC key for tokens and sync cursors; the same on every instance',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(generated and kept, as `TOKEN_SECRET`)',
    meaning:
      "with `VAPID_PRIVATE_KEY`: the Web Push key pair (base64url, as `web-push generate-vapid-keys` prints it); devices' subscriptions are bound to it",
  },
  { name: 'VAPID_PRIVATE_KEY', default: '(generated and kept)', meaning: 'with `VAPID_PUBLIC_KEY`' },
  {
    name: 'PUSH_SERVICES',
    default: "Google's, Mozilla's, Apple's and Microsoft's push services",
    meaning:
      "hosts a push subscription's endpoint may name (https, port 443), comma separated; `*.` before one takes its subdomains ([Push endpoints](architecture.md#push-endpoints))",
  },
  {
    name: 'PUSH_LOOPBACK',
    default: 'off',
    meaning:
      'tests and demos only: `on` also takes `http://127.0.0.1:<port>/…` and `localhost` push endpoints, on loopback only; refused in production',
  },
  {
    name: 'CHAT_LANES',
    default: "the demo world's list",
    meaning: 'services whose vessels may chat, comma separated; `*` means all',
  },
  {
    name: 'BODY_LIMIT',
    default: '`262144`',
    fallback: 256 * 1024,
    meaning: 'largest request body in bytes, a gzipped one counted unpacked (larger gets 413)',
  },
  { name: 'LOG_LEVEL', default: '`info`', meaning: '`silent`, `error`, `warn`, `info`, `debug`' },
  {
    name: 'DEMO',
    default: 'on',
    meaning:
      "`off` starts without the demo world: no demo vessels, users or simulator, only the app's own code tables; the data comes from the schedule sources, AIS and `npm run import` ([Starting empty and importing](integration.md#starting-empty-and-importing))",
  },
  {
    name: 'ADMIN_USER',
    default: '(unset)',
    meaning:
      'with `ADMIN_PASSWORD`: a staff account made at start when no user of that name exists, so that someone can sign on to a Quay started with `DEMO=off`; an existing account is left as it is',
  },
  {
    name: 'ADMIN_PASSWORD',
    default: '(unset)',
    meaning: 'with `ADMIN_USER`: its password, at least 8 characters',
  },
  {
    name: 'OIDC_ISSUER',
    default: '(unset)',
    meaning:
      "an OpenID provider's issuer, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`: the sign-on page offers it ([Signing on with an OpenID provider](architecture.md#signing-on-with-an-openid-provider)); https, or http on loopback only. Read at the first sign-on: a provider that is down does not stop the start",
  },
  {
    name: 'OIDC_CLIENT_ID',
    default: '(unset)',
    meaning: "with `OIDC_ISSUER`: Quay's client id at the provider",
  },
  { name: 'OIDC_CLIENT_SECRET', default: '(unset)', meaning: 'with `OIDC_ISSUER`: its client secret' },
  {
    name: 'OIDC_RULES',
    default: '(unset)',
    meaning:
      "with `OIDC_ISSUER`: the claim rules, a JSON list, or `@` and a file's path: which users are admitted and as what type, roles, vessel, ports and office ([Claim rules](architecture.md#claim-rules))",
  },
  {
    name: 'OIDC_NAME',
    default: '`your organisation`',
    meaning: 'the provider as the sign-on button names it: "Sign on with …"',
  },
  {
    name: 'OIDC_SCOPES',
    default: '`openid email profile`',
    meaning: 'scopes asked for, space separated, e.g. `openid email profile groups`',
  },
  {
    name: 'OIDC_REDIRECT_URI',
    default: "this server's `/sso/oidc/callback`, as the browser reached it",
    meaning:
      'the callback address registered at the provider, ending in `/sso/oidc/callback`; set it behind a balancer that changes the host or scheme',
  },
  {
    name: 'PASSWORD_SIGN_ON',
    default: 'on',
    meaning: '`off` turns local passwords off: only the OpenID provider signs on (needs `OIDC_ISSUER`)',
  },
  {
    name: 'SIMULATOR',
    default: 'on (off with `DEMO=off`)',
    meaning:
      '`off` stops the simulator (vessels move, ETAs slip, notifications and chat messages appear); of several instances one runs it',
  },
  { name: 'SIM_TICK_S', default: '`60`', fallback: 60, meaning: 'seconds between simulator steps' },
  {
    name: 'SCHEDULE_SOURCES',
    default: '(unset)',
    meaning:
      'DCSA OVS v3 providers, comma separated, each its `/v3/service-schedules` URL (a query such as `?UNLocationCode=SGSIN` allowed) and, after a `\\|`, the one header that carries its key: `https://provider.example/v3/service-schedules\\|API-Key: quay_…`; the leading instance reads them into the schedules ([Schedule sources in](integration.md#schedule-sources-in-dcsa-ovs-v3))',
  },
  {
    name: 'SCHEDULE_INTERVAL_S',
    default: '`300`',
    fallback: 300,
    meaning:
      'seconds between reads of each schedule source; a failing source is tried again after 15 s, doubling to 30 minutes',
  },
  {
    name: 'AIS_SOURCES',
    default: '(unset)',
    meaning:
      'TCP feeds of NMEA 0183 AIS sentences (`!AIVDM`, `!AIVDO`) as `host:port`, comma separated; the leading instance reads them and moves the vessels whose MMSI they name ([AIS positions in](integration.md#ais-positions-in))',
  },
  {
    name: 'AIS_INTERVAL_S',
    default: '`60`',
    fallback: 60,
    meaning:
      "seconds between writes of AIS positions: each vessel's newest report of the interval is stored, the others are not ([AIS positions in](integration.md#ais-positions-in))",
  },
  {
    name: 'SIMULATOR_AIS_PORT',
    default: '(unset)',
    meaning:
      "a loopback TCP port on which the simulator sends its ships' positions as `!AIVDM` sentences instead of storing them, and the server reads them back through its AIS feed (`127.0.0.1:<port>` is added to `AIS_SOURCES`)",
  },
  {
    name: 'STOMP_HEARTBEAT_MS',
    default: '`60000`',
    fallback: 60_000,
    meaning:
      'STOMP heart-beat the server offers both ways, in ms (`0`: none); a client asking a longer interval gets it',
  },
  {
    name: 'STOMP_SEND_BURST',
    default: '`10`',
    fallback: 10,
    meaning:
      "STOMP SENDs a connection may make at once; a user's connections together twice that ([The broker's fair share](architecture.md#the-brokers-fair-share)); past it, ERROR 429 and a close",
  },
  {
    name: 'STOMP_SEND_PER_MIN',
    default: '`120`',
    fallback: 120,
    meaning:
      "STOMP SENDs a connection may make a minute after its burst; a user's connections together twice that",
  },
  {
    name: 'TLS_CERT',
    default: '(unset)',
    meaning:
      'with `TLS_KEY`: PEM certificate file; the server speaks HTTPS, HTTP/2 with HTTP/1.1 fallback, and WebSockets over HTTP/2 (RFC 8441) so that a device holds one connection',
  },
  { name: 'TLS_KEY', default: '(unset)', meaning: 'with `TLS_CERT`: PEM private key file' },
  {
    name: 'KEEP_ALIVE_S',
    default: '`600`',
    fallback: 600,
    meaning:
      'seconds an idle connection without a WebSocket stays open (an HTTP/2 spare beside one carrying the live connection goes after 40 s), and after which a held one is checked by TCP keep-alive',
  },
  {
    name: 'TRUST_PROXY',
    default: '`loopback`',
    meaning:
      "whose `X-Forwarded-For` is believed for the client's address (sign-on attempts are limited per address): a balancer's addresses or CIDR, comma separated",
  },
  {
    name: 'SIGN_ON_ADDR_LIMIT',
    default: '`100`',
    fallback: 100,
    meaning:
      'failed sign-ons from one address without a device cookie in 15 minutes before it waits ([Sign-on limits](architecture.md#sign-on-limits))',
  },
  {
    name: 'API_KEY_PER_MIN',
    default: '`60`',
    fallback: 60,
    meaning:
      'calls one API key may make to the DCSA schedules in a minute, counted in the database across instances; past it a 429 with `Retry-After` ([API keys](integration.md#api-keys))',
  },
  {
    name: 'HEARTBEAT_S',
    default: '`5`',
    fallback: 5,
    meaning:
      "with `DATABASE_URL`: seconds between the instance's heartbeats; its open connections stop counting for Web Push three heartbeats after its last",
  },
  {
    name: 'INSTANCE_ID',
    default: 'host, process id and a random part',
    meaning:
      "with `DATABASE_URL`: the instance's name in the database; a stable one lets a restart clear what the previous run left",
  },
  {
    name: 'DIST_DIR',
    default: '`./dist`',
    meaning: 'the built app the server serves (tests and benches point it at another build)',
  },
];

/** The integer an unset variable stands for. */
export function fallbackOf(name: string): number {
  const fallback = ENV_VARS.find((v) => v.name === name)?.fallback;
  if (fallback === undefined) throw new Error(`${name} has no integer default in server/config-vars.ts`);
  return fallback;
}

const TABLE_START = '<!-- config:start: written by `npm run docs:config` from server/config-vars.ts -->';
const TABLE_END = '<!-- config:end -->';

/** The table as Prettier lays a Markdown table out: each column as wide as its widest cell. */
export function configTable(): string {
  const rows = [
    ['variable', 'default', 'meaning'],
    ...ENV_VARS.map((v) => [`\`${v.name}\``, v.default, v.meaning]),
  ];
  const widths = [0, 1, 2].map((c) => Math.max(3, ...rows.map((r) => [...(r[c] ?? '')].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, c) => cell + ' '.repeat((widths[c] ?? 0) - [...cell].length)).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n');
}

/** docs/configuration.md with its marked block replaced by the table of now. */
export function withTable(doc: string): string {
  const a = doc.indexOf(TABLE_START);
  const b = doc.indexOf(TABLE_END);
  if (a < 0 || b < a)
    throw new Error(`docs/configuration.md has lost its markers: ${TABLE_START} … ${TABLE_END}`);
  return `${doc.slice(0, a)}${TABLE_START}\n\n${configTable()}\n\n${doc.slice(b)}`;
}
