// `npm run test:cluster`: the tests of several instances, against Debian's PostgreSQL, RabbitMQ and HAProxy started on
// loopback by server/cluster/services.ts. One file at a time: each starts real services, and the machine is small.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    testTimeout: 360_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
