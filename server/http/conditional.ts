// If-None-Match for every GET answer whose ETag is set when it goes out: by its route, by @fastify/static or as
// @fastify/etag's hash of the body. That plugin compares one tag only; here a list of tags or `*` answers 304 too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesETag } from '../sync/etag.ts';

/**
 * An onSend hook after @fastify/etag's (which sets the tag and compares nothing): a 200 to a GET or HEAD whose tag
 * If-None-Match names (docs/sync.md#etags-and-304) becomes an empty 304, and a route's own 304 goes out empty too. A file's
 * stream is left alone: @fastify/static has answered its own conditional request already.
 */
export async function notModified(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // A 304 has no body (a route answers its own with null, which would go out as "null").
  if (reply.statusCode === 304) return '';
  if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  const etag = reply.getHeader('etag');
  if (typeof etag !== 'string' || !matchesETag(req.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}
