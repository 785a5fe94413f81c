// Sign-on and token routes: GET/POST /sso/login, the OpenID provider's /sso/oidc/ (./oidc.ts), GET /IBP_REFRESH.do
// (token, and ?f_cmd=11 logout). The users, sessions and tokens are ../auth/'s.
import { Type } from 'typebox';
import { Text } from '../../src/core/contract/common.ts';
import { sessionLossWords } from '../../src/core/contract/session-loss.ts';
import type { App } from '../context.ts';
import { forbidden } from '../http/errors.ts';
import { requestSite } from '../http/origin.ts';
import {
  endSession,
  createSession,
  sessionIdOf,
  sessionLoss,
  sessionUser,
  SESSION_COOKIE,
  SESSION_COOKIE_PATH,
} from '../auth/sessions.ts';
import { oidcRoutes } from './oidc.ts';
import { DEFAULT_ATTEMPT_LIMITS, signOnAttempts, type Attempter } from '../auth/attempts.ts';
import { DEVICE_COOKIE, deviceCookies } from '../auth/device-cookie.ts';
import { hashGate } from '../auth/hash-gate.ts';
import { verifyPassword } from '../auth/password.ts';
import { refusalPage, signOnPage, SSO_CSS } from '../auth/sso-page.ts';
import { demoUserList, passwordOf, safeNext, setSignedOnCookies } from '../auth/sign-on.ts';
import { TOKEN_HEADER } from '../auth/guard.ts';
import { recordEvent } from '../domain/events.ts';
import { forgetSignedOutDevice } from '../notifications/devices.ts';
import { markSeen } from '../auth/devices.ts';

const LoginBody = Type.Object({
  usrId: Text(0, 64),
  password: Text(0, 256),
  next: Type.Optional(Type.String({ maxLength: 2048 })),
});

const SIGN_OUT_ELSEWHERE = 'Sign-out must come from the app itself';

/** Seconds a client is asked to wait when too many password checks are already waiting. */
const BUSY_RETRY_S = 5;

