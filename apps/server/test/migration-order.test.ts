import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueMigrations } from '../src/modules/catalogue/testing';
import { commerceMigrations } from '../src/modules/commerce/testing';
import { favouritesMigrations } from '../src/modules/favourites/testing';
import { identityMigrations } from '../src/modules/identity/testing';
import { ingestMigrations } from '../src/modules/ingest/testing';
import { originMigrations } from '../src/modules/origin/testing';
import { sandboxMigrations } from '../src/modules/payment-sandbox/testing';
import { playbackMigrations } from '../src/modules/playback/testing';
import { qoeMigrations } from '../src/modules/qoe/testing';
import { recordingsMigrations } from '../src/modules/recordings/testing';

/**
 * Migrations already applied on running databases, in the order they ran. Kysely refuses to
 * start a database whose applied migrations are not a prefix of the sorted list, so a new
 * migration must sort after the last of these; add its name here once it has landed.
 */
const LANDED = [
  '2026-11-22-0100-identity',
  '2026-11-22-0200-commerce',
  '2026-11-22-0200-identity-parental-grants',
  '2026-11-22-0300-catalogue',
  '2026-11-22-0500-playback',
  '2026-11-23-1900-fingerprint-style',
  '2026-11-24-0100-payment-sandbox',
  '2026-11-24-0200-purchases',
  '2026-11-24-1000-channel-alternates',
  '2026-11-24-1000-ingest-sources',
  '2026-12-01-0100-identity-registration',
  '2026-12-02-0100-playback-licence-cap',
  '2026-12-02-0200-stream-device',
  '2026-12-03-0100-events-ppv',
  '2026-12-04-0300-identity-sign-in-links',
  '2026-12-05-0100-origin-key-generations',
  '2026-12-06-0100-billing-lifecycle',
  '2026-12-06-0200-billing-history',
  '2026-12-06-0300-email-change',
  '2026-12-06-0400-account-language',
  '2026-12-06-0500-sandbox-lifecycle',
  '2026-12-07-0100-operators',
  '2026-12-07-0200-audit-log-append-only',
  '2026-12-07-0300-operator-channels',
  '2026-12-07-0400-source-fetches',
  '2026-12-07-0410-guide-mappings',
  '2026-12-07-0500-product-prices',
  '2026-12-07-0600-subscriber-search',
  '2026-12-07-0800-playback-open-by-content',
  '2026-12-07-0900-qoe',
  '2026-12-08-0100-qoe-speed-tests',
  '2026-12-08-0200-qoe-view-events',
  '2026-12-08-0210-qoe-rollups',
  '2026-12-09-0800-recordings',
  '2026-12-10-0600-profile-avatar-language',
  '2026-12-10-0800-favourites',
  '2026-12-10-0900-qoe-facets',
  '2026-12-10-0910-qoe-item-window',
  '2026-12-10-1000-sign-in-profiles',
  '2026-12-10-1100-events-end-unknown',
  '2026-12-10-1110-channel-list-attributes',
  '2026-12-10-1200-events-previously-shown',
  '2026-12-10-1300-guide-search-titles',
  '2026-12-11-0200-guide-filters',
  '2026-12-11-0300-bookmarks-per-profile',
  '2026-12-11-0600-source-guide-shift',
  '2026-12-12-0100-reminder-push',
  '2026-12-13-0400-recordings-per-profile',
];

const sets = [
  identityMigrations,
  commerceMigrations,
  catalogueMigrations,
  playbackMigrations,
  sandboxMigrations,
  ingestMigrations,
  originMigrations,
  qoeMigrations,
  recordingsMigrations,
  favouritesMigrations,
];

it('hold the migrations of every module that has some', () => {
  const modules = readdirSync(new URL('../src/modules/', import.meta.url), { withFileTypes: true }).filter(
    (entry) =>
      entry.isDirectory() &&
      readdirSync(new URL(`../src/modules/${entry.name}/`, import.meta.url)).includes('migrations'),
  );
  expect(sets).toHaveLength(modules.length);
});

describe.each(['sqlite', 'postgres'] as const)('migration names on %s', (dialect) => {
  const names = sets.flatMap((set) => Object.keys(set(dialect))).sort();

  it('keep every landed migration, so a database migrated before still starts', () => {
    expect(names).toEqual(expect.arrayContaining(LANDED));
  });

  it('name every new migration after the last landed one (an upgraded database refuses one sorted in between)', () => {
    const last = [...LANDED].sort().at(-1) ?? '';
    const late = names.filter((name) => !LANDED.includes(name) && name <= last);
    expect(late).toEqual([]);
  });
});
