// The pull cursor: opaque to the device, signed with the server's token secret over the user, the clock's epoch and
// version (and, while a first pull pages, where the next page starts). Another user's cursor, a forged or a mangled
// one is refused with a 400 that says so; one of another epoch is valid but starts the device again (reset).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../http/errors.ts';

export interface CursorPosition {
  epoch: string;
  /** The user's change version the device has (during a first pull: the version its last page will bring). */
  version: number;
  /**
   * During a first pull: the next page's notifications are older than this notSeq, `served` came before, and
   * `details` of their details (absent in cursors of servers before details had a budget: none counted).
   */
  page?: { before: number; served: number; details?: number };
}

const SIG_BYTES = 12;
const EPOCH = /^[A-Za-z0-9_-]{1,40}$/;
const NUMBER = /^[0-9a-z]{1,11}$/;

const mac = (secret: string, usrId: string, payload: string): Buffer =>
  createHmac('sha256', secret)
    .update(`quay-sync-cursor\u0000${usrId}\u0000${payload}`)
    .digest()
    .subarray(0, SIG_BYTES);

export function signCursor(secret: string, usrId: string, pos: CursorPosition): string {
  const parts = [pos.epoch, pos.version.toString(36)];
  if (pos.page) {
    parts.push(pos.page.before.toString(36), pos.page.served.toString(36));
    if (pos.page.details) parts.push(pos.page.details.toString(36));
  }
  const payload = parts.join('.');
  return `${payload}.${mac(secret, usrId, payload).toString('base64url')}`;
}

/** The position of a cursor this server gave this user, or a 400. */
export function readCursor(secret: string, usrId: string, cursor: string): CursorPosition {
  const parts = cursor.split('.');
  const sig = parts.pop() ?? '';
  const [epoch = '', version = '', before, served, details] = parts;
  const wellFormed =
    (parts.length === 2 || parts.length === 4 || parts.length === 5) &&
    EPOCH.test(epoch) &&
    NUMBER.test(version) &&
    (before === undefined || (NUMBER.test(before) && NUMBER.test(served ?? ''))) &&
    (details === undefined || NUMBER.test(details));
  if (!wellFormed) throw badRequest('body.cursor is not a cursor this server gave: pull with cursor null');
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, usrId, parts.join('.'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw badRequest(
      'body.cursor was not given to this user by this server (another user, or altered): pull with cursor null',
    );
  const n = (s: string): number => parseInt(s, 36);
  return {
    epoch,
    version: n(version),
    ...(before !== undefined
      ? {
          page: {
            before: n(before),
            served: n(served ?? '0'),
            ...(details !== undefined ? { details: n(details) } : {}),
          },
        }
      : {}),
  };
}