export async function signOnRoutes(app: App): Promise<void> {
  const { db, config, tokens } = app.ctx;
  const demoList = demoUserList(db);
  // The demo users are listed with the demo world only, and only beside the password form they sign on with.
  const demoUsers = async () => (config.demo && config.passwordSignOn ? demoList() : []);
  // What the page offers: the provider's button, the password form, or both (architecture.md#signing-on-with-an-openid-provider).
  const offers = { provider: config.oidc?.name ?? null, passwords: config.passwordSignOn };
  const secure = config.appEnv === 'production';
  const attempts = signOnAttempts(db, { ...DEFAULT_ATTEMPT_LIMITS, perAddress: config.signOnAddressLimit });
  const devices = deviceCookies(config.tokenSecret ?? app.ctx.secrets.tokenSecret);
  const gate = hashGate();

  app.get('/sso/sso.css', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SSO_CSS),
  );

  app.get(
    '/sso/login',
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          next: Type.Optional(Type.String({ maxLength: 2048 })),
          // Why the app sent the user here (a lost session, product.md#token): a word the page turns into words.
          why: Type.Optional(Type.String({ maxLength: 32 })),
        }),
      },
    },
    async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          signOnPage({
            users: await demoUsers(),
            next: safeNext(req.query.next),
            notice: sessionLossWords(req.query.why),
            ...offers,
          }),
        ),
  );

  app.post('/sso/login', { schema: { hide: true, body: LoginBody } }, async (req, reply) => {
    const { usrId, password } = req.body;
    const next = safeNext(req.body.next);
    const page = async (error: string) =>
      signOnPage({ users: await demoUsers(), next, usrId, error, ...offers });
    if (!config.passwordSignOn)
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          refusalPage({
            title: 'Quay passwords are turned off',
            why: `This Quay signs on through ${config.oidc?.name ?? 'your organisation'} only.`,
            todo: 'Please use the sign-on button on the sign-on page.',
            next,
          }),
        );
    const refuse = async (code: 401 | 403 | 429, error: string, retryAfterS?: number) => {
      if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
      return reply
        .code(code)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await page(error));
    };
    // A browser that signed on as this user ID before is judged on its own failures only: others' guessing does not
    // lock the owner out (architecture.md#sign-on-limits).
    const device = devices.deviceOf(req.cookies[DEVICE_COOKIE], usrId.trim());
    const who: Attempter = device ? { device } : { usrId, address: req.ip };
    // Past the limit the password is not even checked, nor the user looked up: a flood costs no hashing.
    const wait = await attempts.retryAfterS(who);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      return refuse(
        429,
        `Too many attempts to sign on. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        wait,
      );
    }
    const user = await passwordOf(db, usrId.trim());
    // Hashed off the event loop, a few at a time, and as long for a user who does not exist as for one who does.
    const matches = await gate.run(() => verifyPassword(password, user?.hash ?? null));
    if (matches === null)
      return refuse(429, 'Sign-on is busy. Please try again in a few seconds.', BUSY_RETRY_S);
    if (!matches || !user) {
      await attempts.failed(who);
      return refuse(401, 'The user ID or password is not correct. Please try again.');
    }
    await attempts.succeeded(who);
    // Said only once the password matched: to anyone else a disabled account is as any wrong password.
    if (user.disabled) return refuse(403, 'This account is disabled. Ask your administrator.');
    // Where the session is, for My devices (product.md#my-devices): the browser says what it is.
    const sid = await createSession(db, user.usrId, config.sessionTtlS, {
      userAgent: req.headers['user-agent'],
      method: 'password',
    });
    setSignedOnCookies(reply, {
      sid,
      usrId: user.usrId,
      sessionTtlS: config.sessionTtlS,
      secure,
      devices,
    });
    return reply.redirect(next, 303);
  });

  if (config.oidc) await oidcRoutes(app, config.oidc);

  app.get(
    '/IBP_REFRESH.do',
    {
      schema: {
        summary: 'Turn the sign-on session into a short-lived token; with f_cmd=11, log out',
        tags: ['auth'],
        querystring: Type.Object({
          f_cmd: Type.Optional(Type.String({ pattern: '^[0-9]{1,8}$' })),
          // With f_cmd=11: the signing-out device (its notDevId), whose push subscription goes with the session.
          notDevId: Type.Optional(Text(1, 128)),
        }),
        response: {
          200: Type.Union([
            Type.Object({ Result: Type.Literal('Ok'), token: Type.String() }),
            // reason: why the session is over, so the app can say so (product.md#token).
            Type.Object({
              Result: Type.Literal('Fail'),
              reason: Type.Optional(
                Type.Union([
                  Type.Literal('ended'),
                  Type.Literal('expired'),
                  Type.Literal('signed-out-elsewhere'),
                  Type.Literal('disabled'),
                ]),
              ),
            }),
            Type.Object({ Result: Type.Literal('Ok') }),
          ]),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const sid = sessionIdOf(req.cookies[SESSION_COOKIE]);
      if (req.query.f_cmd === '11') {
        // Signing out changes state: a page of another site may not do it (architecture.md#sign-out). With the
        // token, as the app signs out, the request is the app's: a page of another site cannot add the header. With
        // the cookie alone, the browser must say the request comes from this host: an older browser sends a
        // Referer alone, and a link on another site would otherwise sign the user out.
        const site = requestSite(req.headers);
        if (site === 'foreign') throw forbidden(SIGN_OUT_ELSEWHERE);
        const header = req.headers[TOKEN_HEADER];
        const token = Array.isArray(header) ? header[0] : header;
        // A token that ran out still names its session: a device that signed out at sea says so when the link is
        // back, with the token it had then, and perhaps another user's cookie beside it (not sent: it stays).
        const verified = token ? await tokens.verify(token, { graceS: config.sessionTtlS }) : null;
        if (!verified?.ok && sid && site !== 'same-origin') throw forbidden(SIGN_OUT_ELSEWHERE);
        const ended = [verified?.ok ? verified.claims.sid : null, sid ?? null].filter(
          (s): s is string => !!s,
        );
        // The session's live sockets end with it, on every instance, not at their next frame.
        if (ended.length > 0)
          await db.tx(async (sql) => {
            for (const s of ended) await endSession(sql, s);
            const device = req.query.notDevId;
            if (device !== undefined) await forgetSignedOutDevice(sql, ended, device);
            recordEvent(sql, { type: 'sessionsEnded', sids: ended });
          });
        reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
        return { Result: 'Ok' as const };
      }
      const user = sid ? await sessionUser(db, sid) : null;
      if (!sid) return { Result: 'Fail' as const };
      if (!user) {
        const reason = await sessionLoss(db, sid);
        return reason ? { Result: 'Fail' as const, reason } : { Result: 'Fail' as const };
      }
      // A refresh is the device's contact even when it makes no other call (product.md#my-devices).
      await markSeen(db, sid);
      return { Result: 'Ok' as const, token: await tokens.sign({ usrId: user.usr_id, sid }) };
    },
  );
}
