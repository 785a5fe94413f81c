// Common routes under /api/v2/app/common (product.md#the-calls): user, history, programs, widgets, search, events, my-port,
// follow-list trees and my-setting, lunar date and codes. The routes live in ./common/, the analytics sink in
// ./analytics.ts.
import type { App } from '../context.ts';
import { analyticsRoutes } from './analytics.ts';
import { miscRoutes } from './common/misc.ts';
import { searchRoutes } from './common/search.ts';
import { searchIndexRoutes } from './common/search-index.ts';
import { settingRoutes } from './common/setting.ts';
import { userRoutes } from './common/user.ts';

export async function commonRoutes(app: App): Promise<void> {
  await userRoutes(app);
  await searchRoutes(app);
  await searchIndexRoutes(app);
  await settingRoutes(app);
  await miscRoutes(app);
  await analyticsRoutes(app);
}
