// Unit tests next to the code (*.test.ts) and integration tests in tests/; e2e runs under Playwright instead,
// the tests of several instances (tests/cluster/) under vitest.cluster.config.ts.
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'worker/**/*.test.ts',
      'sw/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    // The cluster tests start Debian's PostgreSQL, RabbitMQ and HAProxy: `npm run test:cluster` (vitest.cluster.config.ts).
    exclude: [...configDefaults.exclude, 'tests/cluster/**'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
