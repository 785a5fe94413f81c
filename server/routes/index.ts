// Every /api/v2/app route group; the token guard runs before all of them (see app.ts).
import type { App } from '../context.ts';
import { commonRoutes } from './common.ts';
import { notificationRoutes } from './notification.ts';
import { chatRoutes } from './chat.ts';
import { vesselRoutes } from './vessel.ts';
import { portRoutes } from './port.ts';
import { serviceRoutes } from './service.ts';
import { pushRoutes } from '../sync/push.ts';
import { syncPullRoutes } from '../sync/pull-route.ts';

export async function apiRoutes(app: App): Promise<void> {
  await app.register(commonRoutes, { prefix: '/common' });
  await app.register(notificationRoutes, { prefix: '/notification' });
  await app.register(chatRoutes, { prefix: '/chat' });
  await app.register(vesselRoutes, { prefix: '/vessel' });
  await app.register(portRoutes, { prefix: '/port' });
  await app.register(serviceRoutes, { prefix: '/service' });
  // The sync protocol (docs/sync.md): the pull by cursor and the batched push of the outbox.
  await app.register(syncPullRoutes, { prefix: '/sync' });
  await app.register(pushRoutes, { prefix: '/sync' });
}
