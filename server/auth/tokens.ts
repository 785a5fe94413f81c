// Short-lived signed tokens (JWT, HS256) that carry the user id and the session id.
import { SignJWT, jwtVerify, errors } from 'jose';

interface TokenClaims {
  usrId: string;
  sid: string;
}

/** A verified token's claims and when it expires (seconds since epoch). */
interface VerifiedClaims extends TokenClaims {
  exp: number;
}

type VerifyResult = { ok: true; claims: VerifiedClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface Tokens {
  /** Seconds a new token lives. */
  ttlS: number;
  sign(claims: TokenClaims): Promise<string>;
  /**
   * graceS: a token that ran out at most this long ago still counts. Only sign-out takes one: a device that signed
   * out at sea tells the server later with the token it had then (architecture.md#sign-out).
   */
  verify(token: string, opts?: { graceS?: number }): Promise<VerifyResult>;
}

export function createTokens(secret: string, ttlS: number): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlS,
    sign: ({ usrId, sid }) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(usrId)
        .setIssuer('quay')
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
        .sign(key),
    async verify(token, opts = {}) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'quay',
          ...(opts.graceS ? { clockTolerance: opts.graceS } : {}),
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { usrId: payload.sub, sid: payload.sid, exp: payload.exp } };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
