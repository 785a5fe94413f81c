// POST /api/v2/app/common/analytics: the reference server as an analytics sink (product.md §7: a page view and a
// user_move event with the user's fields). Stored with the caller's usrId from the token, never one from the body;
// an Idempotency-Key makes a resent batch (its answer lost on the link) count once.
import { userOf, type App } from '../context.ts';
import { mutate } from '../http/mutation.ts';
import { AnalyticsBody, AnalyticsResponse, type AnalyticsEvent } from '../../src/core/contract/analytics.ts';
import { COMMON_ANALYTICS } from '../../src/core/contract/api.ts';

const tags = ['common'];
const security = [{ token: [] }];

const PROP_KEYS = ['extUsrId', 'usrRoleCd', 'usrPortCd', 'usrVslCd', 'usrTpCd'] as const;

function propsOf(event: AnalyticsEvent): Record<string, string> {
  const props: Record<string, string> = {};
  for (const key of PROP_KEYS) {
    const value = event[key];
    if (value !== undefined) props[key] = value;
  }
  return props;
}

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
        const events = req.body.events.map((e) => ({
          name: e.name,
          path: e.path,
          props: propsOf(e),
          at: e.at,
        }));
        // One statement for the whole batch, in the order sent.
        await sql.query(
          `INSERT INTO analytics_event (usr_id, name, path, props, at)
           SELECT $1, e.v->>'name', e.v->>'path', e.v->'props', (e.v->>'at')::timestamptz
             FROM jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS e(v, i)
            ORDER BY e.i`,
          [userOf(req).usrId, JSON.stringify(events)],
        );
        return { body: { success: true, msg: 'Saved', count: events.length } };
      }),
  );
}
