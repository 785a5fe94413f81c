// The vessel, schedule and voyage pages end to end (product.md#screens-and-routes, product.md#input-and-formatting-rules, product.md#who-may-do-what; architecture.md#the-pages-the-product-leaves-open): the seeded voyage as a timeline,
// a notification's call highlighted, the vessel page's identity, state, map and schedule widget, the widget path,
// a vessel user refused another vessel, every page opened before shown offline with its age, and what its data costs.
import type { Page } from '@playwright/test';
import { formatTimeDate, formatTimeDateYear } from '../src/core/format/format-date.ts';
import { formatDelayHours } from '../src/core/format/format-delay.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { AppPage } from './page-models/app.ts';
import { NotificationsPage } from './page-models/notifications.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import {
  agePageData,
  OTHER_VESSEL,
  OWN_VESSEL,
  PageDataBytes,
  serverCascade,
  serverCurrent,
  VesselPages,
} from './page-models/vessel.ts';

async function signOn(page: Page, usrId: string): Promise<void> {
  await page.goto('/');
  await new SignOnPage(page).signOn(usrId, 'demo');
  await new AppPage(page).expectShell();
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SCREENSHOTS}/vessel-${name}.png`, fullPage });

test('a vessel user lands on its voyage: the seeded calls as a timeline with times, current and omitted calls', async ({
  page,
  context,
  appPage,
}) => {
  await signOn(page, 'vessel');
  await appPage.expectShell('Voyage');
  await expect(page).toHaveURL(/\/voyage$/);
  const pages = new VesselPages(page);
  const voyage = await serverCascade(context.request, OWN_VESSEL.vslCd);
  expect(voyage.calls.length).toBeGreaterThan(2);

  await expect(
    page.getByRole('heading', { name: `${OWN_VESSEL.vslNm} (${OWN_VESSEL.vslCd})` }),
  ).toBeVisible();
  await expect(page.getByText(`${voyage.skdVoyNo}${voyage.skdDirCd}`, { exact: true })).toBeVisible();
  await expect(pages.timeline.getByRole('listitem')).toHaveCount(voyage.calls.length);
  for (const [i, c] of voyage.calls.entries()) {
    // A loop voyage calls some ports twice: the n-th call at a port is the n-th item with its code.
    const nth = voyage.calls.slice(0, i).filter((x) => x.portCd === c.portCd).length;
    const call = pages.timelineCall(c.portCd).nth(nth);
    await expect(call).toContainText(c.portNm);
    await expect(call).toContainText(formatTimeDate(c.ata ?? c.eta));
    await expect(call).toContainText(formatTimeDate(c.atd ?? c.etd));
    if (c.skipYn === 'Y') await expect(call.getByText('Omitted', { exact: true })).toBeVisible();
  }
  const current = voyage.calls.find((c) => c.isCurrent);
  if (current) {
    const call = pages.timelineCall(current.portCd).first();
    await expect(call).toHaveAttribute('aria-current', 'step');
    await expect(call.getByText('Current', { exact: true })).toBeVisible();
  }
  await pages.expectAges(1);
  await shot(page, 'voyage');
  await shot(page, 'voyage-full', true);
});

test('Check schedule on a berth plan opens the voyage at that call, highlighted, with its required speed', async ({
  page,
  context,
  serverApi,
}) => {
  await signOn(page, 'vessel');
  const voyage = await serverCascade(context.request, OWN_VESSEL.vslCd);
  // The last call still ahead at a port called once: far down the timeline, so it has to be scrolled to.
  const once = (portCd: string) => voyage.calls.filter((c) => c.portCd === portCd).length === 1;
  const target = voyage.calls.findLast((c) => !c.ata && c.skipYn === 'N' && once(c.portCd));
  if (!target) throw new Error('the seeded voyage has no call ahead');
  const [notSeq] = await serverApi.injectNotifications({
    usrId: 'vessel',
    notId: 'N004',
    vslCd: OWN_VESSEL.vslCd,
    portCd: target.portCd,
  });
  await page.reload(); // the app syncs the list as it starts

  const noti = new NotificationsPage(page);
  await noti.open();
  await expect(noti.items.first()).toContainText(target.portCd);
  await noti.head(0).click();
  await noti.detail(0).getByRole('button', { name: 'Check schedule' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/voyage/${OWN_VESSEL.vslCd}\\?notSeq=${notSeq}&notId=N004&portCd=${target.portCd}$`),
  );

  const pages = new VesselPages(page);
  const call = pages.timelineCall(target.portCd);
  await expect(call).toHaveClass(/is-highlighted/);
  await expect(call.getByText('Notification', { exact: true })).toBeVisible();
  await expect(call.getByRole('heading')).toBeFocused();
  await pages.expectScrolledTo(call.getByRole('heading'));
  await expect(call.getByText(/kts \(berth plan\)/)).toBeVisible();
  await shot(page, 'voyage-notification');
  // The outline goes after a few seconds; the call stays marked.
  await expect(call).not.toHaveClass(/is-highlighted/, { timeout: 10_000 });
  await expect(call.getByText('Notification', { exact: true })).toBeVisible();
});

