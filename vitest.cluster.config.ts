import { defineConfig } from 'vitest/config';

/**
 * The cluster suite (apps/server/test/cluster): compiled server processes on one PostgreSQL
 * behind nginx. Its own step of `npm test`, after the build; it skips, saying why, when
 * PostgreSQL, nginx or the build is missing.
 */
export default defineConfig({
  test: {
    root: 'apps/server',
    include: ['test/cluster/**/*.cluster.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
