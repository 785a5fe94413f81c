// Playwright: e2e/ specs in Debian's Chromium at a phone viewport, against the real server started by e2e/global-setup.ts.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium.ts';

const executablePath = chromiumPath();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  reporter: 'list',
  workers: 2,
  retries: 0,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: false,
    locale: 'en-GB',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
  },
});
