// POST /api/v2/app/sync/pull (docs/sync.md): the caller's changes since its cursor, behind the token guard.
import { userOf, type App } from '../../context.ts';
import { pullFor } from '../../sync/pull.ts';
import { PullBody, PullResponse } from '../../../src/core/contract/sync.ts';
import { SYNC_PULL } from '../../../src/core/contract/api.ts';

export async function syncPullRoutes(app: App): Promise<void> {
  app.post(
    SYNC_PULL,
    {
      schema: {
        tags: ['sync'],
        security: [{ token: [] }],
        summary: "Every change of the caller's datasets since the cursor, and the next cursor",
        description:
          'cursor null: a first pull, the user data from scratch in pages (reset true on the first page; pull again ' +
          'while more is true). Otherwise the changes since the cursor in version order, at most limit entities per ' +
          'page. Nothing new answers the same cursor and no datasets. A cursor this server did not give the caller is ' +
          'a 400; one of another data epoch (a reset database) answers reset true from scratch. ' +
          'The live hint on STOMP /topic/sync-hint says when to pull: {v, k} and, for a small change, the pull itself.',
        body: PullBody,
        response: { 200: PullResponse },
      },
    },
    async (req) => {
      const { db, sync } = app.ctx;
      return pullFor(db, userOf(req), req.body.cursor, req.body.limit, sync);
    },
  );
}
