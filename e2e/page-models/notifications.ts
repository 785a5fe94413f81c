// Page model of the notification drawer (product.md#screens-and-routes) as a person finds it: the app bar's Notification button, the
// dialog named "Notification" with its list, an item's head button, its detail, and the settings mode.
import { expect, type Locator, type Page } from '@playwright/test';

export class NotificationsPage {
  readonly button: Locator;
  readonly drawer: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly settingsDrawer: Locator;

  constructor(readonly page: Page) {
    this.button = page
      .getByRole('navigation', { name: 'App bar' })
      .getByRole('button', { name: 'Notification' });
    this.drawer = page.getByRole('dialog', { name: 'Notification', exact: true });
    this.list = this.drawer.getByRole('list', { name: 'Notifications' });
    this.items = this.list.getByRole('listitem');
    this.settingsDrawer = page.getByRole('dialog', { name: 'Notification Setting' });
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.drawer).toBeVisible();
  }

  /** The accordion button of the item at this position (newest first). */
  head(index: number): Locator {
    return this.items.nth(index).getByRole('button').first();
  }

  unreadDot(index: number): Locator {
    return this.items.nth(index).getByRole('img', { name: 'Unread' });
  }

  /** The opened item's detail region (named by the notification's name). */
  detail(index: number): Locator {
    return this.items.nth(index).getByRole('region');
  }

  async openSettings(): Promise<void> {
    await this.drawer.getByRole('button', { name: 'Notification settings' }).click();
    await expect(this.settingsDrawer).toBeVisible();
  }
}
