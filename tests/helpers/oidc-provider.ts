// A real OpenID provider for the sign-on tests (oidc-provider, certified), on loopback over http, whose login the
// test answers itself; and a small browser (fetch, a cookie jar, redirects followed by hand) that signs on through it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { OidcConfig } from '../../server/auth/oidc-config.ts';
import { parseRules } from '../../server/auth/oidc-rules.ts';
import { startTestServer, type TestServer } from './server.ts';

const CLIENT = { id: 'quay-test', secret: 'quay-test-secret-quay-test-secret' } as const;

/** Quay's OIDC_* for a provider of these tests at `issuer`, with these claim rules. */
export const quayOidc = (issuer: string, rules: readonly object[]): OidcConfig => ({
  issuer,
  clientId: CLIENT.id,
  clientSecret: CLIENT.secret,
  name: 'Quayline ID',
  scopes: 'openid email profile groups',
  rules: parseRules(JSON.stringify(rules)),
  redirectUri: null,
});

export interface TestProvider {
  issuer: string;
  /** Quay's callback, known once Quay listens: the provider is made then, with Quay as its client. */
  register(redirectUri: string): Promise<void>;
  /** The account the next sign-on at the provider is, with the claims it gives. */
  signOnAs(sub: string, claims: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** A provider and an in-process Quay signing on through it with these claim rules, Quay's callback registered. */
export async function startQuayWithProvider(
  rules: readonly object[],
): Promise<{ idp: TestProvider; server: TestServer; base: string }> {
  const idp = await startProvider();
  const server = await startTestServer({ oidc: quayOidc(idp.issuer, rules) });
  const base = await server.listen();
  await idp.register(`${base}/sso/oidc/callback`);
  return { idp, server, base };
}

/** A provider on a free loopback port; its discovery answers once register() has made it. */
async function startProvider(): Promise<TestProvider> {
  let provider: Provider | null = null;
  let account: { sub: string; claims: Record<string, unknown> } | null = null;
  const server = createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const p = provider;
    // The login and consent pages of a real provider, answered at once: the account is the test's.
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        const details = await p.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          const accountId = account?.sub ?? 'nobody';
          return p.interactionFinished(
            req,
            res,
            { login: { accountId } },
            { mergeWithLastSubmission: false },
          );
        }
        const grant = new p.Grant({
          accountId: details.session?.accountId ?? '',
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        return p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      })().catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    p.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test', alg: 'RS256', use: 'sig' };

  return {
    issuer,
    async register(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [redirectUri],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        async findAccount(_ctx, id) {
          if (id !== account?.sub) return undefined;
          const claims = { ...account.claims, sub: id };
          return { accountId: id, claims: () => claims };
        },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'preferred_username'],
          groups: ['groups', 'vessel_code', 'ports'],
        },
        jwks: { keys: [jwk] },
        cookies: { keys: ['quay-test-cookie-key'] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        // Quay always sends one: the provider must check it.
        pkce: { required: () => true },
        ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      });
    },
    signOnAs(sub, claims) {
      account = { sub, claims };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on: a provider that is down. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A browser, as far as signing on needs one: cookies per origin (paths ignored), redirects followed one by one. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(origin, cookies);
  }

  async get(url: string): Promise<Response> {
    const { origin } = new URL(url);
    const cookies = [...(this.jar.get(origin) ?? new Map<string, string>())]
      .map(([n, v]) => `${n}=${v}`)
      .join('; ');
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { 'user-agent': 'QuayTest/1.0', ...(cookies ? { cookie: cookies } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const gone = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) this.jar.get(origin)?.delete(name);
      else this.setCookie(origin, name, pair.slice(eq + 1).trim());
    }
    return res;
  }

  /**
   * Follows redirects from url until an answer that is not one, or until `stop` says a redirect's target is where
   * the test takes over (answered with that target, not followed).
   */
  async follow(
    url: string,
    stop: (next: URL) => boolean = () => false,
  ): Promise<{ res: Response; url: string }> {
    let at = url;
    for (let hops = 0; hops < 20; hops++) {
      const res = await this.get(at);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { res, url: at };
      const next = new URL(location, at);
      if (stop(next)) return { res, url: next.href };
      at = next.href;
    }
    throw new Error(`more than 20 redirects from ${url}`);
  }
}
