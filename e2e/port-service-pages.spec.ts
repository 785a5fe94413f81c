// The port, service and My Vessel pages end to end (product.md#screens-and-routes, product.md#what-the-app-holds, product.md#input-and-formatting-rules, product.md#who-may-do-what; architecture.md#the-pages-the-product-leaves-open): an agent's home with its first
// port's real calls, switching ports and the port's status; an operator's followed vessels, one removed and one added
// at sea that reach the server once; a vessel user's service; every page opened before shown offline with its age.
import type { PortLive, PortStatus } from '../src/core/contract/port.ts';
import type { ServiceRotation } from '../src/core/contract/service.ts';
import type { FleetResponse, VesselCurrent } from '../src/core/contract/vessel.ts';
import type { MyPortResponse } from '../src/core/contract/common.ts';
import { formatTimeDate } from '../src/core/format/format-date.ts';
import { formatDelayHours } from '../src/core/format/format-delay.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { PortsPages } from './page-models/ports.ts';
import { signOn } from './page-models/sign-on.ts';
import { MY_SETTING_API, type ServerApi } from './server-api.ts';

const API = '/api/v2/app';

/**
 * Every call of the server's answer is on the page, in its section, with its vessel, voyage and times: an arrived
 * call not yet berthed (no ATB) under At anchor, the berthed ones under Alongside.
 */
async function expectCalls(pages: PortsPages, live: PortLive): Promise<void> {
  await expect(pages.portTitle).toHaveText(`${live.port.portNm} (${live.port.portCd})`);
  const sections = {
    Expected: live.expected,
    'At anchor': live.alongside.filter((c) => !c.atb),
    Alongside: live.alongside.filter((c) => c.atb),
    Departed: live.departed,
  };
  for (const [title, calls] of Object.entries(sections)) {
    const section = pages.section(title as keyof typeof sections);
    await expect(section.getByRole('listitem')).toHaveCount(calls.length);
    for (const [i, c] of calls.entries()) {
      const item = section.getByRole('listitem').nth(i);
      await expect(item).toContainText(c.vslNm);
      await expect(item).toContainText(`Voyage ${c.skdVoyNo}${c.skdDirCd}`);
      await expect(item).toContainText(formatTimeDate(c.ata ?? c.eta));
      await expect(item).toContainText(formatTimeDate(c.atd ?? c.etd));
      if (c.ydNm) await expect(item).toContainText(c.ydNm);
    }
  }
}

const portLive = (api: ServerApi, portCd: string) => api.get<PortLive>(`${API}/port/live?portCd=${portCd}`);

