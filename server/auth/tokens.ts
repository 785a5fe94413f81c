// Short-lived signed tokens (JWT, HS256) that carry the user id and the session id.
import { SignJWT, jwtVerify, errors } from 'jose';

export interface TokenClaims {
  usrId: string;
  sid: string;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface Tokens {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

export function createTokens(secret: string, ttlS: number): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ usrId, sid }) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(usrId)
        .setIssuer('quay')
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlS)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'quay' });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
          return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { usrId: payload.sub, sid: payload.sid } };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
