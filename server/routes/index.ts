// Every app API route group (API_BASE), each under its contract's prefix; the token guard runs before all of them (see app.ts).
import type { App } from '../context.ts';
import { commonRoutes } from './common.ts';
import { myDeviceRoutes } from './my-devices.ts';
import { notificationRoutes } from './notification.ts';
import { alertRuleRoutes } from './alert-rules.ts';
import { chatRoutes } from './chat.ts';
import { vesselRoutes } from './vessel.ts';
import { portRoutes } from './port.ts';
import { serviceRoutes } from './service.ts';
import { calendarRoutes } from './calendar.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { feedRoutes } from './feeds.ts';
import { adminUserRoutes } from './admin-users.ts';
import { pushRoutes } from './sync/push.ts';
import { syncPullRoutes } from './sync/pull.ts';
import { collectOpRoutes } from '../sync/push-calls.ts';
import {
  ADMIN_PREFIX,
  API_BASE,
  CALENDAR_PREFIX,
  CHAT_PREFIX,
  COMMON_PREFIX,
  NOTIFICATION_PREFIX,
  PORT_PREFIX,
  SERVICE_PREFIX,
  SYNC_PREFIX,
  VESSEL_PREFIX,
} from '../../src/core/contract/api.ts';

export async function apiRoutes(app: App): Promise<void> {
  // Which route serves each operation kind (config.opKind, checked against src/core/contract/ops.ts): the push's.
  const opRoutes = collectOpRoutes(API_BASE);
  app.addHook('onRoute', opRoutes.onRoute);
  await app.register(commonRoutes, { prefix: COMMON_PREFIX });
  await app.register(myDeviceRoutes, { prefix: COMMON_PREFIX });
  await app.register(notificationRoutes, { prefix: NOTIFICATION_PREFIX });
  await app.register(alertRuleRoutes, { prefix: NOTIFICATION_PREFIX });
  await app.register(chatRoutes, { prefix: CHAT_PREFIX });
  await app.register(vesselRoutes, { prefix: VESSEL_PREFIX });
  await app.register(portRoutes, { prefix: PORT_PREFIX });
  await app.register(serviceRoutes, { prefix: SERVICE_PREFIX });
  await app.register(calendarRoutes, { prefix: CALENDAR_PREFIX });
  await app.register(apiKeyRoutes, { prefix: ADMIN_PREFIX });
  await app.register(feedRoutes, { prefix: ADMIN_PREFIX });
  await app.register(adminUserRoutes, { prefix: ADMIN_PREFIX });
  // The sync protocol (docs/sync.md): the pull by cursor and the batched push of the outbox.
  await app.register(syncPullRoutes, { prefix: SYNC_PREFIX });
  await app.register(pushRoutes, { prefix: SYNC_PREFIX, served: opRoutes.served });
}
