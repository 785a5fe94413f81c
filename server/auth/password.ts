// Password hashing for the demo sign-on: scrypt with a random salt, compared in constant time. Checking runs on
// libuv's thread pool (crypto.scrypt), never on the event loop: a flood of wrong passwords must not stall other users.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const N = 16384;
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: { N: number },
) => Promise<Buffer>;

/** At seed time only (it blocks while it hashes). */
export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  const hash = scryptSync(password, salt, 32, { N }).toString('hex');
  return `scrypt$${salt}$${hash}`;
}

/** Compared against when the user does not exist, so that an unknown user costs the same time as a known one. */
const NOBODY = `scrypt$${'0'.repeat(32)}$${'0'.repeat(64)}`;

/** Whether the password is the stored hash's (null: no such user, checked all the same and false). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [alg, salt, hash] = (stored ?? NOBODY).split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = await scryptAsync(password, salt, expected.length, { N });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}
