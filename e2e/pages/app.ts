// Page model of the app's first screen: the header, the loading and error states, and the signed-on card.
import { expect, type Locator, type Page } from '@playwright/test';

export class AppPage {
  readonly header: Locator;
  readonly title: Locator;
  readonly spinner: Locator;
  readonly signOut: Locator;
  readonly tryAgain: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.title = this.header.getByRole('heading', { name: /^Quay\b/ });
    this.spinner = page.getByRole('progressbar', { name: 'Loading' });
    this.signOut = page.getByRole('button', { name: 'Sign out' });
    this.tryAgain = page.getByRole('button', { name: 'Try again' });
  }

  signedOnAs(name: string): Locator {
    return this.page.getByRole('heading', { name: `Signed on as ${name}` });
  }

  async expectSignedOnAs(name: string): Promise<void> {
    await expect(this.signedOnAs(name)).toBeVisible();
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

  /** The token the window mirrors to localStorage (SPEC §7). */
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