test('agent: its home shows its first port live, it switches ports, opens the status, and all of it offline', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'agent');
  await appPage.expectShell('Port Live');
  await expect(page).toHaveURL(/\/port\/live$/);
  const pages = new PortsPages(page);
  const ports = (await serverApi.get<MyPortResponse>(`${API}/common/my-port`)).myPortList;
  const [first, second] = ports;
  if (!first || !second) throw new Error('the agent has fewer than two ports');

  const home = await portLive(serverApi, first.portCd);
  expect(home.expected.length + home.alongside.length + home.departed.length).toBeGreaterThan(0);
  await expectCalls(pages, home);
  await expect(page.getByRole('img', { name: `Country ${first.cntNm}` })).toHaveText(
    first.portCd.slice(0, 2),
  );
  await expect(pages.portChip(first.portCd)).toHaveAttribute('aria-current', 'page');
  await pages.expectAged();
  await pages.expectFitsAndTouchable();
  await pages.screenshot('live-agent');

  await pages.portChip(second.portCd).click();
  await expect(page).toHaveURL(new RegExp(`/port/live/${second.portCd}$`));
  await expectCalls(pages, await portLive(serverApi, second.portCd));
  await expect(pages.portChip(second.portCd)).toHaveAttribute('aria-current', 'page');
  await pages.screenshot('live-switched');

  await page.getByRole('link', { name: 'Current status', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/port/status/${second.portCd}$`));
  const status = await serverApi.get<PortStatus>(`${API}/port/status?portCd=${second.portCd}`);
  await expect(pages.currentStatus).toContainText(status.current?.stsNm ?? 'no status');
  await expect(pages.recentChanges.getByRole('listitem')).toHaveCount(status.history.length);
  await pages.expectAged();

  // A port closed or restricted for a reason: status, from when and why (N009 fields), and its changes.
  await page.goto('/port/status/NLRTM');
  const rtm = await serverApi.get<PortStatus>(`${API}/port/status?portCd=NLRTM`);
  if (!rtm.current) throw new Error('NLRTM has no status');
  await expect(pages.currentStatus).toContainText(rtm.current.stsNm);
  await expect(pages.currentStatus).toContainText(rtm.current.stsReasNm);
  await expect(pages.currentStatus).toContainText(formatTimeDate(rtm.current.stsFrmDt).slice(0, 5));
  await expect(pages.recentChanges.getByRole('listitem')).toHaveCount(rtm.history.length);
  await pages.expectFitsAndTouchable();
  await pages.screenshot('status-restricted');

  // At sea: every page opened before shows its data and its age, with no link.
  await appPage.waitForServiceWorkerControl();
  await context.setOffline(true);
  await page.goto(`/port/live/${first.portCd}`);
  await expectCalls(pages, home);
  await pages.expectAged();
  await pages.screenshot('live-offline');
  await page.goto(`/port/status/${second.portCd}`);
  await expect(pages.currentStatus).toContainText(status.current?.stsNm ?? 'no status');
  await pages.expectAged();
  await page.goto('/port/status/NLRTM');
  await expect(pages.currentStatus).toContainText(rtm.current.stsReasNm);
  await context.setOffline(false);
});

test('Port Live: a ship arrived but not berthed is under At anchor, apart from Alongside, under the port status; offline too', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'staff');
  await appPage.expectShell('My Vessel');
  const fleet = (await serverApi.get<FleetResponse>(`${API}/vessel/info/fleet`)).vessels;
  const anchored = fleet.find((v) => v.navSts === 'AT_ANCHOR' && v.nextAta && v.nextPortCd);
  if (!anchored?.nextPortCd) throw new Error('no vessel of the demo world waits at anchor');
  const live = await portLive(serverApi, anchored.nextPortCd);
  const waiting = live.alongside.find((c) => c.vslCd === anchored.vslCd);
  expect(waiting?.ata, 'the anchored vessel has arrived').toBeTruthy();
  expect(waiting?.atb, 'and not berthed').toBeNull();
  const pages = new PortsPages(page);

  const check = async () => {
    // The port's status first, the filters, then the sections in the order a call runs.
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText([
      /^Port status/,
      'Filters',
      /^Expected \d+$/,
      /^At anchor \d+$/,
      /^Alongside \d+$/,
      /^Departed \d+$/,
    ]);
    await expectCalls(pages, live);
    await expect(
      pages.section('At anchor').getByRole('listitem').filter({ hasText: anchored.vslNm }),
    ).toHaveCount(1);
    await expect(pages.section('Alongside').getByText(anchored.vslNm)).toHaveCount(0);
    if (live.status) {
      await expect(pages.portNow).toContainText(live.status.stsNm);
      await expect(pages.portNow).toContainText(live.status.stsReasNm);
      await expect(pages.portNow).toContainText(formatTimeDate(live.status.stsFrmDt).slice(0, 5));
    } else await expect(pages.portNow).toContainText('This port has no status.');
    await pages.expectAged();
  };
  await page.goto(`/port/live/${anchored.nextPortCd}`);
  await check();
  await pages.expectFitsAndTouchable();
  await pages.screenshot('live-at-anchor');

  await appPage.waitForServiceWorkerControl();
  await context.setOffline(true);
  await page.reload();
  await check();
  await context.setOffline(false);
});

test('operator: My Vessel lists the followed vessels; one removed and one added at sea reach the server once', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'operator');
  await appPage.expectShell('My Vessel');
  const pages = new PortsPages(page);
  const original = (await serverApi.mySetting()).vslCds;
  const fleet = (await serverApi.get<FleetResponse>(`${API}/vessel/info/fleet`)).vessels;
  const nameOf = (vslCd: string) => fleet.find((v) => v.vslCd === vslCd)?.vslNm ?? vslCd;
  const named = (vslCd: string) => new RegExp(nameOf(vslCd).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  expect(original.length).toBeGreaterThan(2);
  try {
    await expect(pages.followed.getByRole('listitem')).toHaveCount(original.length);
    // In the order the user chose, each with its service, next port and the delay against the proforma ETA.
    await expect(pages.followed.getByRole('listitem')).toHaveText(original.map(named));
    for (const vslCd of original) {
      const v = fleet.find((x) => x.vslCd === vslCd);
      if (!v) throw new Error(`${vslCd} is not in the fleet`);
      const item = pages.followedVessel(v.vslNm);
      await expect(item).toContainText(vslCd);
      await expect(item.getByRole('link', { name: `${v.laneNm} (${v.laneCd})` })).toBeVisible();
      if (v.nextPortCd && v.nextPortNm)
        await expect(item.getByRole('link', { name: `${v.nextPortNm} (${v.nextPortCd})` })).toBeVisible();
      const delay = formatDelayHours(v.nextDelayHrs);
      if (delay !== '-') await expect(item).toContainText(delay);
    }
    await expect(page.getByRole('img', { name: /^Map of the \d+ vessels you follow/ })).toBeVisible();
    await pages.expectAged();
    await pages.expectFitsAndTouchable();
    await pages.screenshot('myvessel');

    const removed = nameOf(original[1] as string);
    const added = fleet.find((v) => !original.includes(v.vslCd) && v.vslNm.startsWith('NORDIC'));
    if (!added) throw new Error('no NORDIC vessel to add');
    const puts = async () =>
      (await serverApi.audit('operator')).filter((r) => r.path === MY_SETTING_API).length;
    const putsBefore = await puts();

    await appPage.waitForServiceWorkerControl();
    await context.setOffline(true);
    await pages.removeVessel(removed, () => pages.screenshot('myvessel-remove-confirm'));
    await expect(pages.followedVessel(removed)).toHaveCount(0);
    await expect(pages.followed.getByText(`Removed: ${removed}`)).toBeVisible();
    await pages.addVesselNamed('nordic', added.vslNm, async () => {
      await pages.vesselSearch.scrollIntoViewIfNeeded();
      await pages.screenshot('myvessel-add');
    });
    await expect(pages.followedVessel(added.vslNm).getByText('Waiting to send')).toBeVisible();
    await expect(pages.followed.getByRole('listitem')).toHaveCount(original.length);
    await pages.screenshot('myvessel-waiting');

    // The change survives a reload at sea and has not reached the server.
    await page.reload();
    await expect(pages.followedVessel(added.vslNm).getByText('Waiting to send')).toBeVisible();
    await expect(pages.followedVessel(removed)).toHaveCount(0);
    await pages.expectAged();
    expect((await serverApi.mySetting()).vslCds).toEqual(original);

    await context.setOffline(false);
    await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 30_000 });
    // The list keeps the user's order: the removed vessel is gone and the added one is last.
    const expected = [...original.filter((c) => nameOf(c) !== removed), added.vslCd];
    expect((await serverApi.mySetting()).vslCds).toEqual(expected);
    await expect(pages.followed.getByRole('listitem')).toHaveText(expected.map(named));
    expect(await puts()).toBe(putsBefore + 1);
    await expect(pages.followedVessel(added.vslNm)).toBeVisible();
    await pages.screenshot('myvessel-saved');
  } finally {
    await serverApi.putMyVessels(original);
  }
});

test('vessel2: its service shows the rotation in order and the vessels with their next call, offline too', async ({
  page,
  context,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'vessel2');
  await appPage.expectShell('Voyage');
  const own = await serverApi.get<VesselCurrent>(`${API}/vessel/current?vslCd=AHDS`);
  const lane = own.vslSlanCd || own.laneCd;
  const svc = await serverApi.get<ServiceRotation>(`${API}/service/rotation?laneCd=${lane}`);
  const pages = new PortsPages(page);

  // /service with no code is the vessel's own service.
  await page.goto('/service');
  await expect(page.getByRole('heading', { name: `${svc.laneNm} ${svc.laneCd}` })).toBeVisible();
  await page.goto(`/service/${lane}`);
  const stops = pages.rotation.getByRole('listitem');
  await expect(stops).toHaveCount(svc.rotation.length);
  for (const [i, p] of svc.rotation.entries())
    await expect(stops.nth(i)).toContainText(`${p.portNm} ${p.portCd}`);
  const boats = pages.serviceVessels.getByRole('listitem');
  await expect(boats).toHaveCount(svc.vessels.length);
  for (const [i, v] of svc.vessels.entries()) {
    await expect(boats.nth(i)).toContainText(v.vslNm);
    if (v.nextCall) await expect(boats.nth(i)).toContainText(v.nextCall.portNm);
    // product.md#who-may-do-what: a vessel user opens only its own vessel; the others are named, not linked.
    await expect(boats.nth(i).getByRole('link', { name: new RegExp(v.vslNm) })).toHaveCount(
      v.vslCd === own.vslCd ? 1 : 0,
    );
  }
  await pages.expectAged();
  await pages.expectFitsAndTouchable();
  await pages.screenshot('service-vessel2');

  await appPage.waitForServiceWorkerControl();
  await context.setOffline(true);
  await page.reload();
  await expect(stops).toHaveCount(svc.rotation.length);
  await expect(boats).toHaveCount(svc.vessels.length);
  await pages.expectAged();
  await context.setOffline(false);
});

test('a port or service code the server does not know reads as plain words, not the server’s', async ({
  page,
}) => {
  await signOn(page, 'staff');
  await page.goto('/port/live/XX1');
  await expect(page.getByRole('heading', { name: 'Port XX1 not found' })).toBeVisible();
  await expect(page.getByText('There is no port XX1 in Quay.')).toBeVisible();
  await expect(page.getByText(/must match pattern|querystring/)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/port-live-unknown.png` });
  await page.goto('/service/ZZZ');
  await expect(page.getByText('There is no service ZZZ.').first()).toBeVisible();
  await expect(page.getByText(/was not found|laneCd/)).toHaveCount(0);
});
