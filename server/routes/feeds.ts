// The state of the schedule sources and AIS feeds, for staff (integration.md#the-state-of-the-feeds): what the
// leading instance last saved of each, read from the database so that every instance answers the same.
import { userOf, type App } from '../context.ts';
import { forbidden } from '../http/errors.ts';
import { readFeedStates } from '../instance/feed-state.ts';
import { isStaff } from '../../src/core/role.ts';
import { ApiError } from '../../src/core/contract/common.ts';
import { FeedStates } from '../../src/core/contract/feeds.ts';
import { ADMIN_FEEDS } from '../../src/core/contract/api.ts';

export async function feedRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  app.get(
    ADMIN_FEEDS,
    {
      schema: {
        tags: ['admin'],
        security: [{ token: [] }],
        summary:
          'Each schedule source and AIS feed the leading instance reads: when it last worked, its last error, when ' +
          'it is tried again, and its counters. Staff only (user type 2); others get 403',
        response: { 200: FeedStates, 403: ApiError },
      },
    },
    async (req) => {
      if (!isStaff(userOf(req))) throw forbidden('Only staff (user type 2) see the state of the feeds');
      return { feeds: await readFeedStates(db) };
    },
  );
}
