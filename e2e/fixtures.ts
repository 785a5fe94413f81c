// The e2e `test`: the base URL of the server global-setup started, and the page models.
import { expect, test as base, type Page } from '@playwright/test';
import { AppPage } from './page-models/app.ts';
import { DataCorePage } from './page-models/data-core.ts';
import { SignOnPage } from './page-models/sign-on.ts';
import { ServerApi } from './server-api.ts';

export { expect } from '@playwright/test';

/** Collects uncaught errors and anything the Content-Security-Policy refused; read the array after the test. */
export function watchHealth(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(msg.text())) {
      problems.push(`CSP: ${msg.text()}`);
    }
  });
  return problems;
}

export const test = base.extend<{
  signOnPage: SignOnPage;
  appPage: AppPage;
  dataCore: DataCorePage;
  serverApi: ServerApi;
  healthyPage: void;
}>({
  // Every test fails on an uncaught error in the page or anything the Content-Security-Policy refused.
  healthyPage: [
    async ({ page }, use) => {
      const problems = watchHealth(page);
      await use();
      expect(problems, 'the page had errors').toEqual([]);
    },
    { auto: true },
  ],
  baseURL: async ({}, use) => {
    const url = process.env.QUAY_E2E_URL;
    if (!url)
      throw new Error('QUAY_E2E_URL is not set: run the specs through playwright.config.ts (global setup).');
    await use(url);
  },
  signOnPage: async ({ page }, use) => use(new SignOnPage(page)),
  appPage: async ({ page }, use) => use(new AppPage(page)),
  dataCore: async ({ page }, use) => use(new DataCorePage(page)),
  // The server from Node with the context's cookies (signed on once the page signed on).
  serverApi: async ({ context }, use) => use(new ServerApi(context.request)),
});

export const SCREENSHOTS = 'e2e/screenshots';
