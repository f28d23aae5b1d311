import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'pantalla-e2e-'));
// The workers read the same directory (the sandbox's keys derive from its auth-secret: e2e/fixtures/sandbox.ts).
process.env.E2E_DATA_DIR = dataDir;

/** The specs that open stream sessions for basico@. */
const PLAYBACK =
  /(player|playback-services|playback-rights|csp|purchase|segment-rights|operator-now|qoe-alert|recordings-play|recordings-rules)\.spec\.ts$/;

/** Debian's Chromium, headless, with the flags this machine needs. */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // One retry: CI's busy 2-core VM stretches a few waits past their bounds; a real failure fails twice.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    headless: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [/password-recovery\.spec\.ts$/, /ingest\.spec\.ts$/, /remote-images\.spec\.ts$/, PLAYBACK],
    },
    // Both play as basico@ and reset its two device slots before each test: one file at a
    // time, or one file's reset closes the other's session mid-play.
    { name: 'playback', testMatch: PLAYBACK, workers: 1 },
    // Adds a channel whose streams live only while the spec runs: after every spec that zaps or lists channels.
    // remote-images adds two channels too (their logos on http:).
    { name: 'ingest', testMatch: /(ingest|remote-images)\.spec\.ts$/, dependencies: ['chromium', 'playback'] },
    // Changes basico@'s password (and restores it), so it runs after everything else.
    { name: 'account-recovery', testMatch: /password-recovery\.spec\.ts$/, dependencies: ['ingest'] },
  ],
  webServer: {
    command: 'node --import tsx ../apps/server/src/server.ts',
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // Specs fill the registration form faster than a person and all come from one address.
      REGISTRATION_MIN_FILL_MS: '0',
      REGISTRATION_ADDRESS_LIMIT: '1000',
      // The ingest spec serves its guide and list on 127.0.0.1, allowed as an operator allows a host of their own.
      INGEST_ALLOWED_HOSTS: '127.0.0.1',
      // The remote-images spec serves its logos on 127.0.0.1 too.
      IMAGE_ALLOWED_HOSTS: '127.0.0.1',
      // Connection diagnostics: this origin and two servers the diagnostics spec plays (one slow, one refusing).
      DIAG_SERVERS: JSON.stringify([
        { name: 'Pantalla', baseUrl: `http://localhost:${port}/media/speed` },
        { name: 'Pruebas', baseUrl: 'http://lento.diag.test/media/speed' },
        { name: 'Pruebas', baseUrl: 'http://caido.diag.test/media/speed' },
      ]),
    },
  },
});
