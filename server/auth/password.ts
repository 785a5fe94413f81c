// Password hashing for the demo sign-on: scrypt with a random salt, compared in constant time.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const N = 16384;

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  const hash = scryptSync(password, salt, 32, { N }).toString('hex');
  return `scrypt$${salt}$${hash}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [alg, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, expected.length, { N });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
