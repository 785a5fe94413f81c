// The e2e `test`: the base URL of the server global-setup started, and the page models.
import { test as base } from '@playwright/test';
import { AppPage } from './pages/app.ts';
import { SignOnPage } from './pages/sign-on.ts';

export { expect } from '@playwright/test';

export const test = base.extend<{ signOnPage: SignOnPage; appPage: AppPage }>({
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
