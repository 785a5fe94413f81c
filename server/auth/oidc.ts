// Quay as an OpenID Connect client (architecture.md#signing-on-with-an-openid-provider): the authorization code flow
// with PKCE, state and nonce, through openid-client. The provider's discovery is read lazily and kept.
import { createHmac } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import type { OidcConfig } from './oidc-config.ts';
import { onLoopback } from './oidc-config.ts';
import type { Claims } from './oidc-rules.ts';

/** What the browser keeps between the start and the callback: sealed, sent to /sso/ only. */
export const OIDC_STATE_COOKIE = 'quay_oidc';
export const OIDC_STATE_PATH = '/sso/';
/** Ten minutes to sign on at the provider (a password, a second factor) before the start must be made again. */
export const OIDC_STATE_TTL_S = 600;
/** Seconds the provider has to answer one request: longer is down, for the user as well. */
const PROVIDER_TIMEOUT_S = 10;
/** The discovery document is read again after a day: a provider moves an endpoint rarely, and says so long before. */
const REDISCOVER_MS = 24 * 3600 * 1000;

/**
 * Why a sign-on through the provider stopped: it did not answer (down); the callback does not belong to the start
 * this browser made, or was used already (tampered: state, nonce, code); the provider itself said no.
 */
export type OidcFailure = 'down' | 'tampered' | 'provider-refused';

export class OidcError extends Error {
  constructor(
    readonly kind: OidcFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A provider's user, as the ID token and the userinfo endpoint say it. */
export interface ProviderUser {
  issuer: string;
  sub: string;
  claims: Claims;
  /** Where the app goes after signing on (a same-origin path, checked at the start). */
  next: string;
}

export interface OidcClient {
  /** The provider's address to send the browser to, and the sealed state the browser keeps meanwhile. */
  start(redirectUri: string, next: string): Promise<{ url: string; state: string }>;
  /** The callback's query checked against the sealed state, the code exchanged, the ID token checked. */
  finish(sealed: string | undefined, query: string): Promise<ProviderUser>;
}

interface SealedState {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  next: string;
}

/** The network failing, or the provider answering with something that is not OAuth: it is down for us. */
const DOWN_CODES = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

function failureOf(err: unknown): OidcError {
  if (err instanceof OidcError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof TypeError || (err instanceof client.ClientError && DOWN_CODES.has(err.code ?? '')))
    return new OidcError('down', message, { cause: err });
  if (err instanceof client.AuthorizationResponseError)
    return new OidcError('provider-refused', `${err.error}: ${err.error_description ?? ''}`, { cause: err });
  // A code used twice, or sent with another verifier, is the provider's invalid_grant: the callback was replayed.
  if (err instanceof client.ResponseBodyError && err.error !== 'invalid_grant')
    return new OidcError('provider-refused', `${err.error}: ${err.error_description ?? ''}`, { cause: err });
  return new OidcError('tampered', message, { cause: err });
}

export function oidcClient(cfg: OidcConfig, tokenSecret: string): OidcClient {
  // A key of its own, derived from the token key: every instance opens what another sealed.
  const key = createHmac('sha256', tokenSecret).update('quay oidc state v1').digest();
  const insecure = onLoopback(new URL(cfg.issuer)) && cfg.issuer.startsWith('http:');
  let discovered: { config: Promise<client.Configuration>; at: number } | null = null;

  /** Read at the first sign-on, not at start: a provider that is down keeps no one from the password form. */
  const configuration = (): Promise<client.Configuration> => {
    if (!discovered || Date.now() - discovered.at > REDISCOVER_MS) {
      const config = client.discovery(new URL(cfg.issuer), cfg.clientId, cfg.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        // Plain http only to a provider on this machine (tests, a local Keycloak): oidc-config.ts refuses others.
        execute: insecure ? [client.allowInsecureRequests] : [],
      });
      const entry = { config, at: Date.now() };
      discovered = entry;
      // A failure is not kept: the next sign-on asks again.
      config.catch(() => {
        if (discovered === entry) discovered = null;
      });
    }
    return discovered.config;
  };

  const seal = (s: SealedState) =>
    new EncryptJWT({ ...s })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setExpirationTime(`${OIDC_STATE_TTL_S}s`)
      .encrypt(key);

  const open = async (sealed: string | undefined): Promise<SealedState> => {
    if (!sealed || sealed.length > 4096) throw new OidcError('tampered', 'no sign-on state');
    try {
      const { payload } = await jwtDecrypt(sealed, key);
      const { state, nonce, verifier, redirectUri, next } = payload;
      if ([state, nonce, verifier, redirectUri, next].every((v) => typeof v === 'string'))
        return { state, nonce, verifier, redirectUri, next } as SealedState;
    } catch (err) {
      throw new OidcError('tampered', 'sign-on state unreadable or expired', { cause: err });
    }
    throw new OidcError('tampered', 'sign-on state incomplete');
  };

  return {
    async start(redirectUri, next) {
      const config = await configuration().catch((err: unknown) => Promise.reject(failureOf(err)));
      const s: SealedState = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirectUri,
        next,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: cfg.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(s.verifier),
        code_challenge_method: 'S256',
        state: s.state,
        nonce: s.nonce,
      });
      return { url: url.href, state: await seal(s) };
    },

    async finish(sealed, query) {
      const s = await open(sealed);
      try {
        const config = await configuration();
        const url = new URL(s.redirectUri);
        url.search = query;
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: s.verifier,
          expectedState: s.state,
          expectedNonce: s.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new OidcError('tampered', 'no ID token');
        // The ID token's claims win; the userinfo endpoint adds what a provider keeps out of the token (Okta's,
        // oidc-provider's profile claims), checked to be about the same subject.
        const info = config.serverMetadata().userinfo_endpoint
          ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
          : {};
        return { issuer: idToken.iss, sub: idToken.sub, claims: { ...info, ...idToken }, next: s.next };
      } catch (err) {
        throw failureOf(err);
      }
    },
  };
}
