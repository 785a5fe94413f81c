// Signing on through the OpenID provider (architecture.md#signing-on-with-an-openid-provider): GET /sso/oidc/start
// sends the browser to the provider, GET /sso/oidc/callback takes it back, makes the session, or says why not.
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../context.ts';
import { createSession } from '../auth/sessions.ts';
import { deviceCookies } from '../auth/device-cookie.ts';
import { OIDC_CALLBACK_PATH, type OidcConfig } from '../auth/oidc-config.ts';
import { oidcClient, OidcError, OIDC_STATE_COOKIE, OIDC_STATE_PATH, OIDC_STATE_TTL_S } from '../auth/oidc.ts';
import { signOnWithClaims, type SignOnRefusal } from '../auth/oidc-users.ts';
import { safeNext, setSignedOnCookies } from '../auth/sign-on.ts';
import { refusalPage } from '../auth/sso-page.ts';

type Refusal = OidcError['kind'] | SignOnRefusal;

/**
 * Each refusal's status and words. A provider that is down is answered 200: the page is the answer the browser
 * needs, and a 5xx would count the provider's outage as this server's fault.
 */
function wordsOf(why: Refusal, name: string, passwords: boolean) {
  const orPassword = passwords ? ' Or sign on with your Quay password.' : '';
  const admin = 'Ask your administrator.';
  const words: Record<Refusal, { code: number; title: string; why: string; todo: string }> = {
    down: {
      code: 200,
      title: 'The sign-on service did not answer',
      why: `Quay could not reach ${name} to sign you on.`,
      todo: `Please try again in a few minutes. If it goes on, tell your administrator.${orPassword}`,
    },
    tampered: {
      code: 400,
      title: 'This sign-on link is no longer valid',
      why: `The answer from ${name} does not belong to the sign-on this browser started: it was changed, used already, or is more than ${OIDC_STATE_TTL_S / 60} minutes old.`,
      todo: 'Please sign on again from the start.',
    },
    'provider-refused': {
      code: 403,
      title: `${name} did not sign you on`,
      why: `${name} refused the sign-on, or it was cancelled.`,
      todo: `Please try again. If it goes on, ${admin.toLowerCase()}`,
    },
    'no-rule': {
      code: 403,
      title: 'Your account has no access to Quay',
      why: `You signed on with ${name}, but none of your groups gives access to Quay.`,
      todo: `${admin} They can add you to a group that Quay admits.`,
    },
    disabled: {
      code: 403,
      title: 'This account is disabled',
      why: 'This account is disabled.',
      todo: admin,
    },
    taken: {
      code: 409,
      title: 'This account name is already used',
      why: `Quay already has an account of the name ${name} gives yours, and it is not linked to your sign-on.`,
      todo: `${admin} They can link the two or rename one.`,
    },
    'unknown-codes': {
      code: 403,
      title: 'Your vessel or ports are not in Quay',
      why: `${name} names a vessel or ports for your account that Quay does not know.`,
      todo: `${admin} They can check your groups at ${name} and Quay's rules.`,
    },
  };
  return words[why];
}

export async function oidcRoutes(app: App, cfg: OidcConfig): Promise<void> {
  const { db, config } = app.ctx;
  const secret = config.tokenSecret ?? app.ctx.secrets.tokenSecret;
  const devices = deviceCookies(secret);
  const provider = oidcClient(cfg, secret);
  const secure = config.appEnv === 'production';

  const refuse = (reply: FastifyReply, why: Refusal, next: string) => {
    const w = wordsOf(why, cfg.name, config.passwordSignOn);
    return reply
      .code(w.code)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(refusalPage({ title: w.title, why: w.why, todo: w.todo, next }));
  };

  app.get(
    '/sso/oidc/start',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ next: Type.Optional(Type.String({ maxLength: 2048 })) }),
      },
    },
    async (req, reply) => {
      const next = safeNext(req.query.next);
      // Behind a balancer that changes the host or the scheme, OIDC_REDIRECT_URI says the registered one.
      const redirectUri = cfg.redirectUri ?? `${req.protocol}://${req.host}${OIDC_CALLBACK_PATH}`;
      try {
        const { url, state } = await provider.start(redirectUri, next);
        reply.setCookie(OIDC_STATE_COOKIE, state, {
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level GET from its site, which a strict cookie would miss.
          sameSite: 'lax',
          secure,
          path: OIDC_STATE_PATH,
          maxAge: OIDC_STATE_TTL_S,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 303);
      } catch (err) {
        req.log.warn({ err }, 'OpenID sign-on could not start');
        return refuse(reply, err instanceof OidcError ? err.kind : 'down', next);
      }
    },
  );

  app.get(OIDC_CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
    // Used once: a replayed callback finds no state to match.
    reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_STATE_PATH });
    const q = req.url.indexOf('?');
    const query = q < 0 ? '' : req.url.slice(q);
    let who;
    try {
      who = await provider.finish(req.cookies[OIDC_STATE_COOKIE], query);
    } catch (err) {
      req.log.warn({ err }, 'OpenID sign-on refused');
      return refuse(reply, err instanceof OidcError ? err.kind : 'tampered', '/');
    }
    const result = await signOnWithClaims(db, cfg.rules, who);
    if (!result.ok) {
      req.log.info({ why: result.why, iss: who.issuer, sub: who.sub }, 'OpenID user refused');
      return refuse(reply, result.why, who.next);
    }
    const sid = await createSession(db, result.usrId, config.sessionTtlS, {
      userAgent: req.headers['user-agent'],
      method: 'oidc',
    });
    setSignedOnCookies(reply, { sid, usrId: result.usrId, sessionTtlS: config.sessionTtlS, secure, devices });
    return reply.header('cache-control', 'no-store').redirect(who.next, 303);
  });
}
