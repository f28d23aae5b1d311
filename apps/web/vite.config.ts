/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.PANTALLA_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/dev': apiTarget },
  },
  build: {
    target: 'es2022',
    // No source maps in the build: production serves none (vite dev keeps its own for debugging).
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The libraries the entry loads, in one chunk: left to automatic splitting, each lazy route
        // sharing a piece of them cut them into small chunks, each compressed alone (+3 KB gzip).
        codeSplitting: { groups: [{ name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }] },
        // Under the CSP (no 'unsafe-eval') zod must never try `new Function` for its fast path:
        // the attempt alone reports a violation. Its global config is read when zod loads, so
        // the chunk holding zod sets it first, before any module (a stored session) parses.
        banner: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/zod/'))
            ? 'globalThis.__zod_globalConfig ??= { jitless: true };'
            : '',
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // CI is a busy 2-core machine: room for findBy's 10 s ceiling (src/test/setup.ts).
    testTimeout: 20_000,
  },
});