test('the vessel page: identity, current state, map and schedule; the widget path scrolls to the schedule', async ({
  page,
  context,
}) => {
  await signOn(page, 'vessel');
  const now = await serverCurrent(context.request, OWN_VESSEL.vslCd);
  const voyage = await serverCascade(context.request, OWN_VESSEL.vslCd);
  await page.goto('/vessel');
  const pages = new VesselPages(page);
  const identity = pages.identity(OWN_VESSEL.vslNm);
  await expect(identity).toBeVisible();
  await expect(identity.getByText(now.crrCd, { exact: true })).toBeVisible();
  const lane = now.vslSlanCd || now.laneCd;
  await expect(identity.getByRole('link', { name: `${now.laneNm} (${lane})` })).toHaveAttribute(
    'href',
    `/service/${lane}`,
  );
  await expect(identity).toContainText(/Under way|At anchor|Moored/);
  await expect(identity).toContainText(/\d+\.\d\d° [NS], \d+\.\d\d° [EW]/);
  await expect(identity).toContainText(/kts \/ \d+°/);
  // The demo vessel is at sea: its next port's delay against the proforma ETA is known before it arrives.
  expect(now.nextPort?.ata).toBeNull();
  expect(now.nextPort?.etaDelayHrs).toEqual(expect.any(Number));
  if (now.nextPort) {
    const heading = page.getByRole('heading', {
      name: new RegExp(`^(Next|In) port: .*\\(${now.nextPort.portCd}\\)`),
    });
    await expect(identity.locator(heading)).toBeVisible();
    const next = identity.locator('.call').filter({ has: heading });
    await expect(next).toContainText(`Proforma ETA${formatTimeDateYear(now.nextPort.pfEta ?? '')} UTC`);
    await expect(next).toContainText(`Schedule${formatDelayHours(now.nextPort.etaDelayHrs)}`);
  }
  for (const c of voyage.calls) await expect(pages.scheduleCall(c.portCd).first()).toBeVisible();
  await pages.expectAges(3);

  // The map: the vessel with its heading in the name, the land outline drawn, zoom by button.
  await expect(pages.map).toHaveAccessibleName(
    new RegExp(`^Map: ${OWN_VESSEL.vslNm} at \\d+\\.\\d° [NS] \\d+\\.\\d° [EW], heading \\d+°$`),
  );
  const land = pages.map.locator('path.world-map__land');
  expect(((await land.getAttribute('d')) ?? '').length).toBeGreaterThan(10_000);
  await expect(pages.map.locator('.world-map__vessel')).toHaveCount(1);
  const group = pages.map.locator('g[transform*="scale"]');
  const before = await group.getAttribute('transform');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(group).not.toHaveAttribute('transform', before ?? '');
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await shot(page, 'page');
  await shot(page, 'page-full', true);

  await page.goto('/vessel?widgetPath=IBM_W2030');
  await expect(pages.schedule).toHaveClass(/is-highlighted/);
  await expect(pages.scheduleHeading).toBeFocused();
  await pages.expectScrolledTo(pages.scheduleHeading);
  await shot(page, 'schedule-widget');
  await expect(pages.schedule).not.toHaveClass(/is-highlighted/, { timeout: 10_000 });

  await page.goto('/vessel/schedule');
  await expect(new AppPage(page).title).toHaveText(/^Vessel Schedule/);
  await expect(pages.scheduleHeading).toBeVisible();
  await expect(pages.mapSection).toHaveCount(0);
  const current = voyage.calls.find((c) => c.isCurrent);
  if (current) {
    const row = pages.scheduleCall(current.portCd).first();
    await expect(row).toHaveAttribute('aria-current', 'step');
    await expect(row).toContainText(formatTimeDate(current.ata ?? current.eta));
  }
  await pages.expectAges(1);
  await shot(page, 'schedule');
});

const scaleOf = (transform: string | null) => Number(/scale\(([\d.e-]+)\)/.exec(transform ?? '')?.[1] ?? NaN);

test('the map pans with a drag, zooms with the wheel and with a two-finger pinch', async ({
  page,
  context,
}) => {
  await signOn(page, 'vessel');
  await page.goto('/vessel');
  const pages = new VesselPages(page);
  await expect(pages.map).toBeVisible();
  await pages.map.scrollIntoViewIfNeeded();
  const group = pages.map.locator('g[transform*="scale"]');
  const box = await pages.map.boundingBox();
  if (!box) throw new Error('the map has no box');
  const start = await group.getAttribute('transform');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 80, { steps: 6 });
  await page.mouse.up();
  const panned = await group.getAttribute('transform');
  expect(panned).not.toBe(start);
  expect(panned).toMatch(/scale\(/);
  await page.mouse.wheel(0, -300);
  await expect(group).not.toHaveAttribute('transform', panned ?? '');
  await expect
    .poll(async () => scaleOf(await group.getAttribute('transform')))
    .toBeGreaterThan(scaleOf(panned));

  // Two fingers spreading apart (touch events through CDP, which Chromium turns into pointer events).
  const before = scaleOf(await group.getAttribute('transform'));
  const cdp = await context.newCDPSession(page);
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (d: number) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let d = 30; d <= 90; d += 10)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(async () => scaleOf(await group.getAttribute('transform'))).toBeGreaterThan(before * 2);
});

