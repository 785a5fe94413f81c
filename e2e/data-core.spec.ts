// Offline-first data core end to end: IndexedDB filled by the worker after sign-on, the app opening offline from the
// service worker, one syncing tab among several, a setting changed offline reaching the server once, installability,
// and the service worker replaying the outbox on a Background Sync event with no page open.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { expect, SCREENSHOTS, test, watchHealth } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import {
  ApiCallCounter,
  DataCorePage,
  LEADER_DATASET_PATHS,
  SYNC_PULL_PATH,
} from './page-models/data-core.ts';
import { COMMON_DATASETS, readQuayDb, setNextAttemptAt, syncedDatasets } from './page-models/quay-db.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import { SETTINGS_PATH } from './server-api.ts';
import { serviceWorkerRegistrationId } from './sw-registration.ts';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const LEADER_LOCK = 'quay-sync-leader';
const OUTBOX_SYNC_TAG = 'quay-outbox';

/** Signs on through the sign-on page and waits for the signed-on card; gives the user's name. */
async function signOn(page: Page, usrId: string): Promise<string> {
  const signOnPage = new SignOnPage(page);
  await page.goto('/');
  await signOnPage.expectShown();
  const name = await signOnPage.demoUserName(usrId);
  await signOnPage.signOn(usrId, 'demo');
  await new AppPage(page).expectSignedOnAs(name);
  return name;
}

/** Waits until the worker has synced every common dataset into IndexedDB. */
async function waitUntilSynced(page: Page): Promise<void> {
  await expect
    .poll(async () => syncedDatasets(await readQuayDb(page)), {
      message: 'datasets with syncedAt in syncState',
    })
    .toEqual(COMMON_DATASETS);
}

/** The Web Lock the sync workers queue for: how many hold it and how many wait. */
function leaderLock(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async (name) => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return {
      held: held.filter((l) => l.name === name).length,
      pending: pending.filter((l) => l.name === name).length,
    };
  }, LEADER_LOCK);
}

test('signing on fills IndexedDB: the user and token, notifications, programs, settings, badge and sync times', async ({
  page,
  appPage,
  serverApi,
}) => {
  const name = await signOn(page, 'vessel');

  await expect
    .poll(async () => {
      const db = await readQuayDb(page);
      return {
        user: (db.meta.user as { usrId?: string } | undefined)?.usrId,
        token: typeof db.meta.token === 'string' && JWT.test(db.meta.token),
        notifications: db.notifications > 0,
        programs: db.programs > 0,
        settings: db.settings.length > 0,
        badge: typeof db.badge?.notCnt === 'number',
        synced: syncedDatasets(db),
      };
    })
    .toEqual({
      user: 'vessel',
      token: true,
      notifications: true,
      programs: true,
      settings: true,
      badge: true,
      synced: COMMON_DATASETS,
    });

  const db = await readQuayDb(page);
  expect(db.version).toBeGreaterThanOrEqual(20);
  expect(db.meta.user).toMatchObject({ usrId: 'vessel', usrNm: name });
  expect(db.meta.token).toBe(await appPage.localToken());
  for (const setting of db.settings) {
    expect(setting.notId).toMatch(/^N\d{3}$/);
    expect(setting.notNm).not.toBe('');
    expect(['Y', 'N']).toContain(setting.notUseYn);
  }
  expect(db.badge?.notCnt).toBeGreaterThanOrEqual(0);
  // The same settings as the server has (names and order; values may change under another test).
  expect(db.settings.map((s) => s.notId).sort()).toEqual(
    (await serverApi.settings()).map((s) => s.notId).sort(),
  );
  expect(db.outbox).toEqual([]);
});

test('after one online visit a reload offline opens the signed-on app from the service worker with its data', async ({
  page,
  context,
  appPage,
  dataCore,
}) => {
  const name = await signOn(page, 'vessel');
  await waitUntilSynced(page);
  await appPage.waitForServiceWorkerControl();
  const before = await readQuayDb(page);
  expect(before.notifications).toBeGreaterThan(0);

  await context.setOffline(true);
  const reloaded = await page.reload();

  expect(reloaded?.fromServiceWorker(), 'the document came from the service worker').toBe(true);
  await appPage.expectSignedOnAs(name);
  await expect(dataCore.syncStatus).toContainText('Offline');
  const after = await readQuayDb(page);
  expect(after.notifications).toBe(before.notifications);
  expect(after.meta.user).toMatchObject({ usrId: 'vessel', usrNm: name });
  await page.screenshot({ path: `${SCREENSHOTS}/data-core-offline.png` });

  // A deep link offline answers with the app (navigation fallback), not Chromium's error page.
  for (const path of ['/vessel/QHZN', '/port/live']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(response?.fromServiceWorker(), `${path} from the service worker`).toBe(true);
    await expect(page).toHaveTitle('Quay');
    await expect(appPage.title).toBeVisible();
  }
  await page.screenshot({ path: `${SCREENSHOTS}/data-core-offline-deep-link.png` });
});

