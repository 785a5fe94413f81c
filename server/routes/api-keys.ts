// Staff's API keys for partners' systems (integration.md#api-keys): make one (the key is in that answer only), list
// them, revoke one. Thin: the rules and the rows are ../auth/api-keys.ts's.
import { userOf, type App } from '../context.ts';
import { mutate } from '../http/mutation.ts';
import { apiKeys, makeApiKey, revokeApiKey } from '../auth/api-keys.ts';
import { ApiError } from '../../src/core/contract/common.ts';
import {
  ApiKeyBody,
  ApiKeyInfo,
  ApiKeyList,
  ApiKeyMade,
  ApiKeyParams,
} from '../../src/core/contract/api-keys.ts';
import { ADMIN_API_KEY, ADMIN_API_KEYS } from '../../src/core/contract/api.ts';

const tags = ['admin'];
const security = [{ token: [] }];
const STAFF_ONLY = 'Staff only (user type 2); others get 403';

export async function apiKeyRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.post(
    ADMIN_API_KEYS,
    {
      schema: {
        tags,
        security,
        summary:
          "A new API key for a partner's system, acting for usrId (the caller when left out) with that user's reach " +
          `on GET /v3/service-schedules. The key is answered this once: the server keeps its SHA-256 only. ${STAFF_ONLY}`,
        body: ApiKeyBody,
        response: { 200: ApiKeyMade, 403: ApiError, 404: ApiError },
      },
    },
    // Not through mutate(): it keeps each answer for a replay of its Idempotency-Key, which would keep the key in
    // clear; a repeated request makes a second key, and the first is revoked like any other.
    async (req) => makeApiKey(db, userOf(req), req.body),
  );

  app.get(
    ADMIN_API_KEYS,
    {
      schema: {
        tags,
        security,
        summary: `Every API key, newest first, revoked ones with when; never the keys themselves. ${STAFF_ONLY}`,
        response: { 200: ApiKeyList, 403: ApiError },
      },
    },
    async (req) => ({ keys: await apiKeys(db, userOf(req)) }),
  );

  app.delete(
    ADMIN_API_KEY,
    {
      schema: {
        tags,
        security,
        summary: `Revokes an API key at once: its next call is a 401. Revoking it again answers the same. ${STAFF_ONLY}`,
        params: ApiKeyParams,
        response: { 200: ApiKeyInfo, 403: ApiError, 404: ApiError },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => ({
        body: await revokeApiKey(sql, userOf(req), req.params.keyId),
      })),
  );
}