test('a vessel user may not open another vessel or its voyage', async ({ page }) => {
  await signOn(page, 'vessel');
  for (const path of [`/vessel/${OTHER_VESSEL.vslCd}`, `/voyage/${OTHER_VESSEL.vslCd}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await expect(page.getByText('You can open only your own vessel, QHZN.')).toBeVisible();
    await expect(page.getByText(OTHER_VESSEL.vslNm)).toHaveCount(0);
  }
  await shot(page, 'forbidden');
  // The refusal offers a way on: sign on as someone who may open it, and come back to this very page.
  await page.getByRole('button', { name: 'Sign on as another user' }).click();
  await expect(page).toHaveURL(/\/sso\/login\?next=%2Fvoyage%2F/);
  await new SignOnPage(page).signOn('staff', 'demo');
  await expect(page).toHaveURL(new RegExp(`/voyage/${OTHER_VESSEL.vslCd}$`));
  await expect(page.getByText(OTHER_VESSEL.vslNm).first()).toBeVisible();
});

test('staff open any vessel: its page, map and schedule', async ({ page }) => {
  await signOn(page, 'staff');
  await page.goto(`/vessel/${OTHER_VESSEL.vslCd}`);
  const pages = new VesselPages(page);
  await expect(pages.identity(OTHER_VESSEL.vslNm)).toBeVisible();
  await expect(pages.map).toHaveAccessibleName(new RegExp(`^Map: ${OTHER_VESSEL.vslNm} at `));
  await expect(pages.schedule.getByRole('listitem').first()).toBeVisible();
  await pages.expectAges(3);
  await shot(page, 'staff-other');
  await page.goto(`/voyage/${OTHER_VESSEL.vslCd}`);
  await expect(pages.timeline.getByRole('listitem').first()).toBeVisible();
});

test('after one online visit every page shows its data offline with its age; what the data costs', async ({
  page,
  context,
  appPage,
}, testInfo) => {
  const bytes = new PageDataBytes(page);
  await signOn(page, 'vessel');
  const pages = new VesselPages(page);
  await expect(pages.timeline.getByRole('listitem').first()).toBeVisible();
  await appPage.waitForServiceWorkerControl();
  await page.goto('/vessel');
  await expect(pages.map).toBeVisible();
  await pages.expectAges(3);
  await page.goto('/vessel/schedule');
  await pages.expectAges(1);
  const first = await bytes.take();

  // A revisit with nothing changed: every kept copy is old, so each is asked for again with If-None-Match. The tab
  // is closed first, so no worker of it can still be refreshing the pages (and have its requests go unseen) when
  // they are made old; the new tab opens the vessel page, which asks for all three.
  await page.close();
  const again = await context.newPage();
  await again.goto('/healthz');
  expect(await agePageData(again)).toBeGreaterThanOrEqual(3);
  const revisitBytes = new PageDataBytes(again);
  const revisitPages = new VesselPages(again);
  await again.goto('/vessel');
  await expect(revisitPages.map).toBeVisible();
  await expect.poll(() => revisitBytes.seen()).toBeGreaterThanOrEqual(3);
  const revisit = await revisitBytes.take();
  expect(
    revisit.statuses.every((s) => s === 304),
    `statuses ${revisit.statuses.join(',')}`,
  ).toBe(true);
  expect(
    first.statuses.every((s) => s === 200),
    `first fill ${first.statuses.join(',')} ${first.paths.join(', ')}`,
  ).toBe(true);
  const figures =
    `first fill ${first.bytes} B in ${first.requests} requests (${first.paths.join(', ')}); ` +
    `no-change revisit ${revisit.bytes} B in ${revisit.requests} requests (${revisit.paths.join(', ')})`;
  testInfo.annotations.push({ type: 'page data bytes', description: figures });
  console.log(`vessel user's pages' data: ${figures}`);

  await context.setOffline(true);
  for (const [path, ages] of [
    ['/voyage', 1],
    ['/vessel', 3],
    ['/vessel/schedule', 1],
  ] as const) {
    const response = await again.goto(path);
    expect(response?.fromServiceWorker(), `${path} from the service worker`).toBe(true);
    await revisitPages.expectAges(ages);
    if (path === '/voyage') await expect(revisitPages.timeline.getByRole('listitem').first()).toBeVisible();
    if (path === '/vessel') {
      await expect(revisitPages.identity(OWN_VESSEL.vslNm)).toBeVisible();
      await expect(revisitPages.map).toHaveAccessibleName(/^Map: QUAY HORIZON at /);
    }
    if (path !== '/voyage') await expect(revisitPages.schedule.getByRole('listitem').first()).toBeVisible();
    await shot(again, `offline${path.replaceAll('/', '-')}`);
  }
});
