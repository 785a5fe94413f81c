// Small pieces the chat route files share: OpenAPI tags and security, and array query parameters sent as repeated keys or comma lists.
import type { FastifyRequest } from 'fastify';

export const tags = ['chat'];
export const security = [{ token: [] }];

/**
 * A preValidation hook: the app sends array query parameters without indices (product.md#the-calls), as repeated keys (a=1&a=2)
 * or one comma list (a=1,2); both become one array of trimmed, non-empty items before the schema checks them.
 */
export function splitLists(...names: string[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const query = req.query as Record<string, unknown>;
    for (const name of names) {
      const raw = query[name];
      if (raw === undefined) continue;
      const items = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
      query[name] = items.map((s) => s.trim()).filter((s) => s !== '');
    }
  };
}
