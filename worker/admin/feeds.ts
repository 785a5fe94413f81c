// The state of the schedule sources and AIS feeds, for staff on /health/ (integration.md#the-state-of-the-feeds):
// read from the server each time the page asks, never kept: at sea it is simply not shown.
import type { ApiCaller } from '../../src/device/outbox/drain.ts';
import { checkSchema } from '../../src/device/net/schema-check.ts';
import { FeedStates } from '../../src/core/contract/feeds.ts';
import { ADMIN_FEEDS, ADMIN_PREFIX, apiPath } from '../../src/core/contract/api.ts';

const check = checkSchema(FeedStates);

export function createFeedStates(client: ApiCaller) {
  return async (): Promise<FeedStates> => client.json(apiPath(ADMIN_PREFIX, ADMIN_FEEDS), check);
}
