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
          // One module graph per worker, not per file: importing the server anew for each of its 150
          // files cost 474 s of worker time (31 s shared). Safe because no server test mocks modules
          // or globals; each builds its own app, database and clock (test/context.ts).
          isolate: false,
          hookTimeout: 60000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
