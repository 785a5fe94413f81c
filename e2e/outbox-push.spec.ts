// The outbox's batched push in Chromium (sync.md#push-in-one-request): ten notifications read at sea go to the
// server in ONE push request when the link returns, none as a per-item call, each applied once.
import { gunzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { signOn } from './page-models/sign-on.ts';

const PUSH_PATH = '/api/v2/app/sync/push';
const READ_PATH = '/api/v2/app/notification/user/read';

test('ten reads made offline go in one push request when the link returns', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  const seqs = await serverApi.injectNotifications({ usrId: 'operator', notId: 'N003', count: 10 });
  await signOn(page, 'operator');
  await appPage.waitForServiceWorkerControl();
  const noti = new NotificationsPage(page);
  await noti.open();
  await expect(noti.items.nth(9)).toBeVisible();
  const readsBefore = (await serverApi.audit('operator')).filter((r) => r.path === READ_PATH).length;

  // Every request of the page, its worker and the service worker.
  const seen: Request[] = [];
  context.on('request', (r) => void seen.push(r));
  await context.setOffline(true);
  for (let i = 0; i < 10; i++) {
    await noti.head(i).click();
    await expect(noti.unreadDot(i)).toHaveCount(0);
    await noti.head(i).click();
  }
  expect((await serverApi.audit('operator')).filter((r) => r.path === READ_PATH)).toHaveLength(readsBefore);

  // What the link carries once it is back (the attempts made offline never left the device).
  seen.length = 0;
  await context.setOffline(false);
  await expect
    .poll(async () => (await serverApi.audit('operator')).filter((r) => r.path === READ_PATH).length)
    .toBe(readsBefore + 10);
  const pushes = seen.filter((r) => new URL(r.url()).pathname === PUSH_PATH && r.method() === 'POST');
  expect(pushes).toHaveLength(1);
  // Its body (gzipped when long) carries the ten reads.
  const raw = (await pushes[0]?.postDataBuffer()) ?? Buffer.alloc(0);
  const gzip = (await pushes[0]?.allHeaders())?.['content-encoding'] === 'gzip';
  const { ops } = JSON.parse((gzip ? gunzipSync(raw) : raw).toString('utf8')) as { ops: { path: string }[] };
  expect(ops.map((o) => o.path)).toEqual(seqs.map(() => '/notification/user/read'));
  expect(seen.filter((r) => new URL(r.url()).pathname === READ_PATH)).toEqual([]);
  // The server holds every one of the ten as read.
  const list = await serverApi.notificationList();
  expect(seqs.map((s) => list.find((n) => n.notSeq === s)?.notReadYn)).toEqual(seqs.map(() => 'Y'));
});
