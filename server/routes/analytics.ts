// POST /api/v2/app/common/analytics: the reference server as an analytics sink (product.md#live-push-and-analytics: a page view and a
// user_move event with the user's fields). Stored with the caller's usrId from the token, never one from the body;
// an Idempotency-Key makes a resent batch (its answer lost on the link) count once. Stored by
// ../analytics/analytics.ts.
import { userOf, type App } from '../context.ts';
import { mutate } from '../http/mutation.ts';
import { AnalyticsBody, AnalyticsResponse } from '../../src/core/contract/analytics.ts';
import { storeEvents } from '../analytics/analytics.ts';
import { COMMON_ANALYTICS } from '../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

/** Registered with the /common routes (prefix /api/v2/app/common), behind the token guard. */
export async function analyticsRoutes(app: App): Promise<void> {
  app.post(
    COMMON_ANALYTICS,
    {
      schema: {
        tags,
        security,
        summary: 'Collect analytics events (page_view, user_move with the user fields), 1 to 50 per call',
        description:
          "Events are stored with the caller's usrId. With an Idempotency-Key a repeated batch is stored once.",
        body: AnalyticsBody,
        response: { 200: AnalyticsResponse },
      },
    },
    async (req, reply) =>
      mutate(app, req, reply, async (sql) => {
        const count = await storeEvents(sql, userOf(req).usrId, req.body.events);
        return { body: { success: true, msg: 'Saved', count } };
      }),
  );
}
