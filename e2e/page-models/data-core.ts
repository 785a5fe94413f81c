// Page model of what the data core shows: the sync status and the notification settings with their queued changes.
import { expect, type Locator, type Page } from '@playwright/test';

export class DataCorePage {
  /** role "status" named "Sync status": Offline, syncing, N changes waiting. */
  readonly syncStatus: Locator;
  /** The notification drawer in settings mode: one switch per notification type, named by its notNm. */
  readonly settings: Locator;

  constructor(readonly page: Page) {
    this.syncStatus = page.getByRole('status', { name: 'Sync status' });
    this.settings = page.getByRole('dialog', { name: 'Notification Setting' });
  }

  /** Opens the notification drawer from the app bar and switches it to settings mode. */
  async openSettings(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'App bar' })
      .getByRole('button', { name: 'Notification' })
      .click();
    await this.page
      .getByRole('dialog', { name: 'Notification' })
      .getByRole('button', { name: 'Notification settings' })
      .click();
    await expect(this.settings).toBeVisible();
  }

  settingSwitch(notNm: string): Locator {
    return this.settings.getByRole('switch', { name: notNm, exact: true });
  }

  /** The setting's row: the list item that holds its switch (and "Waiting to send" while its change is queued). */
  settingRow(notNm: string): Locator {
    // `has` is matched inside each list item, so it names the switch from there, not from the page.
    const own = this.page.getByRole('switch', { name: notNm, exact: true });
    return this.settings.getByRole('listitem').filter({ has: own });
  }

  waitingToSend(notNm: string): Locator {
    return this.settingRow(notNm).getByText('Waiting to send');
  }
}

/** Counts the sync worker's API calls per path (GETs and the pull's POST), for ONE page (tab). */
export class ApiCallCounter {
  private readonly counts = new Map<string, number>();

  /**
   * Playwright attaches to a page's dedicated workers with the page's own network manager (the worker's requests are
   * reported by page.on('request') with request.frame() = the frame that started the worker), so a page's listener
   * sees exactly its own worker's calls; another tab's worker shows up on the other page only.
   */
  constructor(page: Page) {
    page.on('request', (request) => {
      if (request.method() !== 'GET' && !request.url().includes(SYNC_PULL_PATH)) return;
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/api/v2/app/')) return;
      this.counts.set(pathname, (this.counts.get(pathname) ?? 0) + 1);
    });
  }

  count(path: string): number {
    return this.counts.get(path) ?? 0;
  }

  /** Calls per dataset path in `paths`, e.g. for expect(...).toEqual. */
  of(paths: readonly string[]): Record<string, number> {
    return Object.fromEntries(paths.map((p) => [p, this.count(p)]));
  }
}

/** What every sync pass of the leader asks for: the pull by cursor (POST). */
export const SYNC_PULL_PATH = '/api/v2/app/sync/pull';

/** The dataset calls only the leader tab's worker makes (logged-user is also asked by every tab's start). */
export const LEADER_DATASET_PATHS = [SYNC_PULL_PATH, '/api/v2/app/common/programs'] as const;
