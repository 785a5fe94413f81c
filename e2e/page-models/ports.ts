// Page model of the port, service and My Vessel pages as a person finds them: the port switcher ("Your ports"), the
// port picker, the port's status on top of Port Live and the sections Expected, At anchor, Alongside and Departed,
// the status page, the rotation and vessels of a service, the followed
// vessels with their remove buttons and the add search, and the data age every page shows.
import { expect, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS } from '../fixtures.ts';

export class PortsPages {
  readonly dataAge: Locator;
  readonly yourPorts: Locator;
  readonly portTitle: Locator;
  readonly currentStatus: Locator;
  readonly recentChanges: Locator;
  readonly rotation: Locator;
  readonly serviceVessels: Locator;
  readonly followed: Locator;
  readonly addVessel: Locator;
  readonly vesselSearch: Locator;
  readonly portNow: Locator;
  readonly portPicker: Locator;
  readonly portField: Locator;
  readonly pickedPorts: Locator;
  readonly anotherPort: Locator;

  constructor(readonly page: Page) {
    this.dataAge = page.getByRole('status', { name: 'Data age' });
    this.yourPorts = page.getByRole('navigation', { name: 'Your ports' });
    this.portTitle = page.getByRole('heading', { level: 2 }).first();
    this.currentStatus = page.getByRole('region', { name: 'Current status' });
    this.recentChanges = page.getByRole('region', { name: 'Recent changes' });
    this.rotation = page.getByRole('region', { name: /^Port rotation/ });
    this.serviceVessels = page.getByRole('region', { name: /^Vessels \d/ });
    this.followed = page.getByRole('region', { name: /^Vessels you follow/ });
    this.addVessel = page.getByRole('button', { name: 'Add a vessel' });
    this.vesselSearch = page.getByLabel('Vessel name or code');
    this.portNow = page.getByRole('region', { name: /^Port status/ });
    this.portPicker = page.getByRole('search', { name: 'Find a port' });
    this.portField = this.portPicker.getByRole('searchbox', { name: 'Port name or code' });
    this.pickedPorts = this.portPicker.getByRole('list', { name: 'Ports' });
    this.anotherPort = page.getByRole('button', { name: 'Another port' });
  }

  /** A port of the picker's list, by its name and code ("Rotterdam NLRTM"). */
  pickedPort(portNm: string, portCd: string): Locator {
    return this.pickedPorts.getByRole('link', { name: `${portNm} ${portCd}`, exact: true });
  }

  /** Expected, At anchor, Alongside or Departed on the live port page. */
  section(title: 'Expected' | 'At anchor' | 'Alongside' | 'Departed'): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${title} \\d+$`) });
  }

  portChip(portCd: string): Locator {
    return this.yourPorts.getByRole('link', { name: portCd, exact: true });
  }

  /** The followed vessel's list item, found by its name. */
  followedVessel(vslNm: string): Locator {
    return this.followed.getByRole('listitem').filter({ hasText: vslNm });
  }

  /** Shows the page's data and says how old it is ("As of 09:41 UTC …"). */
  async expectAged(): Promise<void> {
    await expect(this.dataAge).toContainText(/^As of \d{2}:\d{2} \d{2}-[A-Z][a-z]{2} UTC/);
  }

  /** Remove {name}, confirmed in the dialog that asks (`whileAsked` runs while it asks, e.g. a screenshot). */
  async removeVessel(vslNm: string, whileAsked?: () => Promise<void>): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${vslNm}`, exact: true }).click();
    const confirm = this.page.getByRole('alertdialog', { name: `Remove ${vslNm}?` });
    await expect(confirm).toBeVisible();
    await whileAsked?.();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toHaveCount(0);
  }

  /** Finds a vessel by what the user types and adds it (`whileFound` runs once it is found). */
  async addVesselNamed(typed: string, vslNm: string, whileFound?: () => Promise<void>): Promise<void> {
    await this.addVessel.click();
    await this.vesselSearch.fill(typed);
    const pick = this.page.getByRole('button', { name: new RegExp(`^Add ${vslNm}\\b`) });
    await expect(pick).toBeVisible();
    await whileFound?.();
    await pick.click();
  }

  /** Nothing wider than the screen, and every button and link of the page's content at least 44 px high. */
  async expectFitsAndTouchable(): Promise<void> {
    const width = await this.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(this.page.viewportSize()?.width ?? 390);
    const small = await this.page.evaluate(() =>
      [...document.querySelectorAll('main .card a, main .card button, main .chips a')]
        .filter((el) => !el.closest('p, dd')) // links inside running text are exempt (WCAG 2.5.8 inline)
        // A map's group label is a label over the map, sized as the others are so that they stay apart; a tap within
        // 24 px of any of its vessels opens the same list (WCAG 2.5.8's equivalent). Every group now has one.
        .filter((el) => !el.classList.contains('world-map__group'))
        .map((el) => ({ text: el.textContent?.trim() ?? '', h: el.getBoundingClientRect().height }))
        .filter((x) => x.h < 44),
    );
    expect(small).toEqual([]);
  }

  /** ports-{name}.png as the phone shows it (390x844), and ports-{name}-full.png with the whole page. */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `${SCREENSHOTS}/ports-${name}.png` });
    await this.page.screenshot({ path: `${SCREENSHOTS}/ports-${name}-full.png`, fullPage: true });
  }
}
