// Page model of the app's shell as a person finds it: the header (banner) with its title, back and menu buttons,
// the bottom app bar (navigation "App bar"), the side menu, the loading and error states.
import { expect, type Locator, type Page } from '@playwright/test';

export class AppPage {
  readonly header: Locator;
  readonly title: Locator;
  readonly back: Locator;
  readonly menuButton: Locator;
  readonly appBar: Locator;
  readonly menu: Locator;
  readonly spinner: Locator;
  readonly tryAgain: Locator;
  readonly testBadge: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.title = this.header.getByRole('heading', { level: 1 });
    this.back = this.header.getByRole('button', { name: 'Back' });
    this.menuButton = this.header.getByRole('button', { name: 'Menu' });
    this.testBadge = this.title.getByText('TEST', { exact: true });
    this.appBar = page.getByRole('navigation', { name: 'App bar' });
    this.menu = page.getByRole('dialog', { name: 'Menu' });
    this.spinner = page.getByRole('progressbar', { name: 'Loading' });
    this.tryAgain = page.getByRole('button', { name: 'Try again' });
  }

  /** An item of the bottom app bar, by its visible label. */
  appBarItem(label: string): Locator {
    return this.appBar.getByRole(label === 'Notification' || label === 'Search' ? 'button' : 'link', {
      name: label,
      exact: true,
    });
  }

  /** The shell is on screen: header with the page title and the app bar. */
  async expectShell(title?: string): Promise<void> {
    await expect(this.appBar).toBeVisible();
    if (title) await expect(this.title).toHaveText(new RegExp(`^${title}`));
  }

  async openMenu(): Promise<Locator> {
    await this.menuButton.click();
    await expect(this.menu).toBeVisible();
    return this.menu;
  }

  async closeDialog(): Promise<void> {
    await this.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(this.page.getByRole('dialog')).toHaveCount(0);
  }

  /** The signed-on shell, and the side menu names the user. */
  async expectSignedOnAs(name: string): Promise<void> {
    await this.expectShell();
    const menu = await this.openMenu();
    await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await this.closeDialog();
  }

  /** Logout from the side menu (product.md#the-calls), confirmed in the dialog that asks. */
  async logout(): Promise<void> {
    const menu = await this.openMenu();
    await menu.getByRole('button', { name: 'Logout' }).click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Log out of Quay?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Logout' }).click();
  }

  /**
   * Waits until the service worker is active and controls this page. A page whose navigation started while the
   * worker was still installing stays uncontrolled (clients.claim() misses it), so it is reloaded once.
   */
  async waitForServiceWorkerControl(): Promise<void> {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await this.page.evaluate(() => navigator.serviceWorker.controller !== null)))
      await this.page.reload();
    await expect.poll(() => this.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  /** The token the window mirrors to localStorage (product.md#the-calls). */
  localToken(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('token'));
  }

  /** The token the worker keeps in IndexedDB: database `quay`, table `meta`, key 'token'. */
  idbToken(): Promise<string | null> {
    return this.page.evaluate(
      () =>
        new Promise<string | null>((resolve, reject) => {
          const open = indexedDB.open('quay');
          open.onerror = () => reject(open.error ?? new Error('cannot open the quay database'));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('meta')) {
              db.close();
              return resolve(null);
            }
            const get = db.transaction('meta').objectStore('meta').get('token');
            get.onerror = () => reject(get.error ?? new Error('cannot read meta'));
            get.onsuccess = () => {
              db.close();
              resolve((get.result as { value?: string } | undefined)?.value ?? null);
            };
          };
        }),
    );
  }
}
