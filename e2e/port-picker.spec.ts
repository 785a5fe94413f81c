// The port picker of Port Live and Current Status: operators and viewers (types 5 and 6), whose search finds vessels
// only, reach a port from the side menu through the list of ports their device knows, online and at sea; and a vessel
// user's menu links open the port its vessel is at or heading to.
import type { PortLive, PortStatus } from '../src/core/contract/port.ts';
import type { VesselCurrent } from '../src/core/contract/vessel.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { PortsPages } from './page-models/ports.ts';
import { SearchPage } from './page-models/search.ts';
import { signOn } from './page-models/sign-on.ts';

const API = '/api/v2/app';

for (const usrId of ['operator', 'viewer']) {
  test(`${usrId}: the menu's Port Live and Current Status lead to a port through the picker, online and offline`, async ({
    page,
    context,
    appPage,
    serverApi,
  }) => {
    await signOn(page, usrId);
    await appPage.expectShell('My Vessel');
    const pages = new PortsPages(page);
    const rtm = await serverApi.get<PortLive>(`${API}/port/live?portCd=NLRTM`);
    if (!rtm.status) throw new Error('NLRTM has no status');

    // Port Live from the side menu: no port yet, so the page offers the ports this device knows.
    const menu = await appPage.openMenu();
    await menu.getByRole('navigation', { name: 'Programs' }).getByRole('link', { name: 'Port Live' }).click();
    await expect(page).toHaveURL(/\/port\/live$/);
    await expect(page.getByRole('heading', { name: 'Choose a port' })).toBeVisible();
    await expect(pages.pickedPorts.getByRole('link')).toHaveCount(20);
    await page.screenshot({ path: `${SCREENSHOTS}/ports-picker-${usrId}.png` });
    await pages.portField.fill('rott');
    await expect(pages.pickedPorts.getByRole('link')).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOTS}/ports-picker-typed-${usrId}.png` });
    await pages.pickedPort('Rotterdam', 'NLRTM').click();
    await expect(page).toHaveURL(/\/port\/live\/NLRTM$/);
    await expect(pages.portTitle).toHaveText('Rotterdam (NLRTM)');
    await expect(pages.portNow).toContainText(`${rtm.status.stsNm}`);
    await expect(pages.portNow).toContainText(rtm.status.stsReasNm);
    await expect(pages.section('Expected')).toBeVisible();
    await pages.expectAged();
    await pages.expectFitsAndTouchable();
    await pages.screenshot(`live-restricted-${usrId}`);

    // Current Status, then another port from its picker: typed, and Enter opens the best match.
    await page.getByRole('link', { name: 'Current status', exact: true }).click();
    await expect(page).toHaveURL(/\/port\/status\/NLRTM$/);
    await pages.anotherPort.click();
    await expect(pages.anotherPort).toHaveAttribute('aria-expanded', 'true');
    await expect(pages.portField).toBeFocused();
    await pages.portField.fill('singapore');
    await expect(pages.pickedPorts.getByRole('link')).toHaveText(['Singapore SGSIN']);
    await page.screenshot({ path: `${SCREENSHOTS}/ports-status-picker-${usrId}.png` });
    await pages.portField.press('Enter');
    await expect(page).toHaveURL(/\/port\/status\/SGSIN$/);
    const sin = await serverApi.get<PortStatus>(`${API}/port/status?portCd=SGSIN`);
    await expect(pages.currentStatus).toContainText(sin.current?.stsNm ?? 'This port has no status.');
    await expect(pages.anotherPort).toHaveAttribute('aria-expanded', 'false');

    // At sea: the same pages with no port in the address offer the device's ports, and open what it kept.
    await appPage.waitForServiceWorkerControl();
    await context.setOffline(true);
    for (const [path, typed] of [
      ['/port/live', 'nlrtm'],
      ['/port/status', 'SIN'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Choose a port' })).toBeVisible();
      await pages.portField.fill(typed);
      await pages.pickedPorts.getByRole('link').first().click();
    }
    await expect(page).toHaveURL(/\/port\/status\/SGSIN$/);
    await expect(pages.currentStatus).toContainText(sin.current?.stsNm ?? 'This port has no status.');
    await pages.expectAged();
    await page.goto('/port/live');
    await pages.portField.fill('rotterdam');
    await pages.pickedPort('Rotterdam', 'NLRTM').click();
    await expect(pages.portNow).toContainText(rtm.status.stsReasNm);
    await expect(pages.section('At anchor')).toBeVisible();
    await pages.expectAged();
    // Their search, answered by the device at sea, still finds vessels only: the ports are for the picker.
    const search = new SearchPage(page, 'Vessel Search');
    await search.open();
    await search.input.fill('rotterdam');
    // Told so (product.md#search-drawer), with the way to the ports.
    await expect(search.drawer.getByText('No vessel matches.')).toBeVisible();
    await expect(search.drawer.getByRole('link', { name: 'Port Live' })).toBeVisible();
    await expect(search.drawer.getByRole('option')).toHaveCount(0);
    await context.setOffline(false);
  });
}

test("vessel: the menu's Port Live and Current Status open the port its vessel is at or heading to", async ({
  page,
  appPage,
  serverApi,
}) => {
  await signOn(page, 'vessel');
  await appPage.expectShell('Voyage');
  const own = await serverApi.get<VesselCurrent>(`${API}/vessel/current?vslCd=QHZN`);
  const next = own.nextPort?.portCd;
  if (!next) throw new Error('QHZN has no next port');
  const programs = (await appPage.openMenu()).getByRole('navigation', { name: 'Programs' });
  await expect(programs.getByRole('link', { name: 'Port Live' })).toHaveAttribute(
    'href',
    `/port/live/${next}`,
  );
  await expect(programs.getByRole('link', { name: 'Current Status' })).toHaveAttribute(
    'href',
    `/port/status/${next}`,
  );
  await programs.getByRole('link', { name: 'Port Live' }).click();
  await expect(new PortsPages(page).portTitle).toContainText(`(${next})`);
  // With no port in the address, the page opens the vessel's port too.
  await page.goto('/port/status');
  await expect(new PortsPages(page).portTitle).toContainText(`(${next})`);
});
