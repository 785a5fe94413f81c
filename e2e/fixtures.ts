// The e2e `test`: the base URL of the server global-setup started, and the page models.
import { expect, test as base } from '@playwright/test';
import { AppPage } from './pages/app.ts';
import { SignOnPage } from './pages/sign-on.ts';

export { expect } from '@playwright/test';

export const test = base.extend<{ signOnPage: SignOnPage; appPage: AppPage; healthyPage: void }>({
  // Every test fails on an uncaught error in the page or anything the Content-Security-Policy refused.
  healthyPage: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(msg.text())) {
          problems.push(`CSP: ${msg.text()}`);
        }
      });
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
});

export const SCREENSHOTS = 'e2e/screenshots';