test('an app opened offline notices by itself when the link comes back, and syncs', async ({
  page,
  context,
  appPage,
  dataCore,
}) => {
  const name = await signOn(page, 'vessel');
  await waitUntilSynced(page);
  await appPage.waitForServiceWorkerControl();
  await context.setOffline(true);
  await page.reload();
  await appPage.expectSignedOnAs(name);
  await expect(dataCore.syncStatus).toContainText('Offline');
  const calls = new ApiCallCounter(page);

  await context.setOffline(false);

  // No reload, no click: the worker must learn that the link is back (architecture.md#when-the-worker-talks-to-the-server "on reconnect").
  await expect(dataCore.syncStatus).not.toContainText('Offline');
  await expect
    .poll(() => calls.count(SYNC_PULL_PATH), { message: 'a sync pass after reconnect' })
    .toBeGreaterThan(0);
});

test('with two tabs only the leader tab syncs, and the other takes over when the leader closes', async ({
  page,
  context,
}) => {
  const leaderCalls = new ApiCallCounter(page);
  const name = await signOn(page, 'vessel');
  await expect
    .poll(() => LEADER_DATASET_PATHS.filter((path) => leaderCalls.count(path) === 0), {
      message: 'dataset calls the first tab has not made yet',
    })
    .toEqual([]);

  const second = await context.newPage();
  const secondProblems = watchHealth(second);
  const secondCalls = new ApiCallCounter(second);
  await second.goto('/');
  await new AppPage(second).expectSignedOnAs(name);
  // The second tab's worker has asked for the leader lock and waits in its queue.
  await expect.poll(() => leaderLock(second)).toEqual({ held: 1, pending: 1 });
  expect(secondCalls.of(LEADER_DATASET_PATHS), 'calls of the follower tab').toEqual({
    [SYNC_PULL_PATH]: 0,
    '/api/v2/app/common/programs': 0,
  });

  await page.close();

  // Granted the lock, the second tab's worker runs a pass at once. Every pass pulls; programs and the other shared
  // datasets only when the catalog changed or they are old (worker/sync/run-sync.ts).
  await expect.poll(() => leaderLock(second)).toEqual({ held: 1, pending: 0 });
  await expect
    .poll(() => secondCalls.count(SYNC_PULL_PATH), { message: 'list calls of the new leader' })
    .toBeGreaterThan(0);
  expect(secondProblems, 'the second tab had errors').toEqual([]);
});

test('a setting changed offline survives a reload and reaches the server exactly once when the link is back', async ({
  page,
  context,
  appPage,
  dataCore,
  serverApi,
}) => {
  const name = await signOn(page, 'vessel');
  await waitUntilSynced(page);
  await appPage.waitForServiceWorkerControl();
  const setting = (await readQuayDb(page)).settings[0];
  if (!setting) throw new Error('no notification settings in IndexedDB');
  const { notId, notNm } = setting;
  const wasOn = (await serverApi.setting(notId)).notUseYn === 'Y';
  const wanted = wasOn ? 'N' : 'Y';
  await dataCore.openSettings();
  const toggle = dataCore.settingSwitch(notNm);
  await expect(toggle).toBeChecked({ checked: wasOn });
  await expect(dataCore.syncStatus).not.toContainText('waiting');
  const settingMutationsBefore = (await serverApi.audit('vessel')).filter((r) => r.path === SETTINGS_PATH);

  await context.setOffline(true);
  await toggle.click();

  await expect(toggle).toBeChecked({ checked: !wasOn });
  await expect(dataCore.waitingToSend(notNm)).toBeVisible();
  await expect(dataCore.syncStatus).toContainText('1 change waiting');
  const queued = (await readQuayDb(page)).outbox;
  expect(queued).toEqual([
    expect.objectContaining({
      kind: 'setting',
      entity: `setting:${notId}`,
      path: SETTINGS_PATH,
      body: expect.objectContaining({ notId, notUseYn: wanted }),
    }),
  ]);
  const opId = queued[0]?.opId as string;

  await page.reload();

  await appPage.expectSignedOnAs(name);
  await dataCore.openSettings();
  await expect(toggle).toBeChecked({ checked: !wasOn });
  await expect(dataCore.waitingToSend(notNm)).toBeVisible();
  await expect(dataCore.syncStatus).toContainText('1 change waiting');
  expect((await readQuayDb(page)).outbox.map((op) => op.opId)).toEqual([opId]);

  await context.setOffline(false);

  // No reload: the app sends it by itself once the link is back.
  await expect(dataCore.syncStatus).not.toContainText('change waiting');
  await expect(dataCore.waitingToSend(notNm)).toHaveCount(0);
  await expect(toggle).toBeChecked({ checked: !wasOn });
  expect((await readQuayDb(page)).outbox).toEqual([]);

  const applied = await serverApi.auditOf('vessel', opId);
  expect(applied).toEqual([
    expect.objectContaining({ method: 'POST', path: SETTINGS_PATH, statusCode: 200 }),
  ]);
  const settingMutationsAfter = (await serverApi.audit('vessel')).filter((r) => r.path === SETTINGS_PATH);
  expect(settingMutationsAfter.length, 'setting mutations applied').toBe(settingMutationsBefore.length + 1);
  expect((await serverApi.setting(notId)).notUseYn).toBe(wanted);
});

