// Mutations with an Idempotency-Key: the key, the audit row and the effect commit in one transaction;
// a repeat of a key answers the first answer and changes nothing.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sql } from '../db/db.ts';
import { userOf, type App } from '../context.ts';
import { badRequest } from './errors.ts';

export interface MutationResult<T> {
  status?: number;
  body: T;
}

const KEY_RE = /^[A-Za-z0-9._:@-]{1,200}$/;

function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return null;
  if (!KEY_RE.test(key))
    throw badRequest('Idempotency-Key header must be 1 to 200 characters of A-Z a-z 0-9 . _ : @ -');
  return key;
}

export async function mutate<T>(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  effect: (sql: Sql) => Promise<MutationResult<T>>,
): Promise<T> {
  const user = userOf(req);
  const key = idempotencyKey(req);
  const path = req.url.split('?')[0] ?? req.url;
  const outcome = await app.ctx.db.tx(async (sql) => {
    const inserted = await sql.query<{ id: number }>(
      `INSERT INTO mutations (usr_id, idem_key, method, path) VALUES ($1, $2, $3, $4)
       ON CONFLICT (usr_id, idem_key) WHERE idem_key IS NOT NULL DO NOTHING RETURNING id`,
      [user.usrId, key, req.method, path],
    );
    const id = inserted[0]?.id;
    if (id === undefined) {
      const prior = await sql.query<{ status_code: number; response: T; method: string; path: string }>(
        'SELECT status_code, response, method, path FROM mutations WHERE usr_id = $1 AND idem_key = $2',
        [user.usrId, key],
      );
      const first = prior[0];
      if (!first) throw new Error('idempotency row vanished');
      if (first.method !== req.method || first.path !== path) {
        throw badRequest(`Idempotency-Key ${key} was already used for ${first.method} ${first.path}`);
      }
      return { replay: true, status: first.status_code, body: first.response };
    }
    const result = await effect(sql);
    const status = result.status ?? 200;
    await sql.query('UPDATE mutations SET status_code = $2, response = $3::text::jsonb WHERE id = $1', [
      id,
      status,
      JSON.stringify(result.body ?? null),
    ]);
    return { replay: false, status, body: result.body };
  });
  reply.code(outcome.status);
  if (outcome.replay) reply.header('idempotent-replayed', 'true');
  return outcome.body;
}
