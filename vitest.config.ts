import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most suites wait on PostgreSQL, SQLite files and sockets, not the CPU: three files at a
    // time on two cores take 4.7 minutes where Vitest's default of one took 7.5.
    maxWorkers: 3,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'media', root: 'packages/media', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