test('the signed-on app is installable: no installability errors, and a manifest with name and icons', async ({
  baseURL,
}) => {
  // Not incognito: Chromium reports `in-incognito` for every context of browser.newContext() (traps.md).
  const profile = await mkdtemp(join(tmpdir(), 'quay-e2e-profile-'));
  const executablePath = chromiumPath();
  const context = await chromium.launchPersistentContext(profile, {
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = watchHealth(page);
    await signOn(page, 'vessel');
    await new AppPage(page).waitForServiceWorkerControl();
    const cdp = await context.newCDPSession(page);

    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);

    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      name?: string;
      short_name?: string;
      start_url?: string;
      display?: string;
      icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
    };
    expect(data).toMatchObject({ name: 'Quay', short_name: 'Quay', start_url: '/', display: 'standalone' });
    const anyIcons = (data.icons ?? []).filter((i) => (i.purpose ?? 'any').split(' ').includes('any'));
    expect(anyIcons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of data.icons ?? []) {
      const res = await context.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type'], icon.src).toBe('image/png');
    }
    expect(problems, 'the page had errors').toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('with every app page closed, a Background Sync event makes the service worker send the queued change', async ({
  page,
  context,
  baseURL,
  appPage,
  dataCore,
  serverApi,
}) => {
  // Its own user: the audit and the setting are not shared with the other tests running at the same time.
  const usrId = 'vessel2';
  const name = await signOn(page, usrId);
  await waitUntilSynced(page);
  await appPage.waitForServiceWorkerControl();
  const setting = (await readQuayDb(page)).settings[0];
  if (!setting) throw new Error('no notification settings in IndexedDB');
  const wanted = (await serverApi.setting(setting.notId)).notUseYn === 'Y' ? 'N' : 'Y';

  // A tab on /healthz keeps the context and a CDP session once the app page is gone: a document of the origin that
  // runs no app code (JSON, outside the navigation fallback), from which the test reads IndexedDB without starting a
  // worker that would drain the outbox itself.
  const probe = await context.newPage();
  await probe.goto('/healthz');
  const cdp = await context.newCDPSession(probe);
  const { registrationId } = await serviceWorkerRegistrationId(cdp, baseURL as string);

  await context.setOffline(true);
  await dataCore.openSettings();
  await dataCore.settingSwitch(setting.notNm).click();
  await expect(dataCore.syncStatus).toContainText('1 change waiting');
  const opId = (await readQuayDb(page)).outbox[0]?.opId;
  expect(opId).toBeTruthy();
  // Every app page goes, and with it its sync worker.
  await page.close();
  expect(context.pages()).toEqual([probe]);
  // After a long outage the operation's backoff is minutes (src/device/outbox/drain.ts DEFAULT_BACKOFF). Set here
  // rather than waited for: with it, the service worker's start-up replay leaves the operation alone, and only a
  // Background Sync event (the browser saying the link is back) sends it at once.
  await setNextAttemptAt(probe, opId as string, Date.now() + 5 * 60_000);
  expect((await serverApi.auditOf(usrId, opId as string)).length, 'applied while offline').toBe(0);
  await context.setOffline(false);

  // Chromium may fire the registered sync by itself when the link returns; the test fires it too, as CI machines
  // differ in when (or whether) they do. Either way only the service worker can send now, and only once.
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseURL as string,
    registrationId,
    tag: OUTBOX_SYNC_TAG,
    lastChance: false,
  });

  await expect
    .poll(async () => (await serverApi.auditOf(usrId, opId as string)).length, {
      message: 'audit rows of the queued operation',
    })
    .toBe(1);
  expect((await serverApi.setting(setting.notId)).notUseYn).toBe(wanted);
  await expect.poll(async () => (await readQuayDb(probe)).outbox).toEqual([]);

  // The next time the app opens, nothing waits.
  const reopened = await context.newPage();
  await reopened.goto('/');
  await new AppPage(reopened).expectSignedOnAs(name);
  expect((await readQuayDb(reopened)).outbox).toEqual([]);
  await expect(new DataCorePage(reopened).syncStatus).not.toContainText('waiting');
});

test('images under /assets/img are not downloaded ahead, are cached on first use, and load offline', async ({
  page,
  context,
  appPage,
}) => {
  await signOn(page, 'agent');
  await appPage.waitForServiceWorkerControl();
  const icon = '/assets/img/icons/vessel.svg';
  const cached = () => page.evaluate(async (url) => (await caches.match(url)) !== undefined, icon);
  expect(await cached(), 'not in any cache before first use').toBe(false);

  const online = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type') };
  }, icon);
  expect(online).toMatchObject({ status: 200, type: expect.stringContaining('image/svg+xml') as unknown });
  await expect.poll(cached, { message: 'in the image cache after first use' }).toBe(true);

  await context.setOffline(true);
  const offline = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, size: (await res.text()).length };
  }, icon);
  expect(offline.status).toBe(200);
  expect(offline.size).toBeGreaterThan(100);
});
