// The device cookie of the sign-on limits (architecture.md#sign-on-limits): given to a browser when it signs on,
// it names the user and a random device ID, signed, so that this browser is later judged on its own failures only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'quay_device';
/** Sent to the sign-on form only: no bytes on any other request of a paid link. */
export const DEVICE_COOKIE_PATH = '/sso/';
/** A year: the owner's phone or the bridge's tablet stays known between voyages. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Longer than any cookie deviceCookies makes (a user ID of 64 characters): not even looked at. */
const MAX_LENGTH = 200;

export interface DeviceCookies {
  /** A new cookie value for a browser that just signed on as `usrId`. */
  issue(usrId: string): string;
  /** The device ID the cookie holds when it is genuine and made for `usrId`; null for anything else. */
  deviceOf(value: string | undefined, usrId: string): string | null;
}

/**
 * Cookies signed with HMAC-SHA256 under a key of their own, derived from the token key (server/secrets.ts): every
 * instance of one database signs and checks them alike, and a device cookie can never pass for a token.
 */
export function deviceCookies(tokenSecret: string): DeviceCookies {
  const key = createHmac('sha256', tokenSecret).update('quay device cookie v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    issue(usrId) {
      const body = `${Buffer.from(usrId).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    deviceOf(value, usrId) {
      if (!value || value.length > MAX_LENGTH) return null;
      const [user, device, signature, ...rest] = value.split('.');
      if (!user || !device || !signature || rest.length > 0) return null;
      // Compared as text: decoding would let variants of one signature (stray characters) pass as well.
      const expected = Buffer.from(mac(`${user}.${device}`).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Buffer.from(user, 'base64url').toString() === usrId ? device : null;
    },
  };
}
