// Which push subscriptions this server takes and sends to (architecture.md#push-endpoints): an https endpoint
// of a known push service on the standard port, and a browser's P-256 key with a 16-byte auth secret.
import { ECDH } from 'node:crypto';

/** The public push services of the browsers (Chrome, Firefox, Safari, Edge): PUSH_SERVICES' default. */
const DEFAULT_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

// A host name (not an address: its last label starts with a letter), lower case as URL writes it.
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** PUSH_SERVICES: host names, comma separated, `*.` before one allowing its subdomains; unset: the default. */
export function parsePushServices(text: string | undefined): readonly string[] {
  if (text === undefined || text.trim() === '') return DEFAULT_PUSH_SERVICES;
  const entries = text.split(',').map((e) => e.trim().toLowerCase());
  for (const e of entries)
    if (!HOST_NAME.test(e.startsWith('*.') ? e.slice(2) : e))
      throw new Error(
        `PUSH_SERVICES must list host names (a leading "*." allows subdomains), comma separated; "${e}" is not one`,
      );
  return entries;
}

/** What the endpoint of a subscription may be. */
export interface EndpointRules {
  /** Hosts of push services (PUSH_SERVICES). */
  services: readonly string[];
  /** Also http://127.0.0.1:<port>/… and http://localhost:<port>/…: a push service of tests or demos (PUSH_LOOPBACK). */
  loopback: boolean;
}

/** Whether a host is one of the push services: equal to an entry, or under a `*.` entry's domain. */
function hostAllowed(host: string, services: readonly string[]): boolean {
  return services.some((s) =>
    s.startsWith('*.') ? host.length > s.length - 1 && host.endsWith(s.slice(1)) : host === s,
  );
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** An http://127.0.0.1:<port>/… or http://localhost:<port>/… URL, without user name or password. */
function isLoopbackHttp(u: URL): boolean {
  return (
    u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname) && u.port !== '' && !u.username && !u.password
  );
}

/**
 * Why a push endpoint is refused (to follow "endpoint" in a message), or null when it is one the server sends to.
 * The same rule is checked when a subscription is saved and before every push (PUSH_SERVICES may have changed).
 */
export function endpointRefusal(endpoint: string, rules: EndpointRules): string | null {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return 'is not a URL';
  }
  if (rules.loopback && isLoopbackHttp(u)) return null;
  if (u.protocol !== 'https:')
    return rules.loopback
      ? 'must be an https URL, or http://127.0.0.1:<port>/… or http://localhost:<port>/… (PUSH_LOOPBACK)'
      : 'must be an https URL';
  if (u.username || u.password) return 'must not hold a user name or password';
  // URL drops the scheme's own port (443), so any port left is another one.
  if (u.port !== '') return `must use the https port 443, not ${u.port}`;
  if (!hostAllowed(u.hostname, rules.services))
    return `names ${u.hostname}, which is not a push service this server sends to (PUSH_SERVICES)`;
  return null;
}

/** base64url (RFC 4648 §5), padding allowed, as browsers write a subscription's keys. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text, or null when it is not base64url. */
function base64url(text: unknown): Buffer | null {
  return typeof text === 'string' && BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null;
}

/**
 * Why a subscription's keys cannot encrypt a push (to follow "body.subscription." in a message), or null. RFC 8291:
 * p256dh is an uncompressed P-256 point (65 bytes, 0x04 first) on the curve, auth a 16-byte secret.
 */
export function keysRefusal(keys: { p256dh?: unknown; auth?: unknown } | undefined): string | null {
  const p256dh = base64url(keys?.p256dh);
  if (!p256dh || p256dh.length !== 65 || p256dh[0] !== 0x04)
    return 'keys.p256dh must be a P-256 public key: 65 bytes in base64url, the first 0x04';
  try {
    ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    return 'keys.p256dh is not a point on the P-256 curve';
  }
  const auth = base64url(keys?.auth);
  if (!auth || auth.length !== 16) return 'keys.auth must be a 16-byte secret in base64url';
  return null;
}
