// OIDC_* and PASSWORD_SIGN_ON read and checked at start (architecture.md#signing-on-with-an-openid-provider): the
// provider, Quay's client at it, the claim rules, and whether local passwords still sign on.
import { parseRules, type OidcRule } from './oidc-rules.ts';

export interface OidcConfig {
  /** The provider's issuer identifier; its discovery document is read at the first sign-on, not at start. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-on page's button says: "Sign on with <name>". */
  name: string;
  /** The scopes asked for, space separated; `openid` always among them. */
  scopes: string;
  rules: OidcRule[];
  /** The callback address registered at the provider; null: this server's own, as the browser reached it. */
  redirectUri: string | null;
}

export const OIDC_CALLBACK_PATH = '/sso/oidc/callback';
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether a URL is on this machine: the only place a provider may be reached over plain http (tests, a local one). */
export const onLoopback = (url: URL): boolean => LOOPBACK.includes(url.hostname);

function urlOf(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && onLoopback(url)))
    throw new Error(`${name} must be an https:// URL (http:// only on loopback), got "${raw}"`);
  if (url.search || url.hash || url.username) throw new Error(`${name} may not hold a query, a # or a user`);
  return url;
}

/** The variables read here, as server/config.ts hands them over. */
type OidcEnv = Record<
  | 'OIDC_ISSUER'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_RULES'
  | 'OIDC_NAME'
  | 'OIDC_SCOPES'
  | 'OIDC_REDIRECT_URI',
  string | undefined
>;

/** The provider OIDC_ISSUER names, or null when none is set (passwords alone). */
export function oidcConfigOf(env: OidcEnv): OidcConfig | null {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.OIDC_CLIENT_SECRET ?? '';
  if (!issuer) {
    if (clientId || clientSecret || env.OIDC_RULES)
      throw new Error('OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_RULES need OIDC_ISSUER');
    return null;
  }
  if (!clientId || !clientSecret)
    throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: register Quay at the provider');
  if (!env.OIDC_RULES?.trim())
    throw new Error('OIDC_ISSUER needs OIDC_RULES: without rules the provider admits no one');
  urlOf('OIDC_ISSUER', issuer);
  const redirect = env.OIDC_REDIRECT_URI?.trim();
  if (redirect && urlOf('OIDC_REDIRECT_URI', redirect).pathname !== OIDC_CALLBACK_PATH)
    throw new Error(`OIDC_REDIRECT_URI must end in ${OIDC_CALLBACK_PATH}, got "${redirect}"`);
  const scopes = (env.OIDC_SCOPES?.trim() || 'openid email profile').split(/\s+/);
  return {
    // As written: the provider's discovery document must name the very same issuer, its last '/' included or not.
    issuer,
    clientId,
    clientSecret,
    name: env.OIDC_NAME?.trim().slice(0, 60) || 'your organisation',
    scopes: [...new Set(['openid', ...scopes])].join(' '),
    rules: parseRules(env.OIDC_RULES),
    redirectUri: redirect || null,
  };
}

/** PASSWORD_SIGN_ON: on unless `off`; off needs a provider, or no one could sign on. */
export function passwordSignOnOf(raw: string | undefined, issuer: string | undefined): boolean {
  if (!['on', 'off', undefined, ''].includes(raw))
    throw new Error(`PASSWORD_SIGN_ON must be on or off, got "${raw}"`);
  if (raw === 'off' && !issuer?.trim())
    throw new Error('PASSWORD_SIGN_ON=off needs OIDC_ISSUER: otherwise no one could sign on');
  return raw !== 'off';
}
